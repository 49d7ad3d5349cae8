// Where a kept item came from (issue 32 §4, decision 078): "From Rose Martin’s legacy, released 2 May 2031", written
// once in English on the heir's copy. That English is the API's `provenance` and how a later try finds its copies,
// so it stays as written; a reader in another language gets the line said again from its two parts (the owner's
// name and the release day, UTC), read back from the English: "Aus dem Nachlass von Rose Martin, freigegeben am
// 2. Mai 2031". English readers get the line exactly as it was written.

import { SOURCE_LANGUAGE } from './i18n/languages';

type Message = { id: string; defaultMessage: string };

/** Named so the extractor (npm run i18n:extract) finds this message, as it does the web app's and the server's. */
function defineMessages<K extends string>(messages: Record<K, Message>): Record<K, Message> {
  return messages;
}

const messages = defineMessages({
  line: { id: 'legacyKeep.provenance.line', defaultMessage: 'From {owner}’s legacy, released {date}' },
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The English line: its wording is the message's, the day as "2 May 2031" (UTC). */
export function provenanceOf(ownerName: string, releasedAt: Date): string {
  const day = `${releasedAt.getUTCDate()} ${MONTHS[releasedAt.getUTCMonth()]} ${releasedAt.getUTCFullYear()}`;
  return messages.line.defaultMessage.replace('{date}', () => day).replace('{owner}', () => ownerName);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ENGLISH_LINE = new RegExp(
  `^${escaped(messages.line.defaultMessage)
    .replace(escaped('{owner}'), '(.+)')
    .replace(escaped('{date}'), `(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})`)}$`,
  's',
);

/** The parts of an English line as provenanceOf writes it; null for any other text. */
export function readProvenance(line: string): { ownerName: string; releasedAt: Date } | null {
  const match = ENGLISH_LINE.exec(line);
  if (!match) return null;
  const [, ownerName, day, month, year] = match as unknown as [string, string, string, string, string];
  return { ownerName, releasedAt: new Date(Date.UTC(Number(year), MONTHS.indexOf(month), Number(day))) };
}

/** What says a line in one language: react-intl's `IntlShape`, the server's translator or the page's. */
export interface ProvenanceFormatter {
  locale: string;
  formatMessage(descriptor: Message, values?: Record<string, string>): string;
  formatDate(value: Date, options: Intl.DateTimeFormatOptions): string;
}

/** The stored line in the reader's language, the day in their format; as stored for English or a line not read back. */
export function provenanceIn(intl: ProvenanceFormatter, line: string): string {
  if (intl.locale === SOURCE_LANGUAGE) return line;
  const parts = readProvenance(line);
  if (!parts) return line;
  const date = intl.formatDate(parts.releasedAt, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return intl.formatMessage(messages.line, { owner: parts.ownerName, date });
}
