import { Album } from 'lucide-react';
import type { Collection } from '@shared/schemas/sharing';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCollections } from '../api';
import { CollectionCard } from './collection-card';
import { NewCollectionDialog } from './new-collection-dialog';

type CollectionsScreenProps = {
  collectionHref: (id: number) => string;
  onCreated: (collection: Collection) => void;
  /** A collection of every photo of this person was asked for (from their page): the new collection dialog opens with them. */
  forPersonId?: number;
  onPersonDone?: () => void;
};

/** /collections: the owner's collections, each a set of items that can be shared as one (decision 025). */
export function CollectionsScreen({ collectionHref, onCreated, forPersonId, onPersonDone }: CollectionsScreenProps) {
  const intl = useIntl();
  const collections = useCollections();
  const fetchFailed = intl.formatMessage({ id: 'collections.list.fetchFailed', defaultMessage: 'Failed to fetch collections' });
  useLoadErrorToast(collections, fetchFailed);

  return (
    <div>
      <PageHeader
        title={intl.formatMessage({ id: 'collections.list.title', defaultMessage: 'Collections' })}
        description={intl.formatMessage({
          id: 'collections.list.description',
          defaultMessage: 'Gather photos, memories and documents, then share them with family and friends by link.',
        })}
        actions={<NewCollectionDialog onCreated={onCreated} forPersonId={forPersonId} onPersonDone={onPersonDone} />}
      />
      <section aria-label={intl.formatMessage({ id: 'collections.list.yours', defaultMessage: 'Your collections' })} className="mt-8">
        {collections.isPending ? (
          <div
            aria-label={intl.formatMessage({ id: 'collections.list.loading', defaultMessage: 'Loading collections' })}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="aspect-[4/3]" />
            ))}
          </div>
        ) : collections.isError ? (
          <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center">
            <p className="font-medium">{fetchFailed}</p>
            <Button variant="outline" className="mt-4" onClick={() => collections.refetch()}>
              {intl.formatMessage({ id: 'collections.list.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          </div>
        ) : collections.data.length === 0 ? (
          <EmptyState
            icon={Album}
            headingLevel={2}
            title={intl.formatMessage({ id: 'collections.list.emptyTitle', defaultMessage: 'No collections yet' })}
            description={intl.formatMessage({
              id: 'collections.list.emptyText',
              defaultMessage:
                "Make one for a wedding, a holiday or a grandparent's life, add items, and share it when you are ready. Nothing is shared until you make a link.",
            })}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {collections.data.map((collection) => (
              <CollectionCard key={collection.id} collection={collection} href={collectionHref(collection.id)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
