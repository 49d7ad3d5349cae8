import { useEffect, useEffectEvent, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useTimelinePeriod, type PeriodParams } from '../api';
import { TimelineEntry } from './timeline-entry';
import { TimelineError } from './timeline-error';
import { TimelineEntrySkeletons } from './timeline-skeleton';

/**
 * The entries of one open year, fetched a page at a time: the next page is requested when the end of the
 * list comes near the viewport (or when 'Show more' is pressed), so a year of thousands of items costs
 * one page until the reader scrolls.
 */
export function TimelineYearItems(params: PeriodParams) {
  const period = useTimelinePeriod(params);

  if (period.isPending) return <TimelineEntrySkeletons count={2} />;
  if (period.isError) return <TimelineError message={period.error.message} />;

  const items = period.data.pages.flatMap((page) => page.items);
  return (
    <div>
      <ol className="space-y-4 border-s-2 border-accent ps-4 sm:ps-6">
        {items.map((item) => (
          <li key={`${item.type}-${item.id}`}>
            <TimelineEntry item={item} />
          </li>
        ))}
      </ol>
      {period.hasNextPage && <LoadMore isLoading={period.isFetchingNextPage} onLoad={() => void period.fetchNextPage()} />}
    </div>
  );
}

function LoadMore({ isLoading, onLoad }: { isLoading: boolean; onLoad: () => void }) {
  const intl = useIntl();
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useEffectEvent(onLoad);

  // Subscribing to an external system (the viewport), which is what effects are for.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || isLoading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [isLoading]);

  return (
    <div ref={sentinel} className="mt-4 flex justify-center">
      <Button variant="outline" onClick={onLoad} disabled={isLoading}>
        {isLoading && <Spinner />}
        {isLoading
          ? intl.formatMessage({ id: 'timeline.year.loading', defaultMessage: 'Loading...' })
          : intl.formatMessage({ id: 'timeline.year.more', defaultMessage: 'Show more' })}
      </Button>
    </div>
  );
}
