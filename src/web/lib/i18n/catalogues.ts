import type { MessageFormatElement } from 'react-intl';
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '@shared/i18n/languages';

export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

// Every catalogue file, each its own chunk: only the active language's files are ever fetched (decision 081).
const files = import.meta.glob<Record<string, string>>('../../../shared/i18n/messages/*/*.json', { import: 'default' });
const byLanguage = new Map<string, (() => Promise<Record<string, string>>)[]>();
for (const [file, load] of Object.entries(files)) {
  const language = /messages\/([^/]+)\//.exec(file)![1]!;
  byLanguage.set(language, [...(byLanguage.get(language) ?? []), load]);
}

/** The languages heirloom ships: the folders of src/shared/i18n/messages (English first). */
export const shippedLanguages: readonly string[] = [SOURCE_LANGUAGE, ...[...byLanguage.keys()].filter((l) => l !== SOURCE_LANGUAGE).sort()];

export function isShipped(language: string): boolean {
  return shippedLanguages.includes(language) || language === PSEUDO_LANGUAGE;
}

async function catalogue(language: string): Promise<Record<string, string>> {
  const parts = await Promise.all((byLanguage.get(language) ?? []).map((load) => load()));
  return Object.assign({}, ...parts) as Record<string, string>;
}

/** A language's messages. English needs none (the code's default messages are English). */
export async function loadMessages(language: string): Promise<Messages> {
  if (language === SOURCE_LANGUAGE) return {};
  if (language === PSEUDO_LANGUAGE) {
    const [{ pseudoMessages }, english] = await Promise.all([import('@shared/i18n/pseudo'), catalogue(SOURCE_LANGUAGE)]);
    return pseudoMessages(english);
  }
  return catalogue(language);
}
