import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBoundary } from '@web/components/error-boundary';
import { CollectionScreen } from '@web/features/collections/components/collection-screen';
import { CollectionsScreen } from '@web/features/collections/components/collections-screen';
import { collectionPath, paths } from '../paths';
import { NotFoundRoute } from './not-found';
import { useIntl } from '@web/lib/i18n/use-intl';

/** /collections: the owner's collections (decision 025). */
export function CollectionsRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  // ?person=<id>: a person's page asked for a collection of every photo of them
  const [params, setParams] = useSearchParams();
  const person = params.get('person');
  const forPersonId = person && /^[1-9]\d{0,9}$/.test(person) ? Number(person) : undefined;
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.collections.pageTitle', defaultMessage: 'Collections · heirloom' })}</title>
      <ErrorBoundary>
        <CollectionsScreen
          collectionHref={collectionPath}
          onCreated={(collection) => navigate(collectionPath(collection.id))}
          forPersonId={forPersonId}
          onPersonDone={() => setParams({}, { replace: true })}
        />
      </ErrorBoundary>
    </div>
  );
}

/** /collections/:id: one collection, its items and its links. */
export function CollectionRoute() {
  const navigate = useNavigate();
  const { id } = useParams();
  // the server answers 404 for malformed ids too (decision 016); asking it would only cost a request
  const collectionId = id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(collectionId)) return <NotFoundRoute />;
  return (
    <div>
      <ErrorBoundary>
        <CollectionScreen
          key={collectionId}
          id={collectionId}
          listHref={paths.collections}
          onDeleted={() => navigate(paths.collections, { replace: true })}
        />
      </ErrorBoundary>
    </div>
  );
}
