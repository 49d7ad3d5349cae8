import { Download } from 'lucide-react';
import { EXPORT_KEEP_DAYS, type ExportJob } from '@shared/schemas/transfers';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes, formatLongDate } from '@web/lib/format';
import { useExports, useMailConfigured, useStartExport } from '../transfers-api';
import { TransferProgressBar } from './transfer-progress';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Settings → Your data → Export everything: start the job, follow it (also after leaving the page), download it. */
export function ExportSection() {
  const exports = useExports();
  const start = useStartExport();
  const intl = useIntl();
  const latest = exports.data?.[0];

  const startButton = (label: string) => (
    <Button className="w-full sm:w-auto" onClick={() => start.mutate()} disabled={start.isPending}>
      {start.isPending && <Spinner />}
      {label}
    </Button>
  );

  return (
    <section aria-labelledby="export-heading" className="grid gap-3">
      <h3 id="export-heading" className="font-semibold">
        {intl.formatMessage({ id: 'account.export.title', defaultMessage: 'Export everything' })}
      </h3>
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({
          id: 'account.export.description',
          defaultMessage:
            'One zip file with all your memories, photos, documents, contacts and collections. It opens in any web browser, even without heirloom or an internet connection, keeps every original exactly as you uploaded it, and can be imported into heirloom again.',
        })}
      </p>
      {exports.isPending ? (
        <p className="text-sm text-muted-foreground">
          {intl.formatMessage({ id: 'account.export.checking', defaultMessage: 'Checking for an earlier export...' })}
        </p>
      ) : exports.isError ? (
        // the list failed, not the exporter: starting one still works (the server refuses a second at once)
        <div className="grid gap-3">
          <p role="alert" className="text-sm text-destructive">
            {intl.formatMessage({ id: 'account.export.listFailed', defaultMessage: 'Earlier exports cannot be shown right now.' })}
          </p>
          <div>{startButton(intl.formatMessage({ id: 'account.export.title', defaultMessage: 'Export everything' }))}</div>
        </div>
      ) : latest && (latest.status === 'queued' || latest.status === 'running') ? (
        <ExportRunning job={latest} />
      ) : latest?.status === 'ready' && latest.downloadUrl ? (
        <div className="grid gap-3">
          <ExportReady job={latest} />
          <div>{startButton(intl.formatMessage({ id: 'account.export.again', defaultMessage: 'Export again' }))}</div>
        </div>
      ) : latest?.status === 'failed' ? (
        <div className="grid gap-3">
          <p role="alert" className="text-sm text-destructive">
            {latest.error
              ? intl.formatMessage(
                  { id: 'account.export.failedWith', defaultMessage: 'The export failed: {error}' },
                  { error: latest.error },
                )
              : intl.formatMessage({ id: 'account.export.failed', defaultMessage: 'The export failed.' })}
          </p>
          <div>{startButton(intl.formatMessage({ id: 'account.export.tryAgain', defaultMessage: 'Try again' }))}</div>
        </div>
      ) : (
        <div className="grid gap-3">
          {latest?.status === 'ready' && (
            <p className="text-sm text-muted-foreground">
              {intl.formatMessage(
                {
                  id: 'account.export.expired',
                  defaultMessage: 'Your last export was deleted after {days} days. Start a new one to download it again.',
                },
                { days: EXPORT_KEEP_DAYS },
              )}
            </p>
          )}
          <div>{startButton(intl.formatMessage({ id: 'account.export.title', defaultMessage: 'Export everything' }))}</div>
        </div>
      )}
      {start.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(
            start.error,
            intl.formatMessage({ id: 'account.export.startFailed', defaultMessage: 'The export could not be started. Please try again.' }),
          )}
        </p>
      )}
    </section>
  );
}

function ExportRunning({ job }: { job: ExportJob }) {
  const mail = useMailConfigured();
  const intl = useIntl();
  return (
    <div className="grid gap-2">
      <TransferProgressBar
        label={intl.formatMessage({ id: 'account.export.progress', defaultMessage: 'Export progress' })}
        progress={job.progress}
        starting={intl.formatMessage({ id: 'account.export.starting', defaultMessage: 'Your export is about to start...' })}
      />
      <p className="text-sm">
        {mail.data
          ? intl.formatMessage({
              id: 'account.export.leaveMail',
              defaultMessage: "You can leave this page; the export keeps going, and we'll e-mail you when it is ready.",
            })
          : intl.formatMessage({
              id: 'account.export.leave',
              defaultMessage: 'You can leave this page; the export keeps going. Come back here to download it.',
            })}
      </p>
    </div>
  );
}

function ExportReady({ job }: { job: ExportJob }) {
  const intl = useIntl();
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-4">
      <p className="font-medium">{intl.formatMessage({ id: 'account.export.ready', defaultMessage: 'Your archive is ready.' })}</p>
      <Button asChild variant="outline" className="w-full sm:w-fit">
        {/* a plain link: the browser's own download manager can resume a cut download (the server honours Range) */}
        <a href={job.downloadUrl!} download>
          <Download aria-hidden="true" />
          {job.bytes === null
            ? intl.formatMessage({ id: 'account.export.download', defaultMessage: 'Download' })
            : intl.formatMessage(
                { id: 'account.export.downloadSize', defaultMessage: 'Download ({size})' },
                { size: formatBytes(job.bytes) },
              )}
        </a>
      </Button>
      {job.expiresAt && (
        <p className="text-sm text-muted-foreground">
          {intl.formatMessage(
            { id: 'account.export.keptUntil', defaultMessage: 'Kept until {date}, then deleted.' },
            { date: formatLongDate(job.expiresAt) },
          )}
        </p>
      )}
    </div>
  );
}
