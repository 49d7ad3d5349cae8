// The offline pages' language (decision 081): these pages open from file:// and cannot fetch a catalogue, so each
// bundles the messages of the languages heirloom ships for the areas it shows (offline-catalogues.ts), and adds
// them here before choosing its language. English is the code's own text.
import { IntlMessageFormat } from 'intl-messageformat';
import { directionOf, languageName, pickLanguage, SOURCE_LANGUAGE } from '@shared/i18n/languages';
import type { OfflineCatalogues } from './offline-catalogues';

interface Descriptor {
  id: string;
  defaultMessage: string;
}
type Values = Record<string, string | number | ((chunks: (string | Node)[]) => Node)>;

// The same choice the web app keeps in this browser (lib/i18n/language-store.ts), when the browser shares it.
const STORAGE_KEY = 'heirloom.language';

const catalogues: OfflineCatalogues = {};

/** Adds the messages of a page's areas (each area's catalogues by language). */
export function addCatalogues(...areas: OfflineCatalogues[]) {
  for (const area of areas) for (const [tag, messages] of Object.entries(area)) catalogues[tag] = { ...catalogues[tag], ...messages };
}

const offlineLanguages = (): string[] => [SOURCE_LANGUAGE, ...Object.keys(catalogues).sort()];

let language = SOURCE_LANGUAGE;
const formats = new Map<string, IntlMessageFormat>();

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Picks the page's language (this browser's choice, else its languages, else `fallback`) and sets <html lang dir>. */
export function chooseLanguage(fallback?: string | null): string {
  const preferred = [stored(), ...(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])), fallback];
  setLanguage(
    pickLanguage(
      preferred.filter((l): l is string => !!l),
      offlineLanguages(),
    ),
  );
  return language;
}

export function setLanguage(next: string) {
  language = offlineLanguages().includes(next) ? next : SOURCE_LANGUAGE;
  formats.clear();
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
}

/** The tag dates and numbers are written with: the spec's US formats for English. */
export function locale(): string {
  return language === SOURCE_LANGUAGE ? 'en-US' : language;
}

function format(descriptor: Descriptor, values?: Values): string | (string | Node)[] {
  const key = descriptor.id;
  let compiled = formats.get(key);
  if (!compiled) {
    const message = catalogues[language]?.[key] ?? descriptor.defaultMessage;
    compiled = new IntlMessageFormat(message, locale());
    formats.set(key, compiled);
  }
  return compiled.format<Node>(values as Record<string, never>) as string | (string | Node)[];
}

/** Messages named ahead of use; the extractor (npm run i18n:extract) finds them by this function's name. */
export function defineMessages<K extends string>(messages: Record<K, Descriptor>): Record<K, Descriptor> {
  return messages;
}

export const intl = {
  /** A message as text. */
  formatMessage(descriptor: Descriptor, values?: Record<string, string | number>): string {
    const out = format(descriptor, values);
    return Array.isArray(out) ? out.join('') : out;
  },
  /** A message with tags turned into nodes (`<link>…</link>` by `values.link`), as children for h(). */
  formatNodes(descriptor: Descriptor, values: Values): (string | Node)[] {
    const out = format(descriptor, values);
    return Array.isArray(out) ? out : [out];
  },
};

/** A number written the reader's way ("1,234" in English). */
export function formatNumber(n: number): string {
  return n.toLocaleString(locale());
}

/** The language menu of an offline page: choosing reloads the page in that language (the choice is kept). */
export function languageMenu(onChange: (language: string) => void = () => location.reload()): HTMLElement {
  const select = document.createElement('select');
  select.setAttribute('aria-label', intl.formatMessage({ id: 'exportViewer.language.menu', defaultMessage: 'Language' }));
  for (const tag of offlineLanguages()) {
    const option = document.createElement('option');
    option.value = tag;
    option.lang = tag;
    option.textContent = languageName(tag);
    option.selected = tag === language;
    select.append(option);
  }
  select.addEventListener('change', () => {
    try {
      localStorage.setItem(STORAGE_KEY, select.value);
    } catch {
      // a file:// page may have no storage: the choice then lasts this page
    }
    setLanguage(select.value);
    onChange(select.value);
  });
  const box = document.createElement('div');
  box.className = 'language';
  box.append(select);
  return box;
}
