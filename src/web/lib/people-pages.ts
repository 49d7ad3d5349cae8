// The owner's people a page at a time (named first, then the most seen): one query for every screen that lists or
// picks them (the people feature's screens, a person collection's choice), so they share one cache.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PersonPage } from '@shared/schemas/people';
import { api } from './api-client';
import { queryKeys } from './query-keys';

export const peoplePagesOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.people.list,
    queryFn: ({ pageParam }) => api.get<PersonPage>(`/api/people${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
