import type { MessageFormatElement } from 'react-intl';
import { CATALOGUES_META, cataloguePartFile } from '@shared/i18n/catalogue-parts';
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '@shared/i18n/languages';

export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * The languages heirloom ships: the folders of src/shared/i18n/messages (English first), listed by the build
 * (vite.config.ts) so that no catalogue comes with the code.
 */
export const shippedLanguages: readonly string[] = String(import.meta.env.VITE_LANGUAGES ?? SOURCE_LANGUAGE).split(',');

export function isShipped(language: string): boolean {
  return shippedLanguages.includes(language) || language === PSEUDO_LANGUAGE;
}

/**
 * A part of the app's words: `app` (the frame every page of the app shows), `landing`, a page's route module
 * (`app/routes/photos`), or a module a page fetches later with its words (withWords). The build cuts each part's
 * messages from the catalogues (decision 086).
 */
export type CataloguePart = string;

/** Where the build put the parts (`<meta name="heirloom-catalogues">`); a page without it speaks English. */
const partsFolder = () => document.querySelector<HTMLMetaElement>(`meta[name="${CATALOGUES_META}"]`)?.content ?? null;

async function fetchPart(folder: string, language: string, part: CataloguePart): Promise<Record<string, string>> {
  try {
    const res = await fetch(`${folder}${cataloguePartFile(language, part)}`);
    return res.ok ? ((await res.json()) as Record<string, string>) : {};
  } catch {
    return {}; // offline or gone: the page speaks English rather than not at all
  }
}

async function catalogue(language: string, parts: readonly CataloguePart[]): Promise<Record<string, string>> {
  // development, tests and the pages prerendered at build time: every file of the language, bundled by Vite
  if (!import.meta.env.PROD || import.meta.env.SSR) return (await import('./whole-catalogues')).catalogueOf(language);
  const folder = partsFolder();
  if (!folder) return {};
  const loaded = await Promise.all(parts.map((part) => fetchPart(folder, language, part)));
  return Object.assign({}, ...loaded) as Record<string, string>;
}

/** A language's messages for these parts of the app. English needs none (the code's default messages are English). */
export async function loadMessages(language: string, parts: readonly CataloguePart[]): Promise<Messages> {
  if (language === SOURCE_LANGUAGE) return {};
  if (language === PSEUDO_LANGUAGE) {
    const [{ pseudoMessages }, english] = await Promise.all([import('@shared/i18n/pseudo'), catalogue(SOURCE_LANGUAGE, parts)]);
    return pseudoMessages(english);
  }
  return catalogue(language, parts);
}
