import { useEffect, useRef } from 'react';
import type { Photo } from '@shared/schemas/photos';
import { usePhoto, type usePhotoPages } from '../api';
import type { useViewerUrl } from '../use-viewer-url';
import { PhotoViewerDialog, type ViewerFaces } from './photo-viewer-dialog';

/** Start loading the next page this many photos before the viewer reaches the last loaded one. */
const PREFETCH_AHEAD = 3;

/**
 * The viewer of the photo the URL names (/photos?photo=ID). It walks the loaded pages in the gallery's order
 * and asks for the next page at their end; a photo no loaded page holds (a search result's link) is fetched on
 * its own, without previous/next. A photo that is gone (deleted, or not the user's) closes the viewer.
 */
export function GalleryViewer({
  photos,
  pages,
  timestamp,
  isMobile,
  url,
  faces,
}: {
  photos: readonly Photo[];
  pages: ReturnType<typeof usePhotoPages>;
  timestamp: number;
  isMobile: boolean;
  url: ReturnType<typeof useViewerUrl>;
  faces?: ViewerFaces;
}) {
  const { openId } = url;
  const index = openId === undefined ? -1 : photos.findIndex((p) => p.id === openId);
  const single = usePhoto(openId, index < 0 && !pages.isPending);
  const photo = index >= 0 ? photos[index] : single.data?.id === openId ? single.data : undefined;
  const isGone = openId !== undefined && index < 0 && single.isError;
  const { close } = url;
  const closedGone = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!isGone || closedGone.current === openId) return; // once: closing may go back in history
    closedGone.current = openId;
    close();
  }, [isGone, close, openId]);

  const nearEnd = index >= 0 && index >= photos.length - 1 - PREFETCH_AHEAD;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const next = index >= 0 ? photos[index + 1] : undefined;
  const onNext = next
    ? () => url.step(next.id)
    : index >= 0 && pages.hasNextPage
      ? () =>
          void pages.fetchNextPage().then((result) => {
            const after = result.data?.pages.flatMap((page) => page.items)[index + 1];
            if (after) url.step(after.id);
          })
      : undefined;
  const previous = index > 0 ? photos[index - 1] : undefined;

  return (
    <PhotoViewerDialog
      photo={photo}
      timestamp={timestamp}
      isMobile={isMobile}
      onClose={url.close}
      onPrevious={previous ? () => url.step(previous.id) : undefined}
      onNext={onNext}
      faces={faces}
    />
  );
}
