import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Photo } from '@shared/schemas/photos';
import { ErrorBoundary } from '@web/components/error-boundary';
import { PeopleScreen } from '@web/features/people/components/people-screen';
import { PersonScreen } from '@web/features/people/components/person-screen';
import { InTheTree } from '@web/features/tree/components/in-the-tree';
import { PhotoImage, photoLabel } from '@web/features/photos/components/photo-image';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { familyTreePath, paths, personPath, treePersonPath } from '../paths';
import { galleryOfPerson, timelineOfPerson } from '../use-person-param';
import { NotFoundRoute } from './not-found';
import { useIntl } from '@web/lib/i18n/use-intl';

/** /people: everyone heirloom found in the photos (issue 29). */
export function PeopleRoute() {
  const intl = useIntl();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.people.pageTitle', defaultMessage: 'People · heirloom' })}</title>
      <ErrorBoundary>
        <PeopleScreen personHref={personPath} settingsHref={`${paths.settings}#photos`} />
      </ErrorBoundary>
    </div>
  );
}

/** /people/:id: one person and their photos. */
export function PersonRoute() {
  const intl = useIntl();
  const { id } = useParams();
  const navigate = useNavigate();
  // the server answers 404 for malformed ids too (decision 016); asking it would only cost a request
  const personId = id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
  const isMobile = useIsMobile();
  const [timestamp] = useState(() => Date.now()); // one cache-busting value per visit
  if (!Number.isSafeInteger(personId)) return <NotFoundRoute />;
  const thumbnail = (photo: Photo) => (
    <>
      <PhotoImage photo={photo} size="thumb" timestamp={timestamp} isMobile={isMobile} className="size-full object-cover" />
      <span className="sr-only">{photoLabel(photo)}</span>
    </>
  );
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.person.pageTitle', defaultMessage: 'Person · heirloom' })}</title>
      <ErrorBoundary>
        <PersonScreen
          id={personId}
          notFound={<NotFoundRoute />}
          thumbnail={thumbnail}
          memoryHref={(memoryId) => `${paths.memories}?memory=${memoryId}`}
          links={
            <>
              <Link to={galleryOfPerson(personId)} className="font-medium text-primary underline-offset-4 hover:underline">
                {intl.formatMessage({ id: 'app.person.inGallery', defaultMessage: 'Show in the gallery' })}
              </Link>
              <Link to={timelineOfPerson(personId)} className="font-medium text-primary underline-offset-4 hover:underline">
                {intl.formatMessage({ id: 'app.person.inTimeline', defaultMessage: 'Show in the timeline' })}
              </Link>
              <Link to={`${paths.collections}?person=${personId}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {intl.formatMessage({ id: 'app.person.shareAll', defaultMessage: 'Share every photo of them' })}
              </Link>
              <InTheTree personId={personId} treeHref={familyTreePath} treePersonHref={treePersonPath} />
            </>
          }
          onMerged={(intoId) => navigate(personPath(intoId), { replace: true })}
        />
      </ErrorBoundary>
    </div>
  );
}
