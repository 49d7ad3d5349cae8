import type { StorageKind, StorageUsage } from '@shared/schemas/account';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatBytes } from '@web/lib/format';
import { cn } from '@web/lib/cn';
import { useStorageUsage } from '../api';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';

const labels = defineMessages({
  photos: { id: 'account.storage.photos', defaultMessage: 'Photos' },
  attachments: { id: 'account.storage.attachments', defaultMessage: 'Attachments' },
  vault: { id: 'account.storage.vault', defaultMessage: 'Vault' },
  profile: { id: 'account.storage.profile', defaultMessage: 'Profile picture' },
});

const KINDS: { kind: StorageKind; color: string }[] = [
  { kind: 'photos', color: 'bg-primary' },
  { kind: 'attachments', color: 'bg-sky-600' },
  { kind: 'vault', color: 'bg-amber-500' },
  { kind: 'profile', color: 'bg-emerald-600' },
];

/** Settings: everything the account stores against its quota, as one bar split by kind with a legend. */
export function StorageUsageCard() {
  const usage = useStorageUsage();
  const intl = useIntl();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'account.storage.title', defaultMessage: 'Storage' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'account.storage.description',
            defaultMessage:
              'Photos (with their smaller copies), memory attachments, vault documents and your profile picture all count toward your storage. Books and export archives are made from these, so they are not counted again.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isPending ? (
          <p className="text-sm text-muted-foreground">
            {intl.formatMessage({ id: 'account.storage.checking', defaultMessage: 'Checking storage usage...' })}
          </p>
        ) : usage.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {intl.formatMessage({ id: 'account.storage.unavailable', defaultMessage: 'Storage usage is unavailable right now.' })}
          </p>
        ) : (
          <StorageBreakdown usage={usage.data} />
        )}
      </CardContent>
    </Card>
  );
}

export function StorageBreakdown({ usage }: { usage: StorageUsage }) {
  const share = (bytes: number) => (usage.quotaBytes > 0 ? Math.min(100, (bytes / usage.quotaBytes) * 100) : 0);
  const intl = useIntl();
  const summary = intl.formatMessage(
    { id: 'account.storage.summary', defaultMessage: '{used} of {quota} used' },
    { used: formatBytes(usage.usedBytes), quota: formatBytes(usage.quotaBytes) },
  );
  return (
    <div className="grid gap-3">
      <p className="font-medium">{summary}</p>
      <div role="img" aria-label={summary} className="flex h-3 w-full overflow-hidden rounded-full bg-muted">
        {KINDS.map(({ kind, color }) =>
          usage.byKind[kind] > 0 ? (
            // a sliver stays visible for a kind that uses very little
            <div key={kind} className={cn('h-full', color)} style={{ width: `${Math.max(share(usage.byKind[kind]), 0.5)}%` }} />
          ) : null,
        )}
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {KINDS.map(({ kind, color }) => (
          <div key={kind} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn('size-3 shrink-0 rounded-sm', color)} />
            <dt className="text-muted-foreground">{intl.formatMessage(labels[kind])}</dt>
            <dd className="ms-auto font-medium sm:ms-0">{formatBytes(usage.byKind[kind])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
