import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ContentType, SortDirection, TimelinePeriod, TimelineSummary } from '@shared/schemas/timeline';
import { api, ApiError } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { queryKeys } from '@web/lib/query-keys';

/** spec §9: "Timeline summary ... freshness: 5 minutes". Timeline pages follow the same rule. */
const TIMELINE_STALE_MS = 5 * 60 * 1000;

/** Items per request when a year is opened; lazy images keep the first screen to a few dozen requests. */
const TIMELINE_PAGE_SIZE = 30;

const messages = defineMessages({
  failedStatus: { id: 'timeline.fetch.failedStatus', defaultMessage: 'Failed to fetch timeline: {status}' },
  failed: { id: 'timeline.fetch.failed', defaultMessage: 'Failed to fetch timeline data' },
});

/** spec §8: 'Failed to fetch timeline: {status}' or 'Failed to fetch timeline data'. */
async function fetchTimeline<T>(url: string): Promise<T> {
  try {
    return await api.get<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      throw new Error(activeIntl().formatMessage(messages.failedStatus, { status: String(error.status) }), { cause: error });
    }
    throw new Error(activeIntl().formatMessage(messages.failed), { cause: error });
  }
}

const timelineSummaryQuery = (tz: string, person?: number) =>
  queryOptions({
    queryKey: queryKeys.timeline.summary(tz, person),
    queryFn: () =>
      fetchTimeline<TimelineSummary>(`/api/timeline/summary?${new URLSearchParams({ tz, ...(person ? { person: String(person) } : {}) })}`),
    staleTime: TIMELINE_STALE_MS,
  });

/** With `person` (issue 29): the counts of the photos that person is in. */
export const useTimelineSummary = (tz: string, person?: number) => useQuery(timelineSummaryQuery(tz, person));

export interface PeriodParams {
  year: number;
  sortDirection: SortDirection;
  /** undefined = all content (spec §4 default). */
  contentType?: ContentType;
  tz: string;
  /** Only the photos this person is in (issue 29). */
  person?: number;
}

const timelinePeriodQuery = ({ year, sortDirection, contentType, tz, person }: PeriodParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.timeline.period(year, sortDirection, contentType ?? 'all', tz, person),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ year: String(year), sortDirection, tz, limit: String(TIMELINE_PAGE_SIZE) });
      if (contentType) params.set('contentType', contentType);
      if (person) params.set('person', String(person));
      if (pageParam) params.set('cursor', pageParam);
      return fetchTimeline<TimelinePeriod>(`/api/timeline/period?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: TIMELINE_STALE_MS,
  });

export const useTimelinePeriod = (params: PeriodParams) => useInfiniteQuery(timelinePeriodQuery(params));
