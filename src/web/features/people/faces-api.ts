// The faces in one photo (issue 29): fetch + cache only; the components own toasts.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Face, FaceCreate, FacePatch, Person } from '@shared/schemas/people';
import { api } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { queryKeys } from '@web/lib/query-keys';

/** The faces in one photo, with their boxes: the photo viewer. */
export const usePhotoFaces = (photoId: number) =>
  useQuery({ queryKey: queryKeys.people.faces(photoId), queryFn: () => api.get<Face[]>(`/api/photos/${photoId}/faces`) });

/** A face drawn, moved or removed: the people, the photo's faces, and the gallery and timeline filtered by a person. */
const refreshFaces = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.people.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.photos.pageChains, predicate: (query) => query.queryKey[4] !== 'everyone' }),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
  ]);

/** A box the owner drew around a face the detector missed (fractions of the picture). */
export function useAddFace(photoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (face: FaceCreate) => api.post<Face>(`/api/photos/${photoId}/faces`, face),
    onSuccess: () => refreshFaces(queryClient),
  });
}

/** Who a face is: one of the owner's people, or a typed name (their person of that name, made when there is none). */
export function useSetFace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faceId, ...who }: { faceId: number } & FacePatch) => api.patch<void>(`/api/faces/${faceId}`, who),
    onSuccess: () => refreshFaces(queryClient),
  });
}

export function useRemoveFace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faceId: number) => api.delete(`/api/faces/${faceId}`),
    onSuccess: () => refreshFaces(queryClient),
  });
}

/** The person a face is, for their name (the same cache as the person's page); nothing to ask for a face of nobody. */
export const useFacePerson = (personId: number | null) =>
  useQuery({
    queryKey: queryKeys.people.detail(personId ?? 0),
    queryFn: () => api.get<Person>(`/api/people/${personId}`),
    enabled: personId !== null,
    retry: false,
  });

/** What a face is called: the person's name, "Unnamed person" for someone not yet named, "Not named yet" for nobody. */
export function useFaceLabel(face: Face): string {
  const intl = useIntl();
  const person = useFacePerson(face.personId);
  const unnamed = intl.formatMessage({ id: 'people.face.unnamed', defaultMessage: 'Unnamed person' });
  if (face.personId === null) return intl.formatMessage({ id: 'people.face.notNamed', defaultMessage: 'Not named yet' });
  if (person.data) return person.data.name ?? unnamed;
  return person.isPending ? '…' : unnamed;
}
