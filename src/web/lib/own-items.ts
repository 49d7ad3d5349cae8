// The pickers that choose the owner's own photos, memories, documents or contacts (collections' "Add items" and
// "Add people", the Legacy Plan's releases, heirs and verifiers, a letter's photos) read them a page at a time, or
// the search's matches when something is typed: a library of 100,000 photos or 2,000 contacts must never come
// down whole to fill a dialog (issue 15).
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Contact } from '@shared/schemas/contacts';
import type { Memory } from '@shared/schemas/memories';
import type { Page } from '@shared/schemas/paging';
import type { Photo } from '@shared/schemas/photos';
import type { SearchHit, SearchKind, SearchResult } from '@shared/schemas/search';
import { isSearchable } from '@shared/search-terms';
import type { VaultFile } from '@shared/schemas/vault';
import { api, ApiError } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { formatItemDate, memoryItemDate, photoItemDate } from '@web/lib/item-date';
import { pagedItems } from '@web/lib/paged-cache';

/** The owner's library: what collections and releases hold. */
export type LibraryKind = Extract<SearchKind, 'photo' | 'memory' | 'document'>;
export type PickerKind = LibraryKind | 'contact';

export interface PickerItem {
  id: number;
  title: string;
  /** A second line: the memory's day, the document's size, the photo's date. */
  detail: string | null;
  thumbnailUrl: string | null;
  /** A photo that is a video (decision 038): its length for the badge; thumbnailUrl is null until its poster is made. */
  video?: { durationMs: number | null };
  /** A contact's whole record: the rules of who may be chosen (an e-mail address) and what a choice fills in. */
  contact?: Contact;
}

const PICKER_PAGE_SIZE = 60;

const PAGE_PATH: Record<PickerKind, string> = {
  photo: '/api/photos/page',
  memory: '/api/memories/page',
  document: '/api/vault/page',
  contact: '/api/contacts/page',
};

type Owned = Photo | Memory | VaultFile | Contact;

function toPickerItem(kind: PickerKind, item: Owned): PickerItem {
  switch (kind) {
    case 'photo': {
      const photo = item as Photo;
      return {
        id: photo.id,
        title: photo.title || photo.fileName,
        detail: photo.dateTaken ? formatItemDate(photoItemDate(photo)) : null,
        thumbnailUrl: photo.video && photo.derivativeStatus !== 'ready' ? null : `${photo.filePath}?size=thumb`,
        ...(photo.video && { video: { durationMs: photo.video.durationMs } }),
      };
    }
    case 'memory': {
      const memory = item as Memory;
      return { id: memory.id, title: memory.title, detail: formatItemDate(memoryItemDate(memory)), thumbnailUrl: null };
    }
    case 'document': {
      const file = item as VaultFile;
      return { id: file.id, title: file.originalName, detail: formatBytes(file.fileSize), thumbnailUrl: null };
    }
    case 'contact': {
      const contact = item as Contact;
      const title = `${contact.firstName} ${contact.lastName}`.trim();
      return { id: contact.id, title, detail: contact.email, thumbnailUrl: null, contact };
    }
  }
}

/**
 * The contacts a search found, whole: a hit names a contact but carries no e-mail address, which the contact
 * pickers' rules need. One request per hit (20 at most); a contact deleted since the search is left out.
 */
async function foundContacts(hits: SearchHit[]): Promise<PickerItem[]> {
  const found = await Promise.all(
    hits.map((hit) =>
      api.get<Contact>(`/api/contacts/${hit.id}`).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  const items: PickerItem[] = [];
  for (const contact of found) if (contact) items.push(toPickerItem('contact', contact));
  return items;
}

async function fetchPage(kind: PickerKind, search: string, cursor: string | null): Promise<Page<PickerItem>> {
  if (search) {
    const params = new URLSearchParams({ q: search, kind });
    if (cursor) params.set('cursor', cursor);
    const result = await api.get<SearchResult>(`/api/search?${params}`);
    const group = result.groups.find((g) => g.kind === kind);
    const nextCursor = group?.nextCursor ?? null;
    if (kind === 'contact') return { items: await foundContacts(group?.items ?? []), nextCursor };
    const items = (group?.items ?? []).map((hit) => ({
      id: hit.id,
      title: hit.title.text,
      detail: hit.date ? formatItemDate({ date: hit.date, precision: hit.datePrecision ?? undefined, margin: hit.dateMargin }) : null,
      thumbnailUrl: hit.thumbnailUrl,
      ...(hit.mediaType === 'video' && { video: { durationMs: hit.durationMs } }),
    }));
    return { items, nextCursor };
  }
  const params = new URLSearchParams({ limit: String(PICKER_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const page = await api.get<Page<Owned>>(`${PAGE_PATH[kind]}?${params}`);
  return { items: page.items.map((item) => toPickerItem(kind, item)), nextCursor: page.nextCursor };
}

/** The owner's items of one kind, newest first (contacts by name), or those matching `search`; more with fetchNextPage. */
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
