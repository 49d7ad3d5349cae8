import { Globe, KeyRound, MapPin, User, Users } from 'lucide-react';
import type { ShareLink } from '@shared/schemas/sharing';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { formatLongDate } from '@web/lib/format';
import { CopyLink } from './copy-link';

/** The name a link goes by in the Sharing panel. */
export const linkName = (link: Pick<ShareLink, 'contact'>) => link.contact?.name ?? 'Public link';

type ShareLinkRowProps = { link: ShareLink; isRevoking: boolean; onRevoke: (link: ShareLink) => void; now?: number };

export function ShareLinkRow({ link, isRevoking, onRevoke, now = Date.now() }: ShareLinkRowProps) {
  const name = linkName(link);
  const hasExpired = link.expiresAt !== null && Date.parse(link.expiresAt) <= now;
  const Icon = link.kind === 'public' ? Globe : User;

  return (
    <li aria-label={name} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-3">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="min-w-0">
            <p className="font-medium break-words">{name}</p>
            <p className="text-xs text-muted-foreground">
              {link.kind === 'public' ? 'Anyone with the link' : `Personal link${link.contact?.email ? ` · ${link.contact.email}` : ''}`}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1">
          {link.hasPassword && (
            <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
              <KeyRound aria-hidden="true" className="size-3" />
              Password
            </span>
          )}
          {link.includePlaces && (
            <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
              <MapPin aria-hidden="true" className="size-3" />
              Places included
            </span>
          )}
          {link.includeNames && (
            <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
              <Users aria-hidden="true" className="size-3" />
              Names included
            </span>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        <div>
          <dt className="text-muted-foreground">Created</dt>
          <dd>{formatLongDate(link.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Expires</dt>
          <dd className={hasExpired ? 'font-medium text-destructive' : undefined}>
            {link.expiresAt ? `${hasExpired ? 'Expired ' : ''}${formatLongDate(link.expiresAt)}` : 'Never'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Last opened</dt>
          <dd>{link.lastOpenedAt ? formatLongDate(link.lastOpenedAt) : 'Not yet'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Views</dt>
          <dd>{link.viewCount}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-start gap-2">
        <CopyLink url={link.url} />
        <ConfirmDialog
          title="Revoke link"
          text={
            link.kind === 'public'
              ? 'Revoke this public link? Anyone who has it will no longer be able to open the collection.'
              : `Revoke ${name}'s link? They will no longer be able to open the collection.`
          }
          confirmLabel="Revoke"
          onConfirm={() => onRevoke(link)}
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" disabled={isRevoking}>
              Revoke
            </Button>
          }
        />
      </div>
    </li>
  );
}
