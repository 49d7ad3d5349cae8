import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useCollection } from '../api';
import { countsText } from './collection-card';
import { AddItemsDialog } from './add-items-dialog';
import { CollectionHeader } from './collection-header';
import { CollectionItems } from './collection-items';
import { SharingPanel } from './sharing-panel';

type CollectionScreenProps = { id: number; listHref: string; onDeleted: () => void };

/** /collections/:id: one collection's items, with Add items and its Sharing panel. */
export function CollectionScreen({ id, listHref, onDeleted }: CollectionScreenProps) {
  const collection = useCollection(id);
  const isNotFound = collection.error instanceof ApiError && collection.error.status === 404;
  useLoadErrorToast(
    { isError: collection.isError && !isNotFound, errorUpdatedAt: collection.errorUpdatedAt },
    'Failed to fetch the collection',
  );

  const back = (
    <Link to={listHref} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All collections
    </Link>
  );

  if (collection.isPending) {
    return (
      <div className="grid gap-6">
        <title>Collection · heirloom</title>
        {back}
        <h1 className="sr-only">Loading collection</h1>
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-64" />
      </div>
    );
  }

  if (collection.isError) {
    return (
      <div className="grid gap-6">
        <title>Collection · heirloom</title>
        {back}
        <h1 className="text-3xl font-semibold">{isNotFound ? 'Collection not found' : 'Failed to fetch the collection'}</h1>
        {isNotFound ? (
          <p className="text-muted-foreground">It may have been deleted.</p>
        ) : (
          <Button variant="outline" className="w-fit" onClick={() => collection.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }

  const data = collection.data;
  return (
    <div className="grid gap-6">
      <title>{`${data.title} · heirloom`}</title>
      {back}
      <CollectionHeader collection={data} onDeleted={onDeleted} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {countsText(data)}
              {data.person && ` · every photo of ${data.person.name ?? 'this person'}, kept up to date as faces are found and named`}
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
