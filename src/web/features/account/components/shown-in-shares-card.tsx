import { Globe, Hourglass, MapPin, User, UsersRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
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
import {
  useLinksShowing,
  useReleasesShowingNames,
  useRemoveRelease,
  useRevokeLink,
  type ReleaseToHeir,
  type SharedDetail,
} from '../shares-showing';

const WORDS: Record<SharedDetail, { icon: LucideIcon; title: string; description: string; heading: string; none: string }> = {
  places: {
    icon: MapPin,
    title: 'Places in shares',
    description:
      'A link you share leaves out where things happened (the places of your photos and memories, and the GPS position in photos) unless you tick "Include places" when you make it. What your heirs receive keeps its places.',
    heading: 'Links that show places',
    none: 'None of your links shows places.',
  },
  names: {
    icon: UsersRound,
    title: 'Names in shares',
    description:
      'A link you share, or something your Legacy Plan gives an heir, leaves out the names of the people in your photos unless you tick "Include names" when you make it.',
    heading: 'Links and releases that show names',
    none: 'None of your links or releases shows names.',
  },
};

const linkName = (link: ShareLink) => link.contact?.name ?? 'Public link';
// The row asks through mutateAsync: its row is gone once the list is read again, and a gone row's mutate()
// callbacks are never called, so the toast would be lost.
const fail = (fallback: string) => (error: unknown) =>
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) });

/** When a release reaches its heir, in words. */
function releaseWhen(release: Release) {
  if (release.releasedAt) return `released ${formatLongDate(release.releasedAt)}`;
  if (release.condition === 'on-date') return `on ${formatLongDate(release.releaseAt)}`;
  if (release.condition === 'at-age') return `when they are ${release.age}`;
  return 'after your death';
}

/**
 * Settings → Privacy: where places, or the names of the people in the photos, leave the account. Each link (and
 * for names, each Legacy Plan release) shows them only when its "Include places" or "Include names" was ticked
 * as it was made (decision 025), so the choice is made there; here is every one that does, each of which can be
 * revoked.
 */
export function ShownInSharesCard({ detail }: { detail: SharedDetail }) {
  const words = WORDS[detail];
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
          {words.title}
        </CardTitle>
        <CardDescription>{words.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <h3 className="font-medium">{words.heading}</h3>
        {isPending ? (
          <Skeleton className="h-16" />
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            {detail === 'names' ? 'Failed to fetch your links and releases' : 'Failed to fetch your links'}
          </p>
        ) : none ? (
          <p className="text-sm text-muted-foreground">{words.none}</p>
        ) : (
          <ul aria-label={words.heading} className="grid gap-2">
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
  const revokeLink = useRevokeLink();
  return (
    <SharedRow
      icon={link.kind === 'public' ? Globe : User}
      action="Revoke"
      confirmTitle="Revoke link"
      confirmText={`Revoke ${linkName(link)} to ${collection.title}? It will no longer open the collection.`}
      disabled={revokeLink.isPending}
      onConfirm={() =>
        revokeLink
          .mutateAsync({ collectionId: collection.id, linkId: link.id })
          .then(
            () => toast({ title: 'Link revoked', description: `${linkName(link)} no longer opens ${collection.title}.` }),
            fail('Failed to revoke the link'),
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
  const removeRelease = useRemoveRelease();
  const after = release.releasedAt ? 'no longer see' : 'not receive';
  return (
    <SharedRow
      icon={Hourglass}
      action="Remove"
      confirmTitle="Remove release"
      confirmText={`Remove ${release.target.title} from what your Legacy Plan gives ${heirName}? They will ${after} it.`}
      disabled={removeRelease.isPending}
      onConfirm={() =>
        removeRelease
          .mutateAsync(release.id)
          .then(
            () => toast({ title: 'Release removed', description: `${heirName} will ${after} ${release.target.title}.` }),
            fail('Failed to remove the release'),
          )
      }
    >
      {heirName} (Legacy Plan, {releaseWhen(release)}) ·{' '}
      <Link to={paths.legacy} className="font-medium text-primary underline-offset-4 hover:underline">
        {release.target.title}
      </Link>
    </SharedRow>
  );
}
