import type { Photo, PhotoSort } from '@shared/schemas/photos';
import { sortInstant } from './photo-cache';

/** One line of the virtual gallery: a month's heading, or up to `columns` photos of one month. */
export type GalleryRow =
  { kind: 'month'; key: string; month: string } | { kind: 'photos'; key: string; month: string | null; photos: Photo[] };

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' of the instant the order sorts by, in the viewer's time zone (as /api/photos/months counts it). */
export function monthOf(photo: Photo, sortBy: PhotoSort) {
  const date = new Date(sortInstant(photo, sortBy));
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
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

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
/** "June 1987" */
export const monthLabel = (month: string) => monthFormat.format(monthStart(month));

/**
 * The rows for the photos loaded so far: for the date orders a heading whenever the month changes and rows of
 * that month's photos; for the title order just rows. Rows never mix months, as in the best photo apps.
 */
export function buildGalleryRows(photos: readonly Photo[], sortBy: PhotoSort, columns: number): GalleryRow[] {
  const rows: GalleryRow[] = [];
  const byMonth = sortBy !== 'title';
  let month: string | null = null;
  let current: Photo[] = [];
  const flush = () => {
    if (current.length === 0) return;
    rows.push({ kind: 'photos', key: `p${current[0]!.id}`, month, photos: current });
    current = [];
  };
  for (const photo of photos) {
    if (byMonth) {
      const next = monthOf(photo, sortBy);
      if (next !== month) {
        flush();
        month = next;
        rows.push({ kind: 'month', key: `m${next}`, month: next });
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
