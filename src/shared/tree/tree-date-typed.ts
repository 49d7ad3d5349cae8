// A family-tree date as a person types it, in any of heirloom's languages ("um 1920", "hacia 1920", "vers 1920",
// "14. März 1962", "entre 1900 y 1910", GEDCOM's "ABT 1890"), turned into the one stored grammar of tree-date.ts
// ("c. 1920", "1962-03-14", "between 1900 and 1910"). What it cannot read is kept as typed, as words.
import { formatTreeDate, parseTreeDate } from './tree-date';
import { TREE_DATE_WORDS } from './tree-date-languages';

/** Lower case without accents, so "MÄRZ", "marz" and "März" are one word. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const languages = Object.values(TREE_DATE_WORDS);
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One of `words` as a regular expression: longest first, and a word ending in "." or "~" may touch the date. */
function anyOf(words: string[]): string {
  const unique = [...new Set(words.map(fold))].sort((a, b) => b.length - a.length);
  return `(?:${unique.map((w) => `${escape(w).replace(/ /g, '\\s+')}${/[.~]$/.test(w) ? '\\s*' : '\\s+'}`).join('|')})`;
}

const all = (pick: (words: (typeof languages)[number]) => string[]) => languages.flatMap(pick);
const ARTICLE = `(?:${anyOf(all((l) => l.articles))})?`;
const prefixed = (words: string[]) => new RegExp(`^${anyOf(words)}${ARTICLE}(.+)$`);
const PREFIXES = [
  { kind: 'before', pattern: prefixed(all((l) => l.before)) },
  { kind: 'after', pattern: prefixed(all((l) => l.after)) },
  { kind: 'c.', pattern: prefixed(all((l) => l.about)) },
] as const;
const and = [...new Set(all((l) => l.and).map(fold))].map(escape).join('|');
const BETWEEN = new RegExp(`^${anyOf(all((l) => l.between))}${ARTICLE}(.+?)\\s+(?:${and})\\s+${ARTICLE}(.+)$`);
const YEAR_RANGE = /^(\d{4})\s*[-–]\s*(\d{4})$/;

const MONTH_NAMES = languages.flatMap((l) =>
  l.months.flatMap((names, index) => names.map((name) => ({ name: fold(name), month: index + 1 }))),
);

/** A month's name or the start of one (three letters or more) in any language; null when none or two months fit ("jui"). */
function monthNumber(word: string): number | null {
  const start = word.replace(/\.$/, '');
  if (start.length < 3) return null;
  const months = new Set(MONTH_NAMES.filter(({ name }) => name.startsWith(start)).map(({ month }) => month));
  return months.size === 1 ? [...months][0]! : null;
}

const pad = (n: number | string, width: number) => String(n).padStart(width, '0');
const ymd = (year: string, month?: number | string, day?: number | string) =>
  [pad(year, 4), month === undefined ? undefined : pad(month, 2), day === undefined ? undefined : pad(day, 2)]
    .filter((part) => part !== undefined)
    .join('-');

/** One day, month or year as the grammar writes it (1890-05-12, 1890-05, 1890); null when it is none. */
function datePart(text: string): string | null {
  let m = /^(\d{1,4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text); // 1890-05-12, as stored
  if (m) return ymd(m[1]!, m[2], m[3]);
  m = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{1,4})$/.exec(text); // 12.05.1890
  if (m) return ymd(m[3]!, m[2], m[1]);
  m = /^(\d{1,2})[./](\d{4})$/.exec(text); // 05.1890, 05/1890
  if (m) return ymd(m[2]!, m[1]);
  m = /^(\d{1,2})(?:\.\s*|er\s+|\s+)(?:de\s+)?([a-z]+\.?)\s+(?:de\s+)?(\d{1,4})$/.exec(text); // 14 May, 14. März, 14 de marzo de, 1er mai
  if (m) {
    const month = monthNumber(m[2]!);
    return month ? ymd(m[3]!, month, m[1]) : null;
  }
  m = /^([a-z]+\.?)\s+(?:de\s+)?(\d{1,4})$/.exec(text); // May 1890, marzo de 1890
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? ymd(m[2]!, month) : null;
  }
  m = /^([a-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?\s+(\d{1,4})$/.exec(text); // May 14, 1890
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? ymd(m[3]!, month, m[2]) : null;
  }
  return null;
}

/** The grammar's words for the typed text, unchecked; null when it says no date heirloom reads. */
function toGrammar(text: string): string | null {
  let m = YEAR_RANGE.exec(text);
  if (m) return `between ${m[1]} and ${m[2]}`;
  m = BETWEEN.exec(text);
  if (m) {
    const from = datePart(m[1]!);
    const to = datePart(m[2]!);
    return from && to ? `between ${from} and ${to}` : null;
  }
  for (const { kind, pattern } of PREFIXES) {
    m = pattern.exec(text);
    if (m) {
      const date = datePart(m[1]!);
      return date ? `${kind} ${date}` : null;
    }
  }
  return datePart(text);
}

/**
 * What is stored for a typed tree date: the grammar when the words say a date in any language ("vor 1900" →
 * "before 1900", "14 de marzo de 1962" → "1962-03-14"), else the text as typed (trimmed); '' stays ''.
 */
export function storedTreeDate(typed: string): string {
  const text = typed.trim();
  if (text === '') return text;
  const grammar = toGrammar(fold(text).replace(/,/g, ' ').replace(/\s+/g, ' '));
  if (grammar === null) return text;
  const date = parseTreeDate(grammar);
  return date.kind === 'text' ? text : formatTreeDate(date);
}
