import { Globe, Hourglass, MapPin, User, UsersRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import type { Release } from '@shared/schemas/legacy';
import type { Collection, ShareLink } from '@shared/schemas/sharing';
import { collectionPath, paths } from '@web/app/paths';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import {
  useLinksShowing,
  useReleasesShowingNames,
  useRemoveRelease,
  useRevokeLink,
  type ReleaseToHeir,
  type SharedDetail,
} from '../shares-showing';

const words = defineMessages({
  placesTitle: { id: 'account.shownInShares.places.title', defaultMessage: 'Places in shares' },
  placesDescription: {
    id: 'account.shownInShares.places.description',
    defaultMessage:
      'A link you share leaves out where things happened (the places of your photos and memories, and the GPS position in photos) unless you tick "Include places" when you make it. What your heirs receive keeps its places.',
  },
  placesHeading: { id: 'account.shownInShares.places.heading', defaultMessage: 'Links that show places' },
  placesNone: { id: 'account.shownInShares.places.none', defaultMessage: 'None of your links shows places.' },
  placesFailed: { id: 'account.shownInShares.places.loadFailed', defaultMessage: 'Failed to fetch your links' },
  namesTitle: { id: 'account.shownInShares.names.title', defaultMessage: 'Names in shares' },
  namesDescription: {
    id: 'account.shownInShares.names.description',
    defaultMessage:
      'A link you share, or something your Legacy Plan gives an heir, leaves out the names of the people in your photos unless you tick "Include names" when you make it.',
  },
  namesHeading: { id: 'account.shownInShares.names.heading', defaultMessage: 'Links and releases that show names' },
  namesNone: { id: 'account.shownInShares.names.none', defaultMessage: 'None of your links or releases shows names.' },
  namesFailed: { id: 'account.shownInShares.names.loadFailed', defaultMessage: 'Failed to fetch your links and releases' },
});

const WORDS: Record<
  SharedDetail,
  {
    icon: LucideIcon;
    title: MessageDescriptor;
    description: MessageDescriptor;
    heading: MessageDescriptor;
    none: MessageDescriptor;
    failed: MessageDescriptor;
  }
> = {
  places: {
    icon: MapPin,
    title: words.placesTitle,
    description: words.placesDescription,
    heading: words.placesHeading,
    none: words.placesNone,
    failed: words.placesFailed,
  },
  names: {
    icon: UsersRound,
    title: words.namesTitle,
    description: words.namesDescription,
    heading: words.namesHeading,
    none: words.namesNone,
    failed: words.namesFailed,
  },
};

const rowWords = defineMessages({
  publicLink: { id: 'account.shownInShares.publicLink', defaultMessage: 'Public link' },
  errorTitle: { id: 'account.shownInShares.errorTitle', defaultMessage: 'Error' },
  revoke: { id: 'account.shownInShares.revoke', defaultMessage: 'Revoke' },
  revokeTitle: { id: 'account.shownInShares.revokeTitle', defaultMessage: 'Revoke link' },
  revokeText: {
    id: 'account.shownInShares.revokeText',
    defaultMessage:
      '{isPublic, select, yes {Revoke Public link to {collection}?} other {Revoke {name} to {collection}?}} It will no longer open the collection.',
  },
  revoked: { id: 'account.shownInShares.revoked', defaultMessage: 'Link revoked' },
  revokedText: {
    id: 'account.shownInShares.revokedText',
    defaultMessage: '{isPublic, select, yes {Public link no longer opens {collection}.} other {{name} no longer opens {collection}.}}',
  },
  revokeFailed: { id: 'account.shownInShares.revokeFailed', defaultMessage: 'Failed to revoke the link' },
  remove: { id: 'account.shownInShares.remove', defaultMessage: 'Remove' },
  removeTitle: { id: 'account.shownInShares.removeTitle', defaultMessage: 'Remove release' },
  removeText: {
    id: 'account.shownInShares.removeText',
    defaultMessage:
      '{isReleased, select, yes {Remove {title} from what your Legacy Plan gives {heir}? They will no longer see it.} other {Remove {title} from what your Legacy Plan gives {heir}? They will not receive it.}}',
  },
  removed: { id: 'account.shownInShares.removed', defaultMessage: 'Release removed' },
  removedText: {
    id: 'account.shownInShares.removedText',
    defaultMessage: '{isReleased, select, yes {{heir} will no longer see {title}.} other {{heir} will not receive {title}.}}',
  },
  removeFailed: { id: 'account.shownInShares.removeFailed', defaultMessage: 'Failed to remove the release' },
  // A release's row: its heir, when the Legacy Plan gives it, and a link to the plan named by what it gives.
  released: {
    id: 'account.shownInShares.release.released',
    defaultMessage: '{heir} (Legacy Plan, released {date}) · <link>{title}</link>',
  },
  onDate: { id: 'account.shownInShares.release.onDate', defaultMessage: '{heir} (Legacy Plan, on {date}) · <link>{title}</link>' },
  atAge: { id: 'account.shownInShares.release.atAge', defaultMessage: '{heir} (Legacy Plan, when they are {age}) · <link>{title}</link>' },
  afterDeath: {
    id: 'account.shownInShares.release.afterDeath',
    defaultMessage: '{heir} (Legacy Plan, after your death) · <link>{title}</link>',
  },
});

const linkName = (link: ShareLink) => link.contact?.name ?? activeIntl().formatMessage(rowWords.publicLink);
/** The values that name a link in a sentence: its contact, or that it is public. */
const linkValues = (link: ShareLink, collection: Collection) => ({
  isPublic: link.contact ? 'no' : 'yes',
  name: link.contact?.name ?? '',
  collection: collection.title,
});
// The row asks through mutateAsync: its row is gone once the list is read again, and a gone row's mutate()
// callbacks are never called, so the toast would be lost.
const fail = (fallback: MessageDescriptor) => (error: unknown) => {
  const intl = activeIntl();
  toast({
    variant: 'destructive',
    title: intl.formatMessage(rowWords.errorTitle),
    description: errorMessage(error, intl.formatMessage(fallback)),
  });
};

/** A release's row text: when it reaches its heir, in words. */
function releaseRowMessage(release: Release): MessageDescriptor {
  if (release.releasedAt) return rowWords.released;
  if (release.condition === 'on-date') return rowWords.onDate;
  if (release.condition === 'at-age') return rowWords.atAge;
  return rowWords.afterDeath;
}

/**
 * Settings → Privacy: where places, or the names of the people in the photos, leave the account. Each link (and
 * for names, each Legacy Plan release) shows them only when its "Include places" or "Include names" was ticked
 * as it was made (decision 025), so the choice is made there; here is every one that does, each of which can be
 * revoked.
 */
export function ShownInSharesCard({ detail }: { detail: SharedDetail }) {
  const intl = useIntl();
  const words = WORDS[detail];
  const heading = intl.formatMessage(words.heading);
  const links = useLinksShowing(detail);
  const releases = useReleasesShowingNames(detail === 'names');
  const isPending = links.isPending || releases.isPending;
  const isError = links.isError || releases.isError;
  const none = links.byCollection.length === 0 && releases.releases.length === 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <words.icon aria-hidden="true" className="size-5 text-primary" />
          {intl.formatMessage(words.title)}
        </CardTitle>
        <CardDescription>{intl.formatMessage(words.description)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <h3 className="font-medium">{heading}</h3>
        {isPending ? (
          <Skeleton className="h-16" />
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            {intl.formatMessage(words.failed)}
          </p>
        ) : none ? (
          <p className="text-sm text-muted-foreground">{intl.formatMessage(words.none)}</p>
        ) : (
          <ul aria-label={heading} className="grid gap-2">
            {links.byCollection.flatMap(({ collection, links: shown }) =>
              shown.map((link) => <LinkRow key={`link-${link.id}`} collection={collection} link={link} />),
            )}
            {releases.releases.map((entry) => (
              <ReleaseRow key={`release-${entry.release.id}`} entry={entry} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** One row: what goes where, and the button that ends it after asking. */
function SharedRow({
  icon: Icon,
  children,
  action,
  confirmTitle,
  confirmText,
  disabled,
  onConfirm,
}: {
  icon: LucideIcon;
  children: ReactNode;
  action: string;
  confirmTitle: string;
  confirmText: string;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
      <span className="flex min-w-0 items-center gap-2 text-sm">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span className="min-w-0 break-words">{children}</span>
      </span>
      <ConfirmDialog
        title={confirmTitle}
        text={confirmText}
        confirmLabel={action}
        onConfirm={onConfirm}
        trigger={
          <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" disabled={disabled}>
            {action}
          </Button>
        }
      />
    </li>
  );
}

function LinkRow({ collection, link }: { collection: Collection; link: ShareLink }) {
  const intl = useIntl();
  const revokeLink = useRevokeLink();
  const values = linkValues(link, collection);
  return (
    <SharedRow
      icon={link.kind === 'public' ? Globe : User}
      action={intl.formatMessage(rowWords.revoke)}
      confirmTitle={intl.formatMessage(rowWords.revokeTitle)}
      confirmText={intl.formatMessage(rowWords.revokeText, values)}
      disabled={revokeLink.isPending}
      onConfirm={() =>
        revokeLink.mutateAsync({ collectionId: collection.id, linkId: link.id }).then(
          () =>
            toast({
              title: activeIntl().formatMessage(rowWords.revoked),
              description: activeIntl().formatMessage(rowWords.revokedText, values),
            }),
          fail(rowWords.revokeFailed),
        )
      }
    >
      {linkName(link)} ·{' '}
      <Link to={collectionPath(collection.id)} className="font-medium text-primary underline-offset-4 hover:underline">
        {collection.title}
      </Link>
    </SharedRow>
  );
}

function ReleaseRow({ entry: { release, heirName } }: { entry: ReleaseToHeir }) {
  const intl = useIntl();
  const removeRelease = useRemoveRelease();
  const values = { isReleased: release.releasedAt ? 'yes' : 'no', heir: heirName, title: release.target.title };
  return (
    <SharedRow
      icon={Hourglass}
      action={intl.formatMessage(rowWords.remove)}
      confirmTitle={intl.formatMessage(rowWords.removeTitle)}
      confirmText={intl.formatMessage(rowWords.removeText, values)}
      disabled={removeRelease.isPending}
      onConfirm={() =>
        removeRelease.mutateAsync(release.id).then(
          () =>
            toast({
              title: activeIntl().formatMessage(rowWords.removed),
              description: activeIntl().formatMessage(rowWords.removedText, values),
            }),
          fail(rowWords.removeFailed),
        )
      }
    >
      {intl.formatMessage(releaseRowMessage(release), {
        heir: heirName,
        title: release.target.title,
        date: formatLongDate(release.releasedAt ?? release.releaseAt),
        age: release.age,
        link: (chunks: ReactNode[]) => (
          <Link to={paths.legacy} className="font-medium text-primary underline-offset-4 hover:underline">
            {chunks}
          </Link>
        ),
      })}
    </SharedRow>
  );
}
