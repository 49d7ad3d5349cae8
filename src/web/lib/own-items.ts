// The pickers that choose the owner's own photos, memories or documents (collections' "Add items", the Legacy
// Plan's releases, a letter's photos) read them a page at a time, or the search's matches when something is
// typed: a library of 100,000 photos must never come down whole to fill a dialog (issue 15).
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Memory } from '@shared/schemas/memories';
import type { Page } from '@shared/schemas/paging';
import type { Photo } from '@shared/schemas/photos';
import { isSearchable, type SearchKind, type SearchResult } from '@shared/schemas/search';
import type { VaultFile } from '@shared/schemas/vault';
import { api } from '@web/lib/api-client';
import { formatBytes, formatLongDate } from '@web/lib/format';
import { pagedItems } from '@web/lib/paged-cache';

export type PickerKind = Extract<SearchKind, 'photo' | 'memory' | 'document'>;

export interface PickerItem {
  id: number;
  title: string;
  /** A second line: the memory's day, the document's size, the photo's date. */
  detail: string | null;
  thumbnailUrl: string | null;
}

const PICKER_PAGE_SIZE = 60;

const PAGE_PATH: Record<PickerKind, string> = { photo: '/api/photos/page', memory: '/api/memories/page', document: '/api/vault/page' };

type Owned = Photo | Memory | VaultFile;

function toPickerItem(kind: PickerKind, item: Owned): PickerItem {
  switch (kind) {
    case 'photo': {
      const photo = item as Photo;
      return {
        id: photo.id,
        title: photo.title || photo.fileName,
        detail: photo.dateTaken ? formatLongDate(photo.dateTaken) : null,
        thumbnailUrl: `${photo.filePath}?size=thumb`,
      };
    }
    case 'memory': {
      const memory = item as Memory;
      return { id: memory.id, title: memory.title, detail: formatLongDate(memory.eventDate), thumbnailUrl: null };
    }
    case 'document': {
      const file = item as VaultFile;
      return { id: file.id, title: file.originalName, detail: formatBytes(file.fileSize), thumbnailUrl: null };
    }
  }
}

async function fetchPage(kind: PickerKind, search: string, cursor: string | null): Promise<Page<PickerItem>> {
  if (search) {
    const params = new URLSearchParams({ q: search, kind });
    if (cursor) params.set('cursor', cursor);
    const result = await api.get<SearchResult>(`/api/search?${params}`);
    const group = result.groups.find((g) => g.kind === kind);
    const items = (group?.items ?? []).map((hit) => ({
      id: hit.id,
      title: hit.title.text,
      detail: hit.date ? formatLongDate(hit.date) : null,
      thumbnailUrl: hit.thumbnailUrl,
    }));
    return { items, nextCursor: group?.nextCursor ?? null };
  }
  const params = new URLSearchParams({ limit: String(PICKER_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const page = await api.get<Page<Owned>>(`${PAGE_PATH[kind]}?${params}`);
  return { items: page.items.map((item) => toPickerItem(kind, item)), nextCursor: page.nextCursor };
}

/** The owner's items of one kind, newest first, or those matching `search`; more with fetchNextPage. */
export function useOwnItems(kind: PickerKind, { search, enabled }: { search: string; enabled: boolean }) {
  const q = isSearchable(search) ? search : '';
  const query = useInfiniteQuery({
    // Its own key (the features' caches hold whole items, these are picker rows), read afresh whenever a picker
    // opens: uploads and deletions elsewhere do not touch it.
    queryKey: ['picker', kind, q] as const,
    queryFn: ({ pageParam }) => fetchPage(kind, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
  return { ...query, items: pagedItems(query.data) };
}
