import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuditLog } from '../api';
import { eventText, formatMoment } from '../wording';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Every step of the plan, from the append-only, hash-chained log; read only when opened. */
export function AuditLog() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const log = useAuditLog(open);
  return (
    <details className="rounded-xl border bg-card p-6 shadow-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xl font-semibold">
        {intl.formatMessage({ id: 'legacy.log.title', defaultMessage: 'Audit log' })}
      </summary>
      <div className="mt-4 grid gap-3">
        {/* a disabled query is pending too: no pulsing skeleton inside the closed log */}
        {!open ? null : log.isPending ? (
          <Skeleton className="h-24" />
        ) : log.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            {intl.formatMessage({ id: 'legacy.log.loadFailed', defaultMessage: 'Failed to load the audit log' })}
            <Button variant="outline" size="sm" onClick={() => log.refetch()}>
              {intl.formatMessage({ id: 'legacy.common.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          </div>
        ) : (
          <>
            {log.data.chainIntact ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <ShieldCheck aria-hidden="true" className="size-4" />
                {intl.formatMessage({ id: 'legacy.log.intact', defaultMessage: 'The log’s chain is intact' })}
              </p>
            ) : (
              <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
                <ShieldAlert aria-hidden="true" className="size-4" />
                {intl.formatMessage({
                  id: 'legacy.log.broken',
                  defaultMessage: 'Warning: the log’s chain is broken — an entry was changed or removed outside heirloom.',
                })}
              </p>
            )}
            {log.data.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {intl.formatMessage({ id: 'legacy.log.empty', defaultMessage: 'Nothing has happened yet.' })}
              </p>
            ) : (
              <ol aria-label={intl.formatMessage({ id: 'legacy.log.steps', defaultMessage: 'Steps' })} className="grid gap-2">
                {log.data.entries.map((entry) => (
                  <li key={entry.id} className="flex flex-col gap-x-4 text-sm sm:flex-row">
                    <time dateTime={entry.at} className="shrink-0 text-muted-foreground sm:w-48">
                      {formatMoment(entry.at)}
                    </time>
                    <span>{eventText(entry.event)}</span>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </details>
  );
}
