import { defineMessages } from './i18n/define-messages';
import { activeIntl, formattingLocale } from './i18n/language-store';

const UNITS = defineMessages({
  bytes: { id: 'common.size.bytes', defaultMessage: '{size} Bytes' },
  kb: { id: 'common.size.kb', defaultMessage: '{size} KB' },
  mb: { id: 'common.size.mb', defaultMessage: '{size} MB' },
  gb: { id: 'common.size.gb', defaultMessage: '{size} GB' },
});
const BYTE_UNITS = [UNITS.bytes, UNITS.kb, UNITS.mb, UNITS.gb] as const;

/**
 * spec §9: 1024-based units, 2 decimals; formatBytes(1536) === '1.50 KB'. In the page's language: its decimal
 * mark and its units ('1,50 Ko').
 */
export function formatBytes(bytes: number | string): string {
  const intl = activeIntl();
  const value = typeof bytes === 'string' ? Number(bytes) : bytes;
  if (!Number.isFinite(value) || value <= 0) return intl.formatMessage(UNITS.bytes, { size: '0' });
  let unit = 0;
  let size = value;
  while (size >= 1024 && unit < BYTE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 2;
  const number = new Intl.NumberFormat(formattingLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return intl.formatMessage(BYTE_UNITS[unit]!, { size: number.format(size) });
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const longDates = new Map<string, Intl.DateTimeFormat>();
function longDate(): Intl.DateTimeFormat {
  const locale = formattingLocale();
  let format = longDates.get(locale);
  if (!format) longDates.set(locale, (format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' })));
  return format;
}

/**
 * 'March 5, 2021' ('5. März 2021', '5 de marzo de 2021'). A calendar date ('yyyy-MM-dd') is read as that local day, never shifted by the
 * time zone; an ISO timestamp is shown in the viewer's time zone. Returns '' for missing or invalid input.
 */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  let date: Date;
  if (typeof value === 'string') {
    const match = CALENDAR_DATE.exec(value);
    date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  } else {
    date = value;
  }
  return Number.isNaN(date.getTime()) ? '' : longDate().format(date);
}
