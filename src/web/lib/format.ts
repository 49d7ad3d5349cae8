const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** spec §9: 1024-based units, 2 decimals; formatBytes(1536) === '1.50 KB'. */
export function formatBytes(bytes: number | string): string {
  const value = typeof bytes === 'string' ? Number(bytes) : bytes;
  if (!Number.isFinite(value) || value <= 0) return '0 Bytes';
  let unit = 0;
  let size = value;
  while (size >= 1024 && unit < BYTE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${size} Bytes` : `${size.toFixed(2)} ${BYTE_UNITS[unit]}`;
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 'March 5, 2021'. A calendar date ('yyyy-MM-dd') is read as that local day, never shifted by the
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
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
