import { ErrorBoundary } from '@web/components/error-boundary';
import { BackToStoryLink } from '../back-to-story-link';
import { PageHeader } from '@web/components/page-header';
import { PhotoGallery } from '@web/features/photos/components/photo-gallery';
import { PhotoUploadCard } from '@web/features/photos/components/photo-upload-card';

/** spec §2 My Photos (/photos): upload, then the gallery. */
export function PhotosRoute() {
  return (
    <div>
      <title>My Photos · heirloom</title>
      <BackToStoryLink />
      <PageHeader title="My Photos" description="Every photo keeps the date, place and camera it was taken with." />
      <div className="mt-8 grid gap-6">
        <PhotoUploadCard />
        <ErrorBoundary>
          <PhotoGallery />
        </ErrorBoundary>
      </div>
    </div>
  );
}
