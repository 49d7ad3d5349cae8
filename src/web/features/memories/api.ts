// Fetch + cache only; components own the toasts (STYLE §11 rule 7).
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ATTACHMENT_MAX_FILES } from '@shared/limits';
import type {
  AnalyzeResult,
  Attachment,
  ImproveInput,
  ImproveResult,
  LinkCandidates,
  Memory,
  MemoryGroup,
  MemoryInput,
  MemoryLinksInput,
  MemoryOrganization,
  MemoryPage,
  MemorySuggestions,
} from '@shared/schemas/memories';
import type { Transcription } from '@shared/schemas/transcription';
import { api } from '@web/lib/api-client';
import { invalidateExceptPages, prependToPages, removeFromPages, replaceInPages } from '@web/lib/paged-cache';
import { queryKeys } from '@web/lib/query-keys';

/** Memories a group holds are asked for this many at a time (the server's `ids` filter takes up to 200). */
const GROUP_CHUNK = 100;

const allMemoriesPagesQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.memories.pagesOf('all'),
    queryFn: ({ pageParam }) => api.get<MemoryPage>(`/api/memories/page${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * A "Browse your memories" group: its ids (in the list's order) a chunk at a time, each chunk in the list's
 * order; the page param is the offset of the next chunk.
 */
const groupPagesQuery = (group: MemoryGroup) =>
  infiniteQueryOptions({
    queryKey: queryKeys.memories.pagesOf(`group:${group.label}:${group.memoryIds.length}:${group.memoryIds[0] ?? 0}`),
    queryFn: async ({ pageParam }) => {
      const offset = Number(pageParam ?? 0);
      const ids = group.memoryIds.slice(offset, offset + GROUP_CHUNK);
      const page = await api.get<MemoryPage>(`/api/memories/page?limit=${GROUP_CHUNK}&ids=${ids.join(',')}`);
      const next = offset + GROUP_CHUNK;
      return { items: page.items, nextCursor: next < group.memoryIds.length ? String(next) : null };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The screen's memories, a page at a time: all of them, or those of one group. */
export const useMemoryPages = (group: MemoryGroup | null) => useInfiniteQuery(group ? groupPagesQuery(group) : allMemoriesPagesQuery());

const memoryQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.memories.detail(id), queryFn: () => api.get<Memory>(`/api/memories/${id}`) });

/** One memory (a link from search opens it even when its page is not loaded). */
export const useMemory = (id: number | null) => useQuery({ ...memoryQuery(id ?? 0), enabled: id !== null });

/** A memory by id, from the cache when loaded (a suggestion may name a memory on a page not loaded yet). */
export function useFetchMemory() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.fetchQuery(memoryQuery(id));
}

export const useMemoryAttachments = (memoryId: number) =>
  useQuery({
    queryKey: queryKeys.memories.attachments(memoryId),
    queryFn: () => api.get<Attachment[]>(`/api/memories/${memoryId}/attachments`),
  });

export const useLinkCandidates = (memoryId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.memories.linkCandidates(memoryId ?? 0),
    queryFn: () => api.get<LinkCandidates>(`/api/memories/${memoryId}/link-candidates`),
    enabled: enabled && memoryId !== undefined,
    staleTime: 0,
  });

// spec §9: suggestions fresh for 5 minutes, organisation for 15.
export const useMemorySuggestions = () =>
  useQuery({
    queryKey: queryKeys.memories.suggestions,
    queryFn: () => api.get<MemorySuggestions>('/api/memories/suggestions'),
    staleTime: 5 * 60 * 1000,
  });

export const useMemoryOrganization = () =>
  useQuery({
    queryKey: queryKeys.memories.organize,
    queryFn: () => api.get<MemoryOrganization>('/api/memories/organize'),
    staleTime: 15 * 60 * 1000,
  });

/**
 * Memories appear on the timeline; their attachments may be gallery photos or vault files (spec §7). The
 * screen's loaded pages are kept in step by hand instead (decision 034): refetching them would reload every page.
 */
function invalidateAll(queryClient: QueryClient) {
  return Promise.all([
    invalidateExceptPages(queryClient, queryKeys.memories.all, queryKeys.memories.pages),
    queryClient.invalidateQueries({ queryKey: queryKeys.photos.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.vault.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
  ]);
}

function putMemory(queryClient: QueryClient, memory: Memory) {
  replaceInPages(queryClient, queryKeys.memories.pages, memory);
  queryClient.setQueryData(queryKeys.memories.detail(memory.id), memory);
}

/** After its attachments changed: the memory as the server now has it, in place. */
async function refreshMemory(queryClient: QueryClient, memoryId: number) {
  try {
    putMemory(queryClient, await api.get<Memory>(`/api/memories/${memoryId}`));
  } catch {
    // deleted meanwhile: the next load of the list shows that
  }
}

export function useCreateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemoryInput) => api.post<Memory>('/api/memories', input),
    onSuccess: (memory) => {
      prependToPages(queryClient, queryKeys.memories.pagesOf('all'), memory);
      return invalidateAll(queryClient);
    },
  });
}

export function useUpdateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MemoryInput }) => api.patch<Memory>(`/api/memories/${id}`, input),
    onSuccess: (memory) => {
      putMemory(queryClient, memory);
      return invalidateAll(queryClient);
    },
  });
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/memories/${id}`),
    onSuccess: (_, id) => removeFromPages(queryClient, queryKeys.memories.pages, id),
    onSettled: () => invalidateAll(queryClient),
  });
}

