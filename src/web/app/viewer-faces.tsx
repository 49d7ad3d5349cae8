import type { ViewerFaces } from '@web/features/photos/components/photo-viewer-dialog';
import { FacesInPhoto } from '@web/features/people/components/faces-in-photo';
import { FacesOnPicture } from '@web/features/people/components/faces-on-picture';
import { personPath } from './paths';

/** Who is in the photo (issue 29): the people feature's faces, in the photos feature's viewer. */
export const viewerFaces: ViewerFaces = {
  picture: (photo, image) => <FacesOnPicture key={photo.id} photoId={photo.id} image={image} personHref={personPath} />,
  panel: (photo) => <FacesInPhoto key={photo.id} photoId={photo.id} personHref={personPath} />,
};
