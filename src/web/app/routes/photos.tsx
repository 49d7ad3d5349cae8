import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorBoundary } from '@web/components/error-boundary';
import { PageHeader } from '@web/components/page-header';
import { PhotoGallery } from '@web/features/photos/components/photo-gallery';
import { PhotoUploadCard } from '@web/features/photos/components/photo-upload-card';
import { paths } from '../paths';

/** spec §2 My Photos (/photos): upload, then the gallery. */
export function PhotosRoute() {
  return (
    <div>
      <title>My Photos · heirloom</title>
      <Link
        to={paths.story}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Story
      </Link>
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
