import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hasPositiveTerm, parseSearchTerms, SEARCH_QUERY_MAX, type SearchResult } from '@shared/schemas/search';
import { api } from '@web/lib/api-client';

/** Whether the server would search for this (the same rule as its 400): at least one word that is not excluded. */
export const isSearchable = (q: string) => q.trim() !== '' && q.length <= SEARCH_QUERY_MAX && hasPositiveTerm(parseSearchTerms(q));

/** All kinds' best matches; the last answer stays on screen while the next one loads, so results don't flicker. */
export function useSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: () => api.get<SearchResult>(`/api/search?${new URLSearchParams({ q })}`),
    enabled: isSearchable(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
