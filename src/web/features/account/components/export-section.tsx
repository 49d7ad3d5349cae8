import { Download } from 'lucide-react';
import { EXPORT_KEEP_DAYS, type ExportJob } from '@shared/schemas/transfers';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes, formatLongDate } from '@web/lib/format';
import { useExports, useMailConfigured, useStartExport } from '../transfers-api';
import { TransferProgressBar } from './transfer-progress';

/** Settings → Your data → Export everything: start the job, follow it (also after leaving the page), download it. */
export function ExportSection() {
  const exports = useExports();
  const start = useStartExport();
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
        Export everything
      </h3>
      <p className="text-sm text-muted-foreground">
        One zip file with all your memories, photos, documents, contacts and collections. It opens in any web browser, even without heirloom
        or an internet connection, keeps every original exactly as you uploaded it, and can be imported into heirloom again.
      </p>
      {exports.isPending ? (
        <p className="text-sm text-muted-foreground">Checking for an earlier export...</p>
      ) : exports.isError ? (
        // the list failed, not the exporter: starting one still works (the server refuses a second at once)
        <div className="grid gap-3">
          <p role="alert" className="text-sm text-destructive">
            Earlier exports cannot be shown right now.
          </p>
          <div>{startButton('Export everything')}</div>
        </div>
      ) : latest && (latest.status === 'queued' || latest.status === 'running') ? (
        <ExportRunning job={latest} />
      ) : latest?.status === 'ready' && latest.downloadUrl ? (
        <div className="grid gap-3">
          <ExportReady job={latest} />
          <div>{startButton('Export again')}</div>
        </div>
      ) : latest?.status === 'failed' ? (
        <div className="grid gap-3">
          <p role="alert" className="text-sm text-destructive">
            The export failed{latest.error ? `: ${latest.error}` : '.'}
          </p>
          <div>{startButton('Try again')}</div>
        </div>
      ) : (
        <div className="grid gap-3">
          {latest?.status === 'ready' && (
            <p className="text-sm text-muted-foreground">
              Your last export was deleted after {EXPORT_KEEP_DAYS} days. Start a new one to download it again.
            </p>
          )}
          <div>{startButton('Export everything')}</div>
        </div>
      )}
      {start.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(start.error, 'The export could not be started. Please try again.')}
        </p>
      )}
    </section>
  );
}

function ExportRunning({ job }: { job: ExportJob }) {
  const mail = useMailConfigured();
  return (
    <div className="grid gap-2">
      <TransferProgressBar label="Export progress" progress={job.progress} starting="Your export is about to start..." />
      <p className="text-sm">
        You can leave this page; the export keeps going
        {mail.data ? ", and we'll e-mail you when it is ready." : '. Come back here to download it.'}
      </p>
    </div>
  );
}

function ExportReady({ job }: { job: ExportJob }) {
  const size = job.bytes === null ? '' : ` (${formatBytes(job.bytes)})`;
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-4">
      <p className="font-medium">Your archive is ready.</p>
      <Button asChild variant="outline" className="w-full sm:w-fit">
        {/* a plain link: the browser's own download manager can resume a cut download (the server honours Range) */}
        <a href={job.downloadUrl!} download>
          <Download aria-hidden="true" />
          Download{size}
        </a>
      </Button>
      {job.expiresAt && <p className="text-sm text-muted-foreground">Kept until {formatLongDate(job.expiresAt)}, then deleted.</p>}
    </div>
  );
}
