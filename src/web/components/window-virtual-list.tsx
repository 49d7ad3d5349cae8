// A long list that keeps only the rows near the viewport in the DOM (decision 034): the page scrolls as usual
// (window scrolling), rows are measured as they render (memory cards differ in height), and `onNearEnd` asks
// for the next page while a few rows are still left below.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  Fragment,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ElementType,
  type Key,
  type ReactNode,
} from 'react';

/** Spread onto the row's root element: it is measured and placed by the list. */
export type VirtualRowProps = { ref: (element: Element | null) => void; style: CSSProperties; 'data-index': number };

type WindowVirtualListProps<T> = {
  items: T[];
  getKey: (item: T) => Key;
  /** A typical row's height in pixels, until the row is measured. */
  estimateSize: number;
  renderRow: (item: T, rowProps: VirtualRowProps) => ReactNode;
  /** Called when the last rows are about to show (load the next page). */
  onNearEnd?: () => void;
  /** The container: 'ul' when the rows are list items. */
  as?: ElementType;
  className?: string;
  'aria-label'?: string;
};

const NEAR_END_ROWS = 5;

/** The list's distance from the top of the document, followed as content above it grows or shrinks. */
function useDocumentTop(ref: React.RefObject<HTMLElement | null>) {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (ref.current) setTop(ref.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    // Content above the list may change height without the body changing size (a fixed-height layout), so the
    // position is read again on scroll too (one layout read per scroll event, which the list re-renders on anyway).
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return top;
}

export function WindowVirtualList<T>({
  items,
  getKey,
  estimateSize,
  renderRow,
  onNearEnd,
  as: Container = 'div',
  className,
  'aria-label': ariaLabel,
}: WindowVirtualListProps<T>) {
  const listRef = useRef<HTMLElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 3,
    scrollMargin,
    getItemKey: (index) => getKey(items[index]!),
    // The list moves the page when rows above the screen turn out taller or shorter than estimated. Such a
    // correction must land at once: under the page's smooth scrolling (styles.css) each one became an animation
    // that the next cut short, and scrolling through a long list crawled.
    scrollToFn: (offset, { adjustments = 0, behavior }) => window.scrollTo({ top: offset + adjustments, behavior: behavior ?? 'instant' }),
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  // Checked after every render (the list renders on scroll): a page that was refused because another was still
  // loading is asked for again once that one has come, even if the user no longer scrolls. onNearEnd ignores
  // repeats while a page is loading.
  const nearEnd = items.length > 0 && lastIndex >= items.length - NEAR_END_ROWS;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  });

  return (
    <Container
      ref={listRef}
      aria-label={ariaLabel}
      className={className}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => (
        <Fragment key={row.key}>
          {renderRow(items[row.index]!, {
            ref: virtualizer.measureElement,
            'data-index': row.index,
            style: {
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            },
          })}
        </Fragment>
      ))}
    </Container>
  );
}
