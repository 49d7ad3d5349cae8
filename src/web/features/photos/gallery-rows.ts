import type { Photo, PhotoSort } from '@shared/schemas/photos';
import { formattingLocale } from '@web/lib/i18n/language-store';
import { formatItemDate, isApproximate, photoItemDate, UNDATED } from '@web/lib/item-date';
import { sortInstant } from './photo-cache';

/**
 * One line of the virtual gallery: a heading, or up to `columns` photos under one heading. `month` is the
 * month the scrubber knows the row by; `label` is what its heading says: "June 1987", or for photos dated
 * only roughly "1960s", "1962", "c. 1955" (decision 067), or "Undated".
 */
export type GalleryRow =
  | { kind: 'month'; key: string; month: string; label: string; approximate: boolean }
  | { kind: 'photos'; key: string; month: string | null; label: string | null; photos: Photo[] };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'YYYY-MM' of the instant the order sorts by, in the viewer's time zone (as /api/photos/months counts it); an
 * approximate date's month as written (the start of its period, whatever the time zone).
 */
export function monthOf(photo: Photo, sortBy: PhotoSort) {
  if (sortBy === 'dateTaken' && photo.dateTaken && isApproximate(photo.dateTakenPrecision)) return photo.dateTaken.slice(0, 7);
  const date = new Date(sortInstant(photo, sortBy));
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
}

/** The heading a photo sits under: its month, or in the date-taken order its rough date or "Undated". */
function headingOf(photo: Photo, sortBy: PhotoSort): { key: string; month: string; label: string; approximate: boolean } {
  const month = monthOf(photo, sortBy);
  if (sortBy === 'dateTaken' && photo.dateTaken === null) return { key: `${month}~undated`, month, label: UNDATED, approximate: false };
  if (sortBy === 'dateTaken' && isApproximate(photo.dateTakenPrecision)) {
    const label = formatItemDate(photoItemDate(photo));
    return { key: `${month}~${label}`, month, label, approximate: true };
  }
  return { key: month, month, label: monthLabel(month), approximate: false };
}

const monthStart = (month: string) => {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(year, mon - 1, 1);
};

/**
 * The last millisecond of `month` in local time, as ISO: the `from` that starts a page chain at that month's
 * newest photo (the server's `from` is "at or before").
 */
export function monthEndIso(month: string) {
  const start = monthStart(month);
  return new Date(new Date(start.getFullYear(), start.getMonth() + 1, 1).getTime() - 1).toISOString();
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
/** "June 1987" ("Juni 1987", "junio de 1987"): in the page's language. */
export function monthLabel(month: string) {
  const locale = formattingLocale();
  let format = monthFormats.get(locale);
  if (!format) monthFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' })));
  return format.format(monthStart(month));
}

/**
 * The rows for the photos loaded so far: for the date orders a heading whenever the month changes and rows of
 * that month's photos; for the title order just rows. Rows never mix months, as in the best photo apps.
 */
export function buildGalleryRows(photos: readonly Photo[], sortBy: PhotoSort, columns: number): GalleryRow[] {
  const rows: GalleryRow[] = [];
  const byMonth = sortBy !== 'title';
  let heading: string | null = null;
  let month: string | null = null;
  let label: string | null = null;
  let current: Photo[] = [];
  const flush = () => {
    if (current.length === 0) return;
    rows.push({ kind: 'photos', key: `p${current[0]!.id}`, month, label, photos: current });
    current = [];
  };
  for (const photo of photos) {
    if (byMonth) {
      const next = headingOf(photo, sortBy);
      if (next.key !== heading) {
        flush();
        heading = next.key;
        month = next.month;
        label = next.label;
        // a rough date or "Undated" may head photos twice in one month: its first photo keeps the key unique
        const key = next.key === next.month ? `m${next.key}` : `m${next.key}:${photo.id}`;
        rows.push({ ...next, kind: 'month', key });
      }
    }
    current.push(photo);
    if (current.length === columns) flush();
  }
  flush();
  return rows;
}

/** How many photos fit across: 1 on phones up to 4 on desktops (spec §2: grid is 1 to 4 columns). */
export const gridColumns = (width: number) => Math.max(1, Math.min(4, Math.floor(width / 220)));
