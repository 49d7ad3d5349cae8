import type { ComponentProps } from 'react';
import { PhotoViewerDialog } from '@web/features/photos/components/photo-viewer-dialog';
import { viewerFaces } from './viewer-faces';

/** The photo viewer (its details, edit forms and the faces in the photo) as the dashboard's On this day opens it. */
export function OnThisDayViewer(props: Omit<ComponentProps<typeof PhotoViewerDialog>, 'faces'>) {
  return <PhotoViewerDialog {...props} faces={viewerFaces} />;
}
