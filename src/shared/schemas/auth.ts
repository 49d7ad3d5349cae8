import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';

export const genderSchema = z.enum(['male', 'female', 'other']);

// spec §5: the password rules, each with its own message.
export const passwordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters')
  .regex(/[A-Z]/, 'Password must include at least one uppercase letter')
  .regex(/[0-9]/, 'Password must include at least one number')
  .regex(/[^A-Za-z0-9]/, 'Password must include at least one special character');

const shortText = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(MAX_SHORT_TEXT_LENGTH, `Must be at most ${MAX_SHORT_TEXT_LENGTH} characters`);

export const optionalShortText = z.string().trim().max(MAX_SHORT_TEXT_LENGTH, `Must be at most ${MAX_SHORT_TEXT_LENGTH} characters`).nullish();

/** A date of birth: a real calendar day between 1900-01-01 and today. */
export const birthDateSchema = z.iso
  .date({ error: 'Please enter a valid date' })
  .refine((d) => d >= '1900-01-01' && d <= new Date().toISOString().slice(0, 10), 'Please enter a valid date');

export const registerInputSchema = z
  .object({
    firstName: shortText('First name is required'),
    surname: shortText('Surname is required'),
    email: z.email({ error: 'Please enter a valid email address' }).max(254, 'Please enter a valid email address'),
    dateOfBirth: birthDateSchema,
    mobileNumber: optionalShortText,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    gender: genderSchema.optional(),
    cityOfBirth: optionalShortText,
    address: optionalShortText,
    profilePicture: optionalShortText,
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const loginInputSchema = z.object({
  email: z.email({ error: 'Invalid email address' }).max(254, 'Invalid email address'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Invalid email or password'),
});

export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  dateOfBirth: z.string(),
  mobileNumber: z.string().nullable(),
  isWaitlisted: z.boolean(),
  createdAt: z.string(),
  profilePicture: z.string().nullable(),
  cityOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  gender: genderSchema.nullable(),
});

export type Gender = z.infer<typeof genderSchema>;
export type RegisterInput = z.infer<typeof registerInputSchema>;
export type LoginInput = z.infer<typeof loginInputSchema>;
export type User = z.infer<typeof userSchema>;
