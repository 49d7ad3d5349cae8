import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareSettings, CareSettingsInput, CareView } from '@shared/schemas/care';
import type { Contact } from '@shared/schemas/contacts';
import type { Collection, SharedCollection } from '@shared/schemas/sharing';
import { api } from '@web/lib/api-client';

// care access (decision 077): its own query keys, read by this feature only
export const careKeys = {
  settings: ['legacy-care'] as const,
  contacts: ['legacy-care', 'contacts'] as const,
  collections: ['legacy-care', 'collections'] as const,
  view: (token: string) => ['care-link', token] as const,
  collection: (url: string) => ['care-link', 'collection', url] as const,
};

export function useCareSettings() {
  return useQuery({ queryKey: careKeys.settings, queryFn: () => api.get<CareSettings>('/api/legacy/care') });
}

/** The owner's contacts with an address: only they can be mailed their link. */
export function useCareContacts(enabled = true) {
  return useQuery({
    queryKey: careKeys.contacts,
    queryFn: async () => (await api.get<Contact[]>('/api/contacts')).filter((contact) => !!contact.email),
    enabled,
  });
}

export function useCareCollections(enabled = true) {
  return useQuery({ queryKey: careKeys.collections, queryFn: () => api.get<Collection[]>('/api/collections'), enabled });
}

export function useSaveCare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CareSettingsInput) => api.put<CareSettings>('/api/legacy/care', input),
    onSuccess: (saved) => queryClient.setQueryData(careKeys.settings, saved),
  });
}

export function useEndCare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CareSettings>('/api/legacy/care/end'),
    onSuccess: (saved) => queryClient.setQueryData(careKeys.settings, saved),
  });
}

/** The caregiver's page, by their personal link (no account). */
export function useCareView(token: string, enabled: boolean) {
  return useQuery({ queryKey: careKeys.view(token), queryFn: () => api.get<CareView>(`/api/care/${token}`), enabled, retry: false });
}

export function useAskCare(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<CareView>(`/api/care/${token}/ask`, message ? { message } : {}),
    onSuccess: (view) => queryClient.setQueryData(careKeys.view(token), view),
  });
}

/** One chosen collection while care access is open: the shared view's shape. */
export function useCareCollection(url: string, enabled: boolean) {
  return useQuery({ queryKey: careKeys.collection(url), queryFn: () => api.get<SharedCollection>(url), enabled });
}

/** The owner's one click from the request's mail. */
export function useRefuseCare() {
  return useMutation({ mutationFn: (token: string) => api.post<{ message: string }>('/api/care/refuse', { token }) });
}
