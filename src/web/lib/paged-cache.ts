// The paged lists' caches (decision 034): a change the server confirmed is written into the loaded pages in
// place, so a screen never reloads every page it has shown for one edit.
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/paging';

export type PagedData<T> = InfiniteData<Page<T>, unknown>;

/** Every item of the loaded pages, in order. */
export function pagedItems<T>(data: InfiniteData<Page<T>, unknown> | undefined): T[] {
  const items: T[] = [];
  for (const page of data?.pages ?? []) items.push(...page.items);
  return items;
}

/** The same pages with each page's items changed (cursors kept). */
export function mapPageItems<T, D extends InfiniteData<Page<T>, unknown>>(data: D, change: (items: T[]) => T[]): D {
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

function mapItems<T>(queryClient: QueryClient, queryKey: QueryKey, change: (items: T[]) => T[]) {
  queryClient.setQueriesData<PagedData<T>>({ queryKey }, (data) => (data ? mapPageItems(data, change) : data));
}

/** The item as the server now has it, wherever it is loaded under `queryKey`. */
export function replaceInPages<T extends { id: number }>(queryClient: QueryClient, queryKey: QueryKey, item: T) {
  mapItems<T>(queryClient, queryKey, (items) => items.map((it) => (it.id === item.id ? item : it)));
}

export function removeFromPages<T extends { id: number }>(queryClient: QueryClient, queryKey: QueryKey, id: number) {
  mapItems<T>(queryClient, queryKey, (items) => items.filter((it) => it.id !== id));
}

/** A new item at the top of the list's first page (where the user who made it looks for it). */
export function prependToPages<T extends { id: number }>(queryClient: QueryClient, queryKey: QueryKey, item: T) {
  queryClient.setQueryData<PagedData<T>>(queryKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.items.some((it) => it.id === item.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
  });
}

/** Invalidates everything under `queryKey` except the paged lists under `pagesKey`, which are kept in step by hand. */
export function invalidateExceptPages(queryClient: QueryClient, queryKey: QueryKey, pagesKey: QueryKey) {
  return queryClient.invalidateQueries({
    queryKey,
    predicate: (query) => !pagesKey.every((part, i) => query.queryKey[i] === part),
  });
}
