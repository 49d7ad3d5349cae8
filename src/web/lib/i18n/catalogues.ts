import type { MessageFormatElement } from 'react-intl';
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '@shared/i18n/languages';

export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

// Every catalogue file, each its own chunk: only the active language's files are ever fetched (decision 081).
const files = import.meta.glob<Record<string, string>>('../../../shared/i18n/messages/*/*.json', { import: 'default' });
const byLanguage = new Map<string, { area: string; load: () => Promise<Record<string, string>> }[]>();
for (const [file, load] of Object.entries(files)) {
  const [, language, area] = /messages\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  byLanguage.set(language!, [...(byLanguage.get(language!) ?? []), { area: area!, load }]);
}

// A page of its own that shows only some areas (the landing page) fetches only their files.
let onlyAreas: ReadonlySet<string> | null = null;

/** From now on, a language's catalogue is only these areas' files. */
export function limitCatalogues(areas: readonly string[]) {
  onlyAreas = new Set(areas);
}

/** The languages heirloom ships: the folders of src/shared/i18n/messages (English first). */
export const shippedLanguages: readonly string[] = [SOURCE_LANGUAGE, ...[...byLanguage.keys()].filter((l) => l !== SOURCE_LANGUAGE).sort()];

export function isShipped(language: string): boolean {
  return shippedLanguages.includes(language) || language === PSEUDO_LANGUAGE;
}

async function catalogue(language: string): Promise<Record<string, string>> {
  const files = (byLanguage.get(language) ?? []).filter(({ area }) => !onlyAreas || onlyAreas.has(area));
  const parts = await Promise.all(files.map(({ load }) => load()));
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
