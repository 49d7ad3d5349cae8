import { Images, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import type { SharedWithMe } from '@shared/schemas/sharing';
import { EmptyState } from '@web/components/empty-state';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { formatLongDate } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useSharedWithMe } from '../api';

type SharedCollectionSummary = SharedWithMe[number]['collections'][number];

function CollectionCard({ collection }: { collection: SharedCollectionSummary }) {
  const intl = useIntl();
  return (
    <li>
      <Link
        to={`/shared-with-me/${collection.grantId}`}
        className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
      >
        <div className="aspect-[4/3] overflow-hidden bg-muted">
          {collection.coverUrl ? (
            <img
              src={collection.coverUrl}
              alt=""
              loading="lazy"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-muted-foreground">
              <Images aria-hidden="true" className="size-10" />
            </span>
          )}
        </div>
        <div className="grid gap-1 p-3 sm:p-4">
          <h3 className="font-semibold break-words group-hover:text-primary">{collection.title}</h3>
          <p className="text-xs text-muted-foreground sm:text-sm">
            {intl.formatMessage(
              {
                id: 'sharedView.withMe.summary',
                defaultMessage: '{count, plural, one {# item} other {{count, number, ::group-off} items}} · Shared {date}',
              },
              { count: collection.itemCount, date: formatLongDate(collection.sharedAt) },
            )}
          </p>
        </div>
      </Link>
    </li>
  );
}

/** Shared with me: what other heirloom users shared with this account, by the person who shared it. */
export function SharedWithMeList() {
  const intl = useIntl();
  const shared = useSharedWithMe();

  if (shared.isPending) return <FullPageSpinner />;
  if (shared.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3">
        <p className="text-muted-foreground">
          {intl.formatMessage({ id: 'sharedView.withMe.loadFailed', defaultMessage: 'What was shared with you could not be loaded.' })}
        </p>
        <Button variant="outline" onClick={() => void shared.refetch()}>
          {intl.formatMessage({ id: 'sharedView.withMe.tryAgain', defaultMessage: 'Try again' })}
        </Button>
      </div>
    );
  }
  if (shared.data.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        headingLevel={2}
        title={intl.formatMessage({ id: 'sharedView.withMe.emptyTitle', defaultMessage: 'Nothing has been shared with you yet.' })}
        description={intl.formatMessage({
          id: 'sharedView.withMe.emptyText',
          defaultMessage: 'When someone shares a collection with the e-mail address of this account, it appears here.',
        })}
      />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-10">
      {shared.data.map((owner) => (
        <section
          key={owner.ownerName}
          aria-label={intl.formatMessage({ id: 'sharedView.withMe.from', defaultMessage: 'From {name}' }, { name: owner.ownerName })}
          className="grid grid-cols-1 gap-4"
        >
          <h2 className="text-xl font-semibold">
            {intl.formatMessage({ id: 'sharedView.withMe.from', defaultMessage: 'From {name}' }, { name: owner.ownerName })}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            {owner.collections.map((collection) => (
              <CollectionCard key={collection.grantId} collection={collection} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
