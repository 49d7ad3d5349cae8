// People in the photos (issue 29): fetch + cache only; the components own toasts and dialogs.
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { FaceSuggestion, PeopleSettings, PeopleStatus, Person, PersonPatch, PersonTogether } from '@shared/schemas/people';
import type { Memory } from '@shared/schemas/memories';
import type { Contact, ContactPage } from '@shared/schemas/contacts';
import type { PhotoPage } from '@shared/schemas/photos';
import { api } from '@web/lib/api-client';
import { peoplePagesOptions } from '@web/lib/people-pages';
import { queryKeys } from '@web/lib/query-keys';

/** While photos are still being looked at, the progress is asked for again every few seconds. */
const PROGRESS_POLL_MS = 5000;

export const usePeopleStatus = () =>
  useQuery({
    queryKey: queryKeys.people.status,
    queryFn: () => api.get<PeopleStatus>('/api/people/status'),
    refetchInterval: (query) => (query.state.data?.enabled && query.state.data.photosPending > 0 ? PROGRESS_POLL_MS : false),
  });

export function useSetFaceRecognition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PeopleSettings) => api.put<PeopleStatus>('/api/people/settings', settings),
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.people.status, status);
      return queryClient.invalidateQueries({ queryKey: queryKeys.people.list });
    },
  });
}

export const usePeoplePages = () => useInfiniteQuery(peoplePagesOptions());

export const usePerson = (id: number) =>
  useQuery({ queryKey: queryKeys.people.detail(id), queryFn: () => api.get<Person>(`/api/people/${id}`), retry: false });

/** A person's photos, or (with `withId`) only those they share with that other person. */
export const usePersonPhotos = (id: number, withId?: number) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.people.photos(id, withId),
      queryFn: ({ pageParam }) =>
        api.get<PhotoPage>(
          `/api/people/${id}/photos?sortBy=dateTaken${withId ? `&with=${withId}` : ''}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

export const usePersonTogether = (id: number) =>
  useQuery({ queryKey: queryKeys.people.together(id), queryFn: () => api.get<PersonTogether>(`/api/people/${id}/together`) });

export const usePersonMemories = (id: number) =>
  useQuery({ queryKey: queryKeys.people.memories(id), queryFn: () => api.get<Memory[]>(`/api/people/${id}/memories`) });

export const useSuggestions = () =>
  useQuery({ queryKey: queryKeys.people.suggestions, queryFn: () => api.get<FaceSuggestion[]>('/api/people/suggestions') });

/** After a person or a face changed: the people, their photos and the questions are asked for again. */
const refreshPeople = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.people.all });

export function useUpdatePerson(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PersonPatch) => api.patch<Person>(`/api/people/${id}`, patch),
    onSuccess: (person) => {
      queryClient.setQueryData(queryKeys.people.detail(id), person);
      return refreshPeople(queryClient);
    },
  });
}

/** The owner's answer about a face: who it is, or nobody they were asked about. */
export function useAnswerSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faceId, personId }: { faceId: number; personId: number | null }) =>
      api.patch<void>(`/api/faces/${faceId}`, { personId }),
    onSuccess: () => refreshPeople(queryClient),
  });
}

/** How many contacts the person page's contact choice shows at once: the first page of those whose name holds the text. */
export const CONTACTS_TO_PICK = 20;

/**
 * The owner's contacts to name a person by one: one page of those whose name holds `q` (all of them, a page, when
 * it is empty), asked only once the choice is opened (under the contacts feature's key, so their changes refresh it).
 */
export const useContactsToPick = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.contacts.all, 'to-pick', q] as const,
    queryFn: () => api.get<ContactPage>(`/api/contacts/page?limit=${CONTACTS_TO_PICK}${q ? `&q=${encodeURIComponent(q)}` : ''}`),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The contact a person is linked to (the contacts feature's cache entry for it). */
export const useLinkedContact = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.contacts.detail(id ?? 0),
    queryFn: () => api.get<Contact>(`/api/contacts/${id}`),
    enabled: id !== null,
  });

/** `id` becomes `intoId`: its faces, name and contact join theirs. */
export function useMergePerson(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intoId: number) => api.post<Person>(`/api/people/${id}/merge`, { intoId }),
    onSuccess: () => refreshPeople(queryClient),
  });
}
