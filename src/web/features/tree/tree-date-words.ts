// A family-tree date as the page's reader says it: "about 1920" is "um 1920" in German, "hacia 1920" in Spanish.
import { parseTreeDate, treeDateInWords, type DateParts } from '@shared/tree/tree-date';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl, formattingLocale } from '@web/lib/i18n/language-store';

// `precision` (day, month or year) lets a language say "vor dem 12. Mai 1890" but "vor Mai 1890"
const messages = defineMessages({
  about: { id: 'tree.date.about', defaultMessage: '{precision, select, other {c. {date}}}' },
  before: { id: 'tree.date.before', defaultMessage: '{precision, select, other {before {date}}}' },
  after: { id: 'tree.date.after', defaultMessage: '{precision, select, other {after {date}}}' },
  between: { id: 'tree.date.between', defaultMessage: '{precision, select, other {between {from} and {to}}}' },
});

const precisionOf = ({ month, day }: DateParts) => (day !== undefined ? 'day' : month !== undefined ? 'month' : 'year');

/** A day, a month or a year in the reader's way ("12. Mai 1890", "mayo de 1890"); years before 100 stay as written. */
function partsInWords({ year, month, day }: DateParts, locale: string): string {
  if (month === undefined) return String(year);
  const date = new Date(Date.UTC(2000, month - 1, day ?? 1));
  date.setUTCFullYear(year);
  const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC', year: 'numeric', month: 'long' };
  if (day !== undefined) options.day = 'numeric';
  return new Intl.DateTimeFormat(locale, options).format(date);
}

/** How a person reads a tree date: "12 May 1890", "c. 1890" in English (as ever); "um 1890", "vers 1890"… */
export function treeDateWords(value: string): string {
  const locale = formattingLocale();
  // English keeps the tree's own wording, which the spec and GEDCOM exports share
  if (locale === 'en-US') return treeDateInWords(value);
  const intl = activeIntl();
  const date = parseTreeDate(value);
  switch (date.kind) {
    case 'exact':
      return partsInWords(date.date, locale);
    case 'about':
    case 'before':
    case 'after':
      return intl.formatMessage(messages[date.kind], { date: partsInWords(date.date, locale), precision: precisionOf(date.date) });
    case 'between':
      return intl.formatMessage(messages.between, {
        from: partsInWords(date.from, locale),
        to: partsInWords(date.to, locale),
        precision: precisionOf(date.from),
      });
    case 'text':
      return date.text;
  }
}
