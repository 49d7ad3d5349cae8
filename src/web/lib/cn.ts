import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './tailwind-merge-config';

/** Joins class names and lets a later Tailwind class override an earlier one of its kind (decision 089). */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}