/** Uploads in batches of at most five files (spec §9: 5 per request); resolves to the number uploaded. */
export function useUploadAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memoryId, files }: { memoryId: number; files: File[] }) => {
      let uploaded = 0;
      for (let i = 0; i < files.length; i += ATTACHMENT_MAX_FILES) {
        const form = new FormData();
        for (const file of files.slice(i, i + ATTACHMENT_MAX_FILES)) form.append('attachments', file);
        const created = await api.upload<Attachment[]>(`/api/memories/${memoryId}/attachments`, form);
        uploaded += created?.length ?? 0;
      }
      return uploaded;
    },
    onSettled: (_, __, { memoryId }) => Promise.all([refreshMemory(queryClient, memoryId), invalidateAll(queryClient)]),
  });
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memoryId, attachmentId }: { memoryId: number; attachmentId: string }) =>
      api.delete(`/api/memories/${memoryId}/attachments/${encodeURIComponent(attachmentId)}`),
    onSettled: (_, __, { memoryId }) => Promise.all([refreshMemory(queryClient, memoryId), invalidateAll(queryClient)]),
  });
}

export function useLinkItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memoryId, links }: { memoryId: number; links: MemoryLinksInput }) =>
      api.post<Attachment[]>(`/api/memories/${memoryId}/links`, links),
    onSettled: (_, __, { memoryId }) => Promise.all([refreshMemory(queryClient, memoryId), invalidateAll(queryClient)]),
  });
}

export function useAnalyzeMemory() {
  return useMutation({
    mutationFn: (input: { title: string; description: string; existingTags: string[] }) =>
      api.post<AnalyzeResult>('/api/memories/analyze', input),
  });
}

export function useImproveContent() {
  return useMutation({
    mutationFn: (input: ImproveInput) => api.post<ImproveResult>('/api/memories/improve', input),
  });
}

/** What a Transcribe button sends (decision 039): a file not uploaded yet, or an own attachment already saved. */
export type TranscriptionSource = { file: File } | { memoryId: number; attachmentId: string };

/** Speech to text; offered only when the server's capabilities say `transcription`. One per button, for its own busy state. */
export function useTranscribe() {
  return useMutation({
    mutationFn: (source: TranscriptionSource) => {
      if ('file' in source) {
        const form = new FormData();
        form.append('audio', source.file);
        return api.post<Transcription>('/api/memories/transcriptions', form);
      }
      return api.post<Transcription>(
        `/api/memories/${source.memoryId}/attachments/${encodeURIComponent(source.attachmentId)}/transcription`,
      );
    },
  });
}

/** A memory's own file, as the browser loads it. */
export const isImage = (attachment: Pick<Attachment, 'mimeType'>) => attachment.mimeType.startsWith('image/');
export const isAudio = (attachment: Pick<Attachment, 'mimeType'>) => attachment.mimeType.startsWith('audio/');
/**
 * Browsers other than Safari cannot draw HEIC/HEIF: gallery photos and a memory's own HEIC files are served
 * converted to JPEG; a vault document is served as it is, so a HEIC there shows as a file.
 */
export const isDisplayableImage = (attachment: Pick<Attachment, 'mimeType' | 'type'>) =>
  attachment.type === 'photo' || (isImage(attachment) && (attachment.type !== 'vault' || !/hei[cf]/.test(attachment.mimeType)));
