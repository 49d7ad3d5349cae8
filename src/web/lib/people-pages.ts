// The owner's people a page at a time (named first, then the most seen): one query for every screen that lists or
// picks them (the people feature's screens, a person collection's choice), so they share one cache. A picker can
// ask for the named whose name holds some text, or only the unnamed, so it reaches anyone in a large library.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PersonPage } from '@shared/schemas/people';
import { api } from './api-client';
import { queryKeys } from './query-keys';

export interface PeopleFilter {
  /** Part of a name: only the named people whose name holds it, letter case aside. */
  q?: string;
  /** Only the named (true) or only those not yet named (false). */
  named?: boolean;
}

/** The query string of one page: the filter, then the cursor. */
function pageUrl({ q, named }: PeopleFilter, cursor: string | undefined) {
  const params = new URLSearchParams();
  if (q !== undefined) params.set('q', q);
  if (named !== undefined) params.set('named', String(named));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/api/people${query ? `?${query}` : ''}`;
}

export const peoplePagesOptions = (filter: PeopleFilter = {}) =>
  infiniteQueryOptions({
    // under the list's key, so whatever refreshes the list refreshes every filtered page too
    queryKey: filter.q === undefined && filter.named === undefined ? queryKeys.people.list : [...queryKeys.people.list, filter],
    queryFn: ({ pageParam }) => api.get<PersonPage>(pageUrl(filter, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A picker's people: the named whose name holds some text, or the unnamed; asked for once `enabled`. */
export const usePeopleToPick = (filter: PeopleFilter, enabled: boolean) =>
  useInfiniteQuery({ ...peoplePagesOptions(filter), enabled, placeholderData: keepPreviousData });
