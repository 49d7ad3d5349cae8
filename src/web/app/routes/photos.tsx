import { ErrorBoundary } from '@web/components/error-boundary';
import { BackToStoryLink } from '../back-to-story-link';
import { PageHeader } from '@web/components/page-header';
import { useSharedItems } from '@web/features/collections/api';
import { AddPhotosToCollection } from '@web/features/collections/components/add-to-collection-buttons';
import { PhotoGallery } from '@web/features/photos/components/photo-gallery';
import { PhotoUploadCard } from '@web/features/photos/components/photo-upload-card';
import { PersonFilter } from '@web/features/people/components/person-filter';
import { usePersonParam } from '../use-person-param';
import { viewerFaces } from '../viewer-faces';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2 My Photos (/photos): upload, then the gallery. */
export function PhotosRoute() {
  const intl = useIntl();
  const shared = useSharedItems();
  const { person, setPerson } = usePersonParam();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.photos.pageTitle', defaultMessage: 'My Photos · heirloom' })}</title>
      <BackToStoryLink />
      <PageHeader
        title={intl.formatMessage({ id: 'app.photos.title', defaultMessage: 'My Photos' })}
        description={intl.formatMessage({
          id: 'app.photos.description',
          defaultMessage: 'Every photo keeps the date, place and camera it was taken with.',
        })}
      />
      <div className="mt-8 grid gap-6">
        <PhotoUploadCard />
        <ErrorBoundary>
          <PhotoGallery
            sharedIds={shared.photoIds}
            person={person}
            personFilter={<PersonFilter personId={person} onChange={setPerson} />}
            viewerFaces={viewerFaces}
            selectionAction={(photoIds, endSelection) => <AddPhotosToCollection photoIds={photoIds} onAdded={endSelection} />}
          />
        </ErrorBoundary>
      </div>
    </div>
  );
}
