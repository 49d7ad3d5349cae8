import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

// TODO: replace with `Photo` from '@shared/schemas/photos' once the photos contract lands
// (STYLE §11 rule 2: the shared schema is the only contract). Only the fields the dashboard reads.
export type PhotoSummary = { id: number; title: string | null; fileName: string };

export const photosQuery = () =>
  queryOptions({
    queryKey: queryKeys.photos.list(),
    queryFn: () => api.get<PhotoSummary[]>('/api/photos'),
  });

export const usePhotos = () => useQuery(photosQuery());

/** spec §2/§7: the image path with a cache-busting time value, plus the mobile flag on mobile. */
export function photoImageUrl(id: number, { size, timestamp, isMobile }: { size?: 'thumb'; timestamp: number; isMobile: boolean }) {
  const params = new URLSearchParams();
  if (size) params.set('size', size);
  params.set('t', String(timestamp));
  if (isMobile) params.set('mobile', 'true');
  return `/api/photos/image/${id}?${params.toString()}`;
}
