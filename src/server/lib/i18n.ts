// The server's side of heirloom's languages (decision 081): the same catalogues as the web app, read once from
// src/shared/i18n/messages (copied beside the built server as dist/messages), for mails, PDFs and answers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from 'react-intl';
import { parseAcceptLanguage, pickLanguage, SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { translateMarkedText } from '@shared/i18n/text';
import { formatSize } from './format-bytes';

export const LANGUAGE_COOKIE = 'heirloom_language';

function messagesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../messages'), path.resolve(here, '../../shared/i18n/messages')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, SOURCE_LANGUAGE))) ?? candidates[1]!;
}

let catalogues: Map<string, Record<string, string>> | undefined;

function load(): Map<string, Record<string, string>> {
  if (catalogues) return catalogues;
  const dir = messagesDir();
  catalogues = new Map();
  for (const language of fs.readdirSync(dir).sort()) {
    const folder = path.join(dir, language);
    if (!fs.statSync(folder).isDirectory()) continue;
    const messages: Record<string, string> = {};
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.json'))) {
      Object.assign(messages, JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>);
    }
    catalogues.set(language, messages);
  }
  return catalogues;
}

/** The languages heirloom ships (English first). */
export function shippedLanguages(): string[] {
  return [SOURCE_LANGUAGE, ...[...load().keys()].filter((l) => l !== SOURCE_LANGUAGE)];
}

const cache = createIntlCache();
const translators = new Map<string, IntlShape>();

/** Messages and formats in `language` (falling back to English for one heirloom does not ship). */
export function translator(language: string | null | undefined): IntlShape {
  // English needs no catalogue (its texts are the code's): an English error costs no read of the message files.
  const chosen = language && language !== SOURCE_LANGUAGE && load().has(language) ? language : SOURCE_LANGUAGE;
  let intl = translators.get(chosen);
  if (!intl) {
    const messages = chosen === SOURCE_LANGUAGE ? {} : load().get(chosen)!;
    intl = createIntl({ locale: chosen, defaultLocale: SOURCE_LANGUAGE, messages, onError: () => {} }, cache);
    translators.set(chosen, intl);
  }
  return intl;
}

/** The language of a request: the signed-in account's, else the browser's choice (cookie), else Accept-Language. */
export function requestLanguage(req: FastifyRequest, accountLanguage?: string | null): string {
  const shipped = shippedLanguages();
  if (accountLanguage && shipped.includes(accountLanguage)) return accountLanguage;
  const chosen = req.cookies?.[LANGUAGE_COOKIE];
  if (chosen && shipped.includes(chosen)) return chosen;
  return pickLanguage(parseAcceptLanguage(req.headers['accept-language']), shipped);
}

/** A text marked with userText() (src/shared/i18n/text.ts) in `language`, or as written when it has no translation. */
export function translateText(language: string, english: string): string {
  if (language === SOURCE_LANGUAGE) return english;
  return translateMarkedText(translator(language), english);
}

/**
 * A sentence with values in it (a person's name, a number) that a reader sees (decision 083): one message with
 * placeholders, formatted in each reader's language. Its English is the text for logs and English readers.
 */
export interface Sentence {
  message: MessageDescriptor & { id: string; defaultMessage: string };
  /** A value may be a sentence itself (a chain of names) or depend on the language (a size): written in the same. */
  values?: Record<string, string | number | Sentence | ((language: string) => string)>;
}

export const sentence = (message: Sentence['message'], values?: Sentence['values']): Sentence => ({ message, values });

/** A sentence in `language` (English where the catalogue has no translation). */
export function sentenceIn(language: string, { message, values = {} }: Sentence): string {
  const written = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'function' ? value(language) : typeof value === 'object' ? sentenceIn(language, value) : value,
    ]),
  );
  return translator(language).formatMessage(message, written);
}

/** A sentence in English, as logs and English readers get it. */
export const inEnglish = (said: Sentence): string => sentenceIn(SOURCE_LANGUAGE, said);

const SIZE_UNITS: Record<string, string> = { B: 'bytes', KB: 'kb', MB: 'mb', GB: 'gb', TB: 'tb' };

/**
 * A size as a sentence's value: in English as formatSize writes it ("9.8 GB"), in another language with its own
 * decimal mark and units ("9,8 Go", the web app's common.size messages).
 */
export const sizeValue =
  (bytes: number) =>
  (language: string): string => {
    const english = formatSize(bytes);
    if (language === SOURCE_LANGUAGE) return english;
    const [shown, unit] = english.split(' ') as [string, string];
    const intl = translator(language);
    const size = intl.formatNumber(Number(shown), { maximumFractionDigits: 1, useGrouping: false });
    const format = intl.formatMessage; // by another name: the extractor reads only literal ids in formatMessage calls
    return format({ id: `common.size.${SIZE_UNITS[unit]}`, defaultMessage: `{size} ${unit}` }, { size });
  };

/** The language a request is answered in: its account's, else its browser's. */
export const answerLanguage = (req: FastifyRequest): string => requestLanguage(req, req.user?.language);
