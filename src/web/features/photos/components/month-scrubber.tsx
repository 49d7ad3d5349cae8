import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@web/lib/cn';
import { useIntl } from '@web/lib/i18n/use-intl';
import { monthLabel } from '../gallery-rows';
import { useVisibleStretch } from '../use-visible-stretch';

type Month = { month: string; count: number };

/** The smallest share of the track a month gets, so a month of one photo can still be reached. */
const MIN_SHARE = 0.002;
/** Year labels closer than this (px) to the previous one are left out. */
const LABEL_GAP = 18;

/** Each month's top and bottom on the track (0–1, newest at the top), by its share of the photos. */
function layout(months: readonly Month[]) {
  const weights = months.map((m) => Math.max(m.count, 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const shares = weights.map((w) => Math.max(w / total, MIN_SHARE));
  const scale = shares.reduce((sum, s) => sum + s, 0);
  const tops: number[] = [];
  let at = 0;
  for (const share of shares) {
    tops.push(at / scale);
    at += share;
  }
  return tops;
}

const indexAt = (tops: readonly number[], fraction: number) => {
  let index = 0;
  for (let i = 0; i < tops.length; i++) if (tops[i]! <= fraction) index = i;
  return index;
};

/** What the track leaves free at the window's edges (px): the header above, a phone's tab bar below. */
const SCREEN_MARGIN = { top: 96, bottom: 24, bottomCompact: 96 };

/** The room (end padding) the gallery keeps for the scrubber's column: its width and a gap. */
export const SCRUBBER_ROOM = { compact: 'pe-8', wide: 'pe-20' } as const;

/**
 * The year/month scrubber at the side of the gallery (issue 15): drag or click anywhere on it to jump to that
 * month; as a slider it also takes the arrow keys (a month), Page Up/Down (a year), Home and End. Phones get a
 * narrow strip whose label shows only while dragging.
 */
export function MonthScrubber({
  months,
  currentMonth,
  onJump,
  isCompact,
}: {
  /** Newest first, as /api/photos/months answers. */
  months: readonly Month[];
  currentMonth: string | null;
  onJump: (month: string) => void;
  isCompact: boolean;
}) {
  const intl = useIntl();
  const columnRef = useRef<HTMLDivElement>(null);
  const stretch = useVisibleStretch(columnRef, SCREEN_MARGIN.top, isCompact ? SCREEN_MARGIN.bottomCompact : SCREEN_MARGIN.bottom);
  const trackRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const tops = useMemo(() => layout(months), [months]);

  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new ResizeObserver(([entry]) => entry && setHeight(entry.contentRect.height));
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  const years = useMemo(() => {
    const labels: { year: string; top: number }[] = [];
    let lastTop = -Infinity;
    months.forEach((m, i) => {
      const year = m.month.slice(0, 4);
      if (labels.at(-1)?.year === year) return;
      const top = tops[i]! * height;
      if (top - lastTop < LABEL_GAP) return;
      labels.push({ year, top });
      lastTop = top;
    });
    return labels;
  }, [months, tops, height]);

  const indexOf = (month: string | null) => (month === null ? -1 : months.findIndex((m) => m.month === month));
  // The month the last key asked for, until the list shows it: keys pressed before the list has scrolled step
  // on from there, so three quick Page Downs go three years back, not one. It is dropped once the list reaches
  // it, or moves away from it (a month the list cannot bring to the top, then the reader scrolled elsewhere).
  const [pending, setPending] = useState<{ month: string; seen: string | null } | null>(null);
  if (pending && currentMonth !== null && currentMonth !== pending.seen) {
    const distance = (month: string | null) => Math.abs(indexOf(month) - indexOf(pending.month));
    const movedAway = pending.seen !== null && distance(currentMonth) > distance(pending.seen);
    setPending(currentMonth === pending.month || movedAway ? null : { ...pending, seen: currentMonth });
  }
  const currentIndex = Math.max(0, indexOf(currentMonth));
  const pendingIndex = pending ? indexOf(pending.month) : -1;
  /** Where the keys step from: the month asked for last while the list is still on its way there. */
  const keyIndex = pendingIndex >= 0 ? pendingIndex : currentIndex;
  const shownIndex = dragIndex ?? keyIndex;

  const indexFromPointer = (event: PointerEvent) => {
    const rect = trackRef.current!.getBoundingClientRect();
    return indexAt(tops, Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    setPending(null);
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    setDragIndex(indexFromPointer(event));
  };
  const onPointerMove = (event: PointerEvent) => {
    if (dragIndex !== null) setDragIndex(indexFromPointer(event));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (dragIndex === null) return;
    setDragIndex(null);
    onJump(months[indexFromPointer(event)]!.month);
  };

  const jumpBy = (step: number) => {
    const target = months[Math.min(months.length - 1, Math.max(0, keyIndex + step))]!.month;
    setPending(target === currentMonth ? null : { month: target, seen: currentMonth });
    onJump(target);
  };
  /** Page Down: the newest month of the next older year; Page Up: the newest month of the next newer year. */
  const yearStep = (direction: 1 | -1) => {
    const yearOf = (i: number) => months[i]!.month.slice(0, 4);
    const year = yearOf(keyIndex);
    if (direction === 1) {
      for (let i = keyIndex + 1; i < months.length; i++) if (yearOf(i) !== year) return i - keyIndex;
      return months.length - 1 - keyIndex;
    }
    let i = keyIndex - 1;
    while (i >= 0 && yearOf(i) === year) i--;
    if (i < 0) return -keyIndex;
    const newer = yearOf(i);
    while (i > 0 && yearOf(i - 1) === newer) i--;
    return i - keyIndex;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, () => number> = {
      ArrowDown: () => 1,
      ArrowRight: () => 1,
      ArrowUp: () => -1,
      ArrowLeft: () => -1,
      PageDown: () => yearStep(1),
      PageUp: () => yearStep(-1),
      Home: () => -keyIndex,
      End: () => months.length - 1 - keyIndex,
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    jumpBy(step());
  };

  const shown = months[shownIndex];
  return (
    // A column in the room the gallery leaves at its end (SCRUBBER_ROOM). The track sticks below the header
    // and spans the part of the gallery on screen, so it never lies over a photo, the upload card or the card's
    // edge, and all of it can be reached wherever the page is scrolled.
    <div ref={columnRef} className={cn('absolute inset-y-0 end-0 z-30', isCompact ? 'w-6' : 'w-16')}>
      <div className="sticky flex select-none" style={{ top: SCREEN_MARGIN.top, height: stretch }}>
        <div
          ref={trackRef}
          role="slider"
          tabIndex={0}
          aria-label={intl.formatMessage({ id: 'photos.scrubber.label', defaultMessage: 'Jump to a month' })}
          aria-orientation="vertical"
          aria-valuemin={0}
          aria-valuemax={Math.max(0, months.length - 1)}
          aria-valuenow={shownIndex}
          aria-valuetext={shown ? monthLabel(shown.month) : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDragIndex(null)}
          onKeyDown={onKeyDown}
          className="relative h-full w-full cursor-ns-resize touch-none rounded-md bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {!isCompact &&
            years.map((label) => (
              <span
                key={label.year}
                aria-hidden="true"
                className="absolute end-2 -translate-y-1/2 text-xs text-muted-foreground tabular-nums"
                style={{ top: label.top }}
              >
                {label.year}
              </span>
            ))}
          <span aria-hidden="true" className="absolute inset-x-0 h-0.5 bg-primary" style={{ top: (tops[shownIndex] ?? 0) * height }} />
          {dragIndex !== null && shown && (
            <span
              aria-hidden="true"
              className="absolute end-full me-2 -translate-y-1/2 rounded-md bg-primary px-2 py-1 text-sm whitespace-nowrap text-primary-foreground shadow"
              style={{ top: (tops[shownIndex] ?? 0) * height }}
            >
              {monthLabel(shown.month)}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
