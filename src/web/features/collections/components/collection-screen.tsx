import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCollection } from '../api';
import { countsText } from './collection-card';
import { AddItemsDialog } from './add-items-dialog';
import { CollectionHeader } from './collection-header';
import { CollectionItems } from './collection-items';
import { SharingPanel } from './sharing-panel';

type CollectionScreenProps = { id: number; listHref: string; onDeleted: () => void };

/** /collections/:id: one collection's items, with Add items and its Sharing panel. */
export function CollectionScreen({ id, listHref, onDeleted }: CollectionScreenProps) {
  const intl = useIntl();
  const collection = useCollection(id);
  const fetchFailed = intl.formatMessage({ id: 'collections.screen.fetchFailed', defaultMessage: 'Failed to fetch the collection' });
  const pageTitle = intl.formatMessage({ id: 'collections.screen.pageTitle', defaultMessage: 'Collection · heirloom' });
  const isNotFound = collection.error instanceof ApiError && collection.error.status === 404;
  useLoadErrorToast({ isError: collection.isError && !isNotFound, errorUpdatedAt: collection.errorUpdatedAt }, fetchFailed);

  const back = (
    <Link to={listHref} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {intl.formatMessage({ id: 'collections.screen.all', defaultMessage: 'All collections' })}
    </Link>
  );

  if (collection.isPending) {
    return (
      <div className="grid gap-6">
        <title>{pageTitle}</title>
        {back}
        <h1 className="sr-only">{intl.formatMessage({ id: 'collections.screen.loading', defaultMessage: 'Loading collection' })}</h1>
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-64" />
      </div>
    );
  }

  if (collection.isError) {
    return (
      <div className="grid gap-6">
        <title>{pageTitle}</title>
        {back}
        <h1 className="text-3xl font-semibold">
          {isNotFound ? intl.formatMessage({ id: 'collections.screen.notFound', defaultMessage: 'Collection not found' }) : fetchFailed}
        </h1>
        {isNotFound ? (
          <p className="text-muted-foreground">
            {intl.formatMessage({ id: 'collections.screen.mayBeDeleted', defaultMessage: 'It may have been deleted.' })}
          </p>
        ) : (
          <Button variant="outline" className="w-fit" onClick={() => collection.refetch()}>
            {intl.formatMessage({ id: 'collections.screen.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        )}
      </div>
    );
  }

  const data = collection.data;
  return (
    <div className="grid gap-6">
      <title>
        {intl.formatMessage({ id: 'collections.screen.namedTitle', defaultMessage: '{title} · heirloom' }, { title: data.title })}
      </title>
      {back}
      <CollectionHeader collection={data} onDeleted={onDeleted} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {countsText(data)}
              {data.person &&
                ` · ${
                  data.person.name != null
                    ? intl.formatMessage(
                        {
                          id: 'collections.screen.personNamed',
                          defaultMessage: 'every photo of {name}, kept up to date as faces are found and named',
                        },
                        { name: data.person.name },
                      )
                    : intl.formatMessage({
                        id: 'collections.screen.personUnnamed',
                        defaultMessage: 'every photo of this person, kept up to date as faces are found and named',
                      })
                }`}
            </p>
            {!data.person && <AddItemsDialog collection={data} />}
          </div>
          <CollectionItems collection={data} />
        </div>
        <SharingPanel collectionId={data.id} />
      </div>
    </div>
  );
}
