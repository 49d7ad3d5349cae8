import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import type { EscrowBundle, EscrowStatus } from '@shared/schemas/escrow';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { useEscrowStatus, useRunEscrow } from '../escrow-api';
import { escrowReason, whenText } from '../escrow-wording';
import { useIntl } from '@web/lib/i18n/use-intl';

function BundleItem({ bundle }: { bundle: EscrowBundle }) {
  const intl = useIntl();
  return (
    <li className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
      <span className="font-medium">{bundle.heirName}</span>
      <span className="text-muted-foreground">
        {intl.formatMessage(
          { id: 'legacy.copies.bundle', defaultMessage: '{size} · updated {updated} · checked {checked}' },
          {
            size: formatBytes(bundle.bytes),
            updated: whenText(bundle.updatedAt),
            checked: whenText(bundle.checkedAt, intl.formatMessage({ id: 'legacy.copies.notYet', defaultMessage: 'not yet' })),
          },
        )}
      </span>
      {bundle.checkError && <span className="font-medium text-destructive">{bundle.checkError}</span>}
    </li>
  );
}

function StatusDetails({ status }: { status: EscrowStatus }) {
  const intl = useIntl();
  const rows: Array<[string, string]> = [
    [intl.formatMessage({ id: 'legacy.copies.lastRun', defaultMessage: 'Last run' }), whenText(status.lastRunAt)],
    [intl.formatMessage({ id: 'legacy.copies.lastOk', defaultMessage: 'Last successful run' }), whenText(status.lastOkAt)],
    [intl.formatMessage({ id: 'legacy.copies.lastCheck', defaultMessage: 'Last check' }), whenText(status.lastCheckAt)],
  ];
  return (
    <>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="text-muted-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      {status.running && (
        <p role="status" className="text-sm">
          {intl.formatMessage({ id: 'legacy.copies.running', defaultMessage: 'heirloom is making the copies now…' })}
        </p>
      )}
      {status.error && (
        <Alert variant="destructive">
          <AlertDescription>{escrowReason(status.error)}</AlertDescription>
        </Alert>
      )}
      {status.bundles.length > 0 && (
        <ul aria-label={intl.formatMessage({ id: 'legacy.copies.list', defaultMessage: 'Sealed copies' })} className="grid gap-2">
          {status.bundles.map((bundle) => (
            <BundleItem key={bundle.heirId} bundle={bundle} />
          ))}
        </ul>
      )}
      {status.waiting.length > 0 && (
        <ul
          aria-label={intl.formatMessage({ id: 'legacy.copies.waiting', defaultMessage: 'Heirs without a sealed copy yet' })}
          className="grid gap-1 text-sm"
        >
          {status.waiting.map((heir) => (
            <li key={heir.heirId}>
              <span className="font-medium">{heir.heirName}</span>
              <span className="text-muted-foreground">{`: ${heir.reason}`}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** When the copies were made and checked, each heir's copy, and "Make the copies now". */
export function EscrowCopies() {
  const intl = useIntl();
  const status = useEscrowStatus();
  const run = useRunEscrow();
  const titleId = useId();
  // a heirloom without the escrow run answers 404: the bucket can be set, the copies come later
  if (status.error instanceof ApiError && status.error.status === 404) return null;

  const makeNow = () =>
    run.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'legacy.copies.failed', defaultMessage: 'The copies were not made' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'legacy.copies.failedText', defaultMessage: 'Something went wrong. Please try again.' }),
          ),
        }),
    });

  let body;
  if (status.isPending) body = <Skeleton className="h-24" />;
  else if (status.isError)
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
        {intl.formatMessage({ id: 'legacy.copies.loadFailed', defaultMessage: 'Failed to load the state of your sealed copies' })}
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          {intl.formatMessage({ id: 'legacy.common.tryAgain', defaultMessage: 'Try again' })}
        </Button>
      </div>
    );
  else body = <StatusDetails status={status.data} />;

  return (
    <section aria-labelledby={titleId} className="grid justify-items-stretch gap-3">
      <h3 id={titleId} className="text-base font-semibold">
        {intl.formatMessage({ id: 'legacy.copies.title', defaultMessage: 'In your bucket' })}
      </h3>
      {body}
      <div>
        <Button variant="outline" disabled={run.isPending || !status.isSuccess || status.data.running} onClick={makeNow}>
          <RefreshCw aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.copies.makeNow', defaultMessage: 'Make the copies now' })}
        </Button>
      </div>
    </section>
  );
}
