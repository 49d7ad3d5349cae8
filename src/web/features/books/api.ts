// The life-story books (decision 068): the owner's list (polled while one is being made), making and deleting one,
// listing their voice links and stopping them (all or one), and what the dialog offers to choose from (collections, interviews, the photos of memories).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book, BookInput, BookVoiceLink } from '@shared/schemas/books';
import type { Interview } from '@shared/schemas/interviews';
import type { Photo } from '@shared/schemas/photos';
import type { Collection } from '@shared/schemas/sharing';
import { api } from '@web/lib/api-client';

/** How often a book being made is asked for its progress. */
const POLL_MS = 1500;
export const booksKey = ['books'] as const;

const isBuilding = (book: Book) => book.status === 'queued' || book.status === 'building';

export const useBooks = () =>
  useQuery({
    queryKey: booksKey,
    queryFn: () => api.get<Book[]>('/api/books'),
    refetchInterval: (query) => (query.state.data?.some(isBuilding) ? POLL_MS : false),
  });

export function useMakeBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookInput) => api.post<{ id: number }>('/api/books', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: booksKey }),
  });
}

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/books/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: booksKey }),
  });
}

/** Ends the links the book's QR codes open; the PDF stays. */
export function useStopVoiceLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/books/${id}/voice-links`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: booksKey }),
  });
}

/** A book's voice links, each with its memory; read only while the list is open. */
export const useBookVoiceLinks = (bookId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...booksKey, bookId, 'voice-links'],
    queryFn: () => api.get<BookVoiceLink[]>(`/api/books/${bookId}/voice-links`),
    enabled,
  });

/** Ends one link a book's QR code opens; the other links and the PDF stay. */
export function useStopVoiceLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, linkId }: { bookId: number; linkId: number }) => api.delete(`/api/books/${bookId}/voice-links/${linkId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: booksKey }),
  });
}

/** The owner's interviews, for a book of one storyteller's answers; read only while the dialog is open. */
/** The interviews a book can be made of: not one a relative proposed and the owner has not approved (it has no answers). */
export const useBookInterviews = (enabled: boolean) =>
  useQuery({
    queryKey: ['books', 'interviews'],
    queryFn: async () => (await api.get<Interview[]>('/api/interviews')).filter((i) => i.status !== 'proposed'),
    enabled,
  });

/** Read only while the dialog is open. */
export const useBookCollections = (enabled: boolean) =>
  useQuery({ queryKey: ['books', 'collections'], queryFn: () => api.get<Collection[]>('/api/collections'), enabled });

/** The photos that belong to a memory: the cover is chosen among them. */
export const useMemoryPhotos = (enabled: boolean) =>
  useQuery({
    queryKey: ['books', 'memory-photos'],
    queryFn: async () => (await api.get<Photo[]>('/api/photos')).filter((p) => p.memoryId !== null && p.mimeType.startsWith('image/')),
    enabled,
  });
