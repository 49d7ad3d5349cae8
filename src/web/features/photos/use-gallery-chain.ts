import { useCallback, useMemo, useState } from 'react';
import type { Photo, PhotoSort } from '@shared/schemas/photos';
import { pagedItems } from '@web/lib/paged-cache';
import { GALLERY_PAGE_SIZE, usePhotoMonths, usePhotoPages } from './api';
import { monthEndIso, monthOf } from './gallery-rows';

/**
 * Which page chain the gallery shows, and the scrubber's jumps between chains (decision 032). A jump to a
 * month already loaded only scrolls; a jump further away starts a new chain at that month's end (`from`), so
 * going from 2024 to 1990 loads one page, not the 30 years between. Above a jumped chain, "newer" starts a
 * chain about a page earlier and keeps the same photos in view.
 */
export function useGalleryChain(sortBy: PhotoSort, person?: number, undated = false) {
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [scrollTarget, setScrollTarget] = useState<{ month: string; seq: number } | undefined>(undefined);
  const pages = usePhotoPages(sortBy, from, person, undated);
  const months = usePhotoMonths(sortBy);
  const photos = useMemo<Photo[]>(() => pagedItems(pages.data), [pages.data]);
  const monthList = useMemo(() => months.data?.months ?? [], [months.data]);

  const scrollTo = (month: string) => setScrollTarget((current) => ({ month, seq: (current?.seq ?? 0) + 1 }));

  const startAt = (month: string) => setFrom(monthList[0]?.month === month ? undefined : monthEndIso(month));

  const jump = (month: string) => {
    const isLoaded = sortBy !== 'title' && photos.some((photo) => monthOf(photo, sortBy) === month);
    if (!isLoaded) startAt(month);
    scrollTo(month);
  };

  /** The months newer than this chain's start, about a page of them: where "Show newer photos" starts. */
  const showNewer = () => {
    const first = photos[0];
    if (!first || sortBy === 'title') return setFrom(undefined);
    const firstMonth = monthOf(first, sortBy);
    let index = monthList.findIndex((m) => m.month === firstMonth);
    let count = 0;
    while (index > 0 && count < GALLERY_PAGE_SIZE) {
      index--;
      count += monthList[index]!.count;
    }
    const target = monthList[Math.max(0, index)];
    if (!target || index <= 0) setFrom(undefined);
    else setFrom(monthEndIso(target.month));
    scrollTo(firstMonth);
  };

  const reset = useCallback(() => {
    setFrom(undefined);
    setScrollTarget(undefined);
  }, []);

  return { pages, photos, months: monthList, isJumped: from !== undefined, jump, showNewer, scrollTarget, reset };
}
