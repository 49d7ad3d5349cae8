import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Photo, PhotoSort } from '@shared/schemas/photos';
import { useIntl } from '@web/lib/i18n/use-intl';
import { buildGalleryRows, gridColumns, monthLabel } from '../gallery-rows';

/** Pixels under the fixed header (4rem) and the sticky month line, kept clear when scrolling to a month. */
const SCROLL_PADDING = 104;
const GAP = 16;

type VirtualPhotoListProps = {
  photos: readonly Photo[];
  sortBy: PhotoSort;
  view: 'grid' | 'list';
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  renderPhoto: (photo: Photo) => ReactNode;
  /** Scroll to this month's heading once it is loaded (a scrubber jump); `seq` makes a repeated jump count. */
  scrollTarget?: { month: string; seq: number };
  /** Told the month at the top of the screen, for the scrubber's mark. */
  onTopMonthChange?: (month: string | null) => void;
};

/**
 * The gallery's rows in the window's scroll: only the rows near the viewport are in the DOM (and so load their
 * thumbnails); the rest is empty height the virtualizer accounts for. Rows are measured once drawn, since a
 * title may wrap.
 */
export function VirtualPhotoList({
  photos,
  sortBy,
  view,
  hasMore,
  isLoadingMore,
  onLoadMore,
  renderPhoto,
  scrollTarget,
  onTopMonthChange,
}: VirtualPhotoListProps) {
  const intl = useIntl();
  const listRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const columns = view === 'list' ? 1 : gridColumns(width);
  const rows = useMemo(() => buildGalleryRows(photos, sortBy, columns), [photos, sortBy, columns]);
  const tile = view === 'list' ? 104 : Math.round((width - GAP * (columns - 1)) / columns) + 96;

  // where the list starts in the page, after every render on purpose: what is above it (the upload card,
  // banners) may change height; the 1px test ends the loop
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const top = list.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'month' ? 52 : tile + GAP),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 3,
    scrollMargin,
    scrollPaddingStart: SCROLL_PADDING,
    // a jump lands at once: the page's smooth scrolling (styles.css) would pass through every month between
    scrollToFn: (offset, { adjustments = 0 }) => window.scrollTo({ top: offset + adjustments, behavior: 'instant' }),
  });
  const items = virtualizer.getVirtualItems();

  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !isLoadingMore && lastIndex >= rows.length - 4) onLoadMore();
  }, [hasMore, isLoadingMore, lastIndex, rows.length, onLoadMore]);

  // the month of the first row below the sticky month line
  const firstVisible = items.find((item) => item.end > (virtualizer.scrollOffset ?? 0) + SCROLL_PADDING)?.index;
  const topMonth = firstVisible === undefined ? null : (rows[firstVisible]?.month ?? null);
  const topLabel = firstVisible === undefined ? null : (rows[firstVisible]?.label ?? null);
  useEffect(() => onTopMonthChange?.(topMonth), [topMonth, onTopMonthChange]);

  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!scrollTarget || handled.current === scrollTarget.seq) return;
    const index = rows.findIndex((row) => row.kind === 'month' && row.month === scrollTarget.month);
    if (index < 0) return;
    handled.current = scrollTarget.seq;
    virtualizer.scrollToIndex(index, { align: 'start' });
  }, [scrollTarget, rows, virtualizer]);

  return (
    <div>
      {topMonth && (
        <p className="sticky top-16 z-20 -mx-1 mb-2 bg-card/95 px-1 py-2 text-sm font-semibold text-muted-foreground backdrop-blur">
          {topLabel ?? monthLabel(topMonth)}
        </p>
      )}
      <div
        ref={listRef}
        role="list"
        aria-label={intl.formatMessage({ id: 'photos.gallery.list', defaultMessage: 'Photos' })}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              role="none"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute start-0 top-0 w-full"
              style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              {row.kind === 'month' ? (
                // hidden from assistive technology: a list holds list items only; the sticky line above names
                // the month on screen, and every tile its own date
                <h3 aria-hidden="true" className="flex items-center gap-2 pt-4 pb-3 text-lg font-semibold">
                  {row.label}
                  {row.approximate && (
                    <span
                      title={intl.formatMessage(
                        { id: 'photos.gallery.approximate', defaultMessage: 'Date is approximate: {date}' },
                        { date: row.label },
                      )}
                      className="rounded-full bg-secondary px-2 text-xs leading-5 font-medium text-secondary-foreground"
                    >
                      ≈
                    </span>
                  )}
                </h3>
              ) : (
                <div
                  role="none"
                  className={view === 'list' ? 'grid pb-3' : 'grid gap-4 pb-4'}
                  style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
                >
                  {row.photos.map(renderPhoto)}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {isLoadingMore && (
        <p className="py-4 text-center text-sm text-muted-foreground">
          {intl.formatMessage({ id: 'photos.gallery.loadingMore', defaultMessage: 'Loading photos...' })}
        </p>
      )}
    </div>
  );
}
