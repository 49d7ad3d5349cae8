import { Globe, MapPin, User } from 'lucide-react';
import { Link } from 'react-router';
import type { Collection, ShareLink } from '@shared/schemas/sharing';
import { collectionPath } from '@web/app/paths';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useLinksWithPlaces, useRevokeLinkWithPlaces } from '../links-with-places';

const linkName = (link: ShareLink) => link.contact?.name ?? 'Public link';

/**
 * Settings → Privacy: where places go when you share. A link shows places only when "Include places" was ticked
 * as it was made (decision 025), so the choice is made per link, in the collection's link dialogs; here are the
 * live links that show places, each of which can be revoked.
 */
export function PlacesInSharesCard() {
  const { byCollection, isPending, isError } = useLinksWithPlaces();
  const revokeLink = useRevokeLinkWithPlaces();

  const revoke = (collection: Collection, link: ShareLink) =>
    revokeLink.mutate(
      { collectionId: collection.id, linkId: link.id },
      {
        onSuccess: () => toast({ title: 'Link revoked', description: `${linkName(link)} no longer opens ${collection.title}.` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to revoke the link') }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-5 text-primary" />
          Places in shares
        </CardTitle>
        <CardDescription>
          A link you share leaves out where things happened (the places of your photos and memories, and the GPS position in photos) unless
          you tick "Include places" when you make it. What your heirs receive keeps its places.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <h3 className="font-medium">Links that show places</h3>
        {isPending ? (
          <Skeleton className="h-16" />
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to fetch your links
          </p>
        ) : byCollection.length === 0 ? (
          <p className="text-sm text-muted-foreground">None of your links shows places.</p>
        ) : (
          <ul aria-label="Links that show places" className="grid gap-2">
            {byCollection.flatMap(({ collection, links }) =>
              links.map((link) => {
                const Icon = link.kind === 'public' ? Globe : User;
                return (
                  <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
                    <span className="flex min-w-0 items-center gap-2 text-sm">
                      <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
                      <span className="min-w-0 break-words">
                        {linkName(link)} ·{' '}
                        <Link to={collectionPath(collection.id)} className="font-medium text-primary underline-offset-4 hover:underline">
                          {collection.title}
                        </Link>
                      </span>
                    </span>
                    <ConfirmDialog
                      title="Revoke link"
                      text={`Revoke ${linkName(link)} to ${collection.title}? It will no longer open the collection.`}
                      confirmLabel="Revoke"
                      onConfirm={() => revoke(collection, link)}
                      trigger={
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive hover:text-destructive"
                          disabled={revokeLink.isPending}
                        >
                          Revoke
                        </Button>
                      }
                    />
                  </li>
                );
              }),
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
