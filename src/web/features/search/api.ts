import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@shared/schemas/search';
import { isSearchable } from '@shared/search-terms';
import { api } from '@web/lib/api-client';

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
