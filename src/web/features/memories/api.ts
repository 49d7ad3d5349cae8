// Fetch + cache only; components own the toasts (STYLE §11 rule 7).
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ATTACHMENT_MAX_FILES } from '@shared/limits';
import type {
  AnalyzeResult,
  Attachment,
  ImproveInput,
  ImproveResult,
  LinkCandidates,
  Memory,
  MemoryInput,
  MemoryLinksInput,
  MemoryOrganization,
  MemorySuggestions,
} from '@shared/schemas/memories';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

const memoriesQuery = () => queryOptions({ queryKey: queryKeys.memories.list, queryFn: () => api.get<Memory[]>('/api/memories') });

export const useMemories = () => useQuery(memoriesQuery());

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

/** Memories appear on the timeline; their attachments may be gallery photos or vault files (spec §7). */
function invalidateAll(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.memories.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.photos.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.vault.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
  ]);
}

export function useCreateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemoryInput) => api.post<Memory>('/api/memories', input),
    onSuccess: () => invalidateAll(queryClient),
  });
}

export function useUpdateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MemoryInput }) => api.patch<Memory>(`/api/memories/${id}`, input),
    onSuccess: () => invalidateAll(queryClient),
  });
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/memories/${id}`),
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
    onSettled: () => invalidateAll(queryClient),
  });
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memoryId, attachmentId }: { memoryId: number; attachmentId: string }) =>
      api.delete(`/api/memories/${memoryId}/attachments/${encodeURIComponent(attachmentId)}`),
    onSettled: () => invalidateAll(queryClient),
  });
}

export function useLinkItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memoryId, links }: { memoryId: number; links: MemoryLinksInput }) =>
      api.post<Attachment[]>(`/api/memories/${memoryId}/links`, links),
    onSettled: () => invalidateAll(queryClient),
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

/** A memory's own file, as the browser loads it. */
export const isImage = (attachment: Pick<Attachment, 'mimeType'>) => attachment.mimeType.startsWith('image/');
export const isAudio = (attachment: Pick<Attachment, 'mimeType'>) => attachment.mimeType.startsWith('audio/');
/**
 * Browsers other than Safari cannot draw HEIC/HEIF: gallery photos and a memory's own HEIC files are served
 * converted to JPEG; a vault document is served as it is, so a HEIC there shows as a file.
 */
export const isDisplayableImage = (attachment: Pick<Attachment, 'mimeType' | 'type'>) =>
  attachment.type === 'photo' || (isImage(attachment) && (attachment.type !== 'vault' || !/hei[cf]/.test(attachment.mimeType)));
