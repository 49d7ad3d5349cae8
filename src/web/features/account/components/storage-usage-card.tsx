import type { StorageKind, StorageUsage } from '@shared/schemas/account';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatBytes } from '@web/lib/format';
import { cn } from '@web/lib/cn';
import { useStorageUsage } from '../api';

const KINDS: { kind: StorageKind; label: string; color: string }[] = [
  { kind: 'photos', label: 'Photos', color: 'bg-primary' },
  { kind: 'attachments', label: 'Attachments', color: 'bg-sky-600' },
  { kind: 'vault', label: 'Vault', color: 'bg-amber-500' },
  { kind: 'profile', label: 'Profile picture', color: 'bg-emerald-600' },
];

/** Settings: everything the account stores against its quota, as one bar split by kind with a legend. */
export function StorageUsageCard() {
  const usage = useStorageUsage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Storage</CardTitle>
        <CardDescription>
          Photos (with their smaller copies), memory attachments, vault documents and your profile picture all count toward your storage.
          Books and export archives are made from these, so they are not counted again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isPending ? (
          <p className="text-sm text-muted-foreground">Checking storage usage...</p>
        ) : usage.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Storage usage is unavailable right now.
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
  const summary = `${formatBytes(usage.usedBytes)} of ${formatBytes(usage.quotaBytes)} used`;
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
        {KINDS.map(({ kind, label, color }) => (
          <div key={kind} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn('size-3 shrink-0 rounded-sm', color)} />
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="ml-auto font-medium sm:ml-0">{formatBytes(usage.byKind[kind])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
