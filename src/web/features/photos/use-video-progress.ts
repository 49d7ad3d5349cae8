import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { Photo } from '@shared/schemas/photos';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { refreshCachedPhoto } from './photo-cache';

/** How often a video still being prepared is asked for again. */
export const VIDEO_POLL_MS = 3000;
/** At most this many videos are watched at once (an import may bring hundreds); the rest follow as these finish. */
const MAX_WATCHED = 24;

/** A video the server is still working on: its playable copy, or its poster. */
export const isVideoBeingPrepared = (photo: Photo) =>
  photo.video !== null && (photo.video.playback === 'preparing' || photo.derivativeStatus === 'pending');

/**
 * Decision 038: the videos among `photos` that the server is still preparing are asked for every few seconds,
 * and each answer is written in place into every cached copy (the page chains, the dashboard's recent page),
 * so their tiles move from "Preparing video… 40 %" to playable without reloading the gallery. A video that is
 * ready leaves the list, and its polling stops.
 */
export function useVideoProgress(photos: readonly Photo[]) {
  const queryClient = useQueryClient();
  const watched = photos.filter(isVideoBeingPrepared).slice(0, MAX_WATCHED);
  useQueries({
    queries: watched.map((video) => ({
      queryKey: queryKeys.photos.detail(video.id),
      queryFn: async () => {
        const before = queryClient.getQueryData<Photo>(queryKeys.photos.detail(video.id)) ?? video;
        const photo = await api.get<Photo>(`/api/photos/${video.id}`);
        await refreshCachedPhoto(queryClient, photo, before);
        return photo;
      },
      refetchInterval: VIDEO_POLL_MS,
      retry: false,
    })),
  });
}
