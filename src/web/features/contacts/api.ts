// Contacts: fetch + cache only; the components own toasts, dialogs and form resets.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Contact, ContactInput, ContactPage, ContactPatch, Relationship } from '@shared/schemas/contacts';
import { api } from '@web/lib/api-client';
import { invalidateExceptPages, prependToPages, removeFromPages, replaceInPages } from '@web/lib/paged-cache';
import { queryKeys } from '@web/lib/query-keys';

/** The screen's contacts of one relationship, in the list's order, a page at a time. */
export const useContactPages = (relationship: Relationship) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.contacts.pagesOf(relationship),
      queryFn: ({ pageParam }) =>
        api.get<ContactPage>(
          `/api/contacts/page?relationship=${relationship}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** One contact (a link from search opens it even when its page is not loaded). */
export const useContact = (id: number | null) =>
  useQuery({ queryKey: queryKeys.contacts.detail(id ?? 0), queryFn: () => api.get<Contact>(`/api/contacts/${id}`), enabled: id !== null });

// The screen's loaded pages are kept in step by hand (decision 034): refetching them would reload every page.
const invalidateContacts = (queryClient: QueryClient) =>
  invalidateExceptPages(queryClient, queryKeys.contacts.all, queryKeys.contacts.pages);

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<Contact>('/api/contacts', input),
    onSuccess: (contact) => {
      prependToPages(queryClient, queryKeys.contacts.pagesOf(contact.relationship), contact);
      return invalidateContacts(queryClient);
    },
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ContactPatch }) => api.patch<Contact>(`/api/contacts/${id}`, input),
    onSuccess: (contact) => {
      replaceInPages(queryClient, queryKeys.contacts.pages, contact);
      queryClient.setQueryData(queryKeys.contacts.detail(contact.id), contact);
      return invalidateContacts(queryClient);
    },
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/contacts/${id}`),
    onSuccess: (_, id) => {
      removeFromPages(queryClient, queryKeys.contacts.pages, id);
      return invalidateContacts(queryClient);
    },
  });
}
