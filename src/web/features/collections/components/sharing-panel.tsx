import { Lock } from 'lucide-react';
import { useId } from 'react';
import type { ShareLink } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCollectionLinks, useRevokeLink } from '../api';
import { AddPeopleDialog } from './add-people-dialog';
import { PublicLinkDialog } from './public-link-dialog';
import { linkName, ShareLinkRow } from './share-link-row';

/** Who can see the collection: its personal and public links, and the ways to add or revoke one. */
export function SharingPanel({ collectionId }: { collectionId: number }) {
  const intl = useIntl();
  const links = useCollectionLinks(collectionId);
  const revokeLink = useRevokeLink();
  const titleId = useId();

  const revoke = (link: ShareLink) =>
    revokeLink.mutate(
      { id: collectionId, linkId: link.id },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage({ id: 'collections.sharing.revoked', defaultMessage: 'Link revoked' }),
            description: intl.formatMessage(
              { id: 'collections.sharing.revokedText', defaultMessage: '{name} no longer opens this collection.' },
              { name: linkName(link) },
            ),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'collections.sharing.errorTitle', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'collections.sharing.revokeFailed', defaultMessage: 'Failed to revoke the link' }),
            ),
          }),
      },
    );

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId} as="h2">
          {intl.formatMessage({ id: 'collections.sharing.title', defaultMessage: 'Sharing' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'collections.sharing.description',
            defaultMessage: 'People you add get a personal link by e-mail; a public link is for anyone you give it to.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <AddPeopleDialog collectionId={collectionId} links={links.data ?? []} />
          <PublicLinkDialog collectionId={collectionId} />
        </div>
        {links.isPending ? (
          <Skeleton className="h-24" />
        ) : links.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            {intl.formatMessage({ id: 'collections.sharing.fetchFailed', defaultMessage: 'Failed to fetch the links' })}
            <Button variant="outline" size="sm" onClick={() => links.refetch()}>
              {intl.formatMessage({ id: 'collections.sharing.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          </div>
        ) : links.data.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="size-4" />
            {intl.formatMessage({ id: 'collections.sharing.private', defaultMessage: 'Private: nobody else can see this collection.' })}
          </p>
        ) : (
          <ul aria-label={intl.formatMessage({ id: 'collections.sharing.links', defaultMessage: 'Links' })} className="grid gap-3">
            {links.data.map((link) => (
              <ShareLinkRow key={link.id} link={link} isRevoking={revokeLink.isPending} onRevoke={revoke} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
