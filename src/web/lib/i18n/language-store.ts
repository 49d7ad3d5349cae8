import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { directionOf, pickLanguage, SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { translateMarkedText } from '@shared/i18n/text';
import { isShipped, loadMessages, shippedLanguages, type CataloguePart, type Messages } from './catalogues';
import { rememberedLanguage, rememberLanguage } from './language-choice';

// The page's one language, outside React too: formatters (lib/format.ts) and toasts read it. The choice is kept in
// this browser (language-choice.ts: localStorage, and a cookie so the server answers in it) and, signed in, in the
// account.
export { LANGUAGE_COOKIE } from './language-choice';

const cache = createIntlCache();
let messages: Messages = {};
let intl: IntlShape = createIntl({ locale: SOURCE_LANGUAGE, defaultLocale: SOURCE_LANGUAGE, messages }, cache);
const listeners = new Set<() => void>();

/** This browser's choice, else the best of its languages heirloom ships. */
export function initialLanguage(): string {
  const chosen = rememberedLanguage();
  if (chosen) return chosen;
  if (typeof navigator === 'undefined') return SOURCE_LANGUAGE;
  return pickLanguage(navigator.languages ?? [navigator.language], shippedLanguages);
}

/** Whether this browser keeps a language its reader chose (the menu, or their account's). */
export function hasChosenLanguage(): boolean {
  return rememberedLanguage() !== null;
}

/** The tag formatters use: the spec's US formats for English. */
export function formattingLocale(language = intl.locale): string {
  return language === SOURCE_LANGUAGE || language.startsWith(`${SOURCE_LANGUAGE}-`) ? 'en-US' : language;
}

export const activeIntl = (): IntlShape => intl;
export const activeLanguage = (): string => intl.locale;

export function subscribeLanguage(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function apply(language: string, loaded: Messages) {
  messages = loaded;
  intl = createIntl({ locale: language, defaultLocale: SOURCE_LANGUAGE, messages, onError: reportMissing }, cache);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
  for (const listener of listeners) listener();
}

// A message missing from a shipped catalogue falls back to English; the catalogue check in npm test finds it first.
function reportMissing(err: { code?: string }) {
  if (err.code !== 'MISSING_TRANSLATION' && import.meta.env.DEV) console.warn(err);
}

// What the page's words are loaded for: the language asked for last, and the parts of the app shown so far.
let target = SOURCE_LANGUAGE;
const wanted = new Set<CataloguePart>();
let loaded: { language: string; parts: Set<CataloguePart> } = { language: SOURCE_LANGUAGE, parts: new Set() };
let settling: Promise<void> = Promise.resolve();

/** Loads what the wanted language lacks of the wanted parts, and switches; again while anything changed meanwhile. */
async function settle(): Promise<void> {
  for (;;) {
    const language = target;
    const have = loaded.language === language ? loaded.parts : new Set<CataloguePart>();
    const missing = [...wanted].filter((part) => !have.has(part));
    if (missing.length === 0 && intl.locale === language) return;
    // a new language is loaded even with no part wanted yet: development and tests load it whole
    const more = missing.length > 0 || loaded.language !== language ? await loadMessages(language, missing) : {};
    if (target !== language) continue; // another language was chosen meanwhile
    const before = loaded.language === language ? messages : {};
    loaded = { language, parts: new Set([...have, ...missing]) };
    apply(language, { ...before, ...more } as Messages);
  }
}

const settled = () => (settling = settling.then(settle, settle));

/** Loads and switches to `language` (one heirloom ships); `remember` keeps the choice in this browser. */
export async function switchLanguage(language: string, { remember = true } = {}): Promise<void> {
  const next = isShipped(language) ? language : SOURCE_LANGUAGE;
  if (remember) rememberLanguage(next);
  target = next;
  return settled();
}

/** The words of a part of the app (a page about to be shown) in the page's language, now and after a switch. */
export function needCatalogue(part: CataloguePart): Promise<void> {
  if (wanted.has(part) && loaded.parts.has(part) && loaded.language === target) return settling;
  wanted.add(part);
  return settled();
}

/** Another language's messages for the parts of the app shown so far (a page printed for its reader). */
export const messagesIn = (language: string): Promise<Messages> => loadMessages(language, [...wanted]);

/** A text marked with userText() (a form's own check, src/shared) in the page's language, or as written. */
export function translateText(english: string): string {
  return translateMarkedText(intl, english);
}
