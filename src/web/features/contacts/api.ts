// Contacts: fetch + cache only; the components own toasts, dialogs and form resets.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactInput, ContactPatch, Relationship } from '@shared/schemas/contacts';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

const contactsQuery = (relationship: Relationship) =>
  queryOptions({
    queryKey: queryKeys.contacts.list(relationship),
    queryFn: () => api.get<Contact[]>(`/api/contacts?relationship=${relationship}`),
  });

export const useContacts = (relationship: Relationship) => useQuery(contactsQuery(relationship));

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<Contact>('/api/contacts', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ContactPatch }) => api.patch<Contact>(`/api/contacts/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/contacts/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
  });
}
