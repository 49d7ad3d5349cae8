import { Globe, KeyRound, MapPin, User, Users } from 'lucide-react';
import type { ShareLink } from '@shared/schemas/sharing';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { CopyLink } from './copy-link';

/** The name a link goes by in the Sharing panel. */
const PUBLIC_LINK = defineMessages({ name: { id: 'collections.link.public', defaultMessage: 'Public link' } });
export const linkName = (link: Pick<ShareLink, 'contact'>) => link.contact?.name ?? activeIntl().formatMessage(PUBLIC_LINK.name);

type ShareLinkRowProps = { link: ShareLink; isRevoking: boolean; onRevoke: (link: ShareLink) => void; now?: number };

export function ShareLinkRow({ link, isRevoking, onRevoke, now = Date.now() }: ShareLinkRowProps) {
  const intl = useIntl();
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
              {link.kind === 'public'
                ? intl.formatMessage({ id: 'collections.link.anyone', defaultMessage: 'Anyone with the link' })
                : link.contact?.email
                  ? intl.formatMessage(
                      { id: 'collections.link.personalTo', defaultMessage: 'Personal link · {email}' },
                      { email: link.contact.email },
                    )
                  : intl.formatMessage({ id: 'collections.link.personal', defaultMessage: 'Personal link' })}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1">
          {link.hasPassword && (
            <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
              <KeyRound aria-hidden="true" className="size-3" />
              {intl.formatMessage({ id: 'collections.link.password', defaultMessage: 'Password' })}
            </span>
          )}
          {link.includePlaces && (
            <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
              <MapPin aria-hidden="true" className="size-3" />
              {intl.formatMessage({ id: 'collections.link.places', defaultMessage: 'Places included' })}
            </span>
          )}
          {link.includeNames && (
            <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
              <Users aria-hidden="true" className="size-3" />
              {intl.formatMessage({ id: 'collections.link.names', defaultMessage: 'Names included' })}
            </span>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        <div>
          <dt className="text-muted-foreground">{intl.formatMessage({ id: 'collections.link.created', defaultMessage: 'Created' })}</dt>
          <dd>{formatLongDate(link.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{intl.formatMessage({ id: 'collections.link.expires', defaultMessage: 'Expires' })}</dt>
          <dd className={hasExpired ? 'font-medium text-destructive' : undefined}>
            {link.expiresAt
              ? hasExpired
                ? intl.formatMessage(
                    { id: 'collections.link.expired', defaultMessage: 'Expired {date}' },
                    { date: formatLongDate(link.expiresAt) },
                  )
                : formatLongDate(link.expiresAt)
              : intl.formatMessage({ id: 'collections.link.never', defaultMessage: 'Never' })}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            {intl.formatMessage({ id: 'collections.link.lastOpened', defaultMessage: 'Last opened' })}
          </dt>
          <dd>
            {link.lastOpenedAt
              ? formatLongDate(link.lastOpenedAt)
              : intl.formatMessage({ id: 'collections.link.notYet', defaultMessage: 'Not yet' })}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{intl.formatMessage({ id: 'collections.link.views', defaultMessage: 'Views' })}</dt>
          <dd>{link.viewCount}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-start gap-2">
        <CopyLink url={link.url} />
        <ConfirmDialog
          title={intl.formatMessage({ id: 'collections.link.revokeTitle', defaultMessage: 'Revoke link' })}
          text={
            link.kind === 'public'
              ? intl.formatMessage({
                  id: 'collections.link.revokePublic',
                  defaultMessage: 'Revoke this public link? Anyone who has it will no longer be able to open the collection.',
                })
              : intl.formatMessage(
                  {
                    id: 'collections.link.revokePersonal',
                    defaultMessage: "Revoke {name}'s link? They will no longer be able to open the collection.",
                  },
                  { name },
                )
          }
          confirmLabel={intl.formatMessage({ id: 'collections.link.revoke', defaultMessage: 'Revoke' })}
          onConfirm={() => onRevoke(link)}
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" disabled={isRevoking}>
              {intl.formatMessage({ id: 'collections.link.revoke', defaultMessage: 'Revoke' })}
            </Button>
          }
        />
      </div>
    </li>
  );
}
