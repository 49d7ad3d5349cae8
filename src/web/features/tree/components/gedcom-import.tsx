import { useState, type FormEvent } from 'react';
import { GEDCOM_MAX_BYTES, GEDCOM_MESSAGES, type GedcomImport as GedcomJob, type GedcomReport } from '@shared/schemas/tree-gedcom';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { translateText } from '@web/lib/i18n/language-store';
import { isRunning, useGedcomImports, useStartGedcomImport } from '../gedcom-api';

/** Warnings shown before "Show all". */
const FIRST_WARNINGS = 5;

const failedTitle = defineMessages({ title: { id: 'tree.gedcom.failed', defaultMessage: 'Could not import' } }).title;
const warningCount = defineMessages({
  count: { id: 'tree.gedcom.warningCount', defaultMessage: '{count, plural, one {# warning} other {# warnings}}' },
}).count;

/** "Import a GEDCOM file": the picker, then the latest import's progress, report or error. */
export function GedcomImport() {
  const intl = useIntl();
  const imports = useGedcomImports();
  const start = useStartGedcomImport();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const latest = imports.data?.[0];
  const busy = start.isPending || isRunning(latest);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!file) return;
    // the server would stop reading at the limit, which a browser may report only as a broken connection
    if (file.size > GEDCOM_MAX_BYTES) {
      toast({ variant: 'destructive', title: intl.formatMessage(failedTitle), description: translateText(GEDCOM_MESSAGES.tooLarge) });
      return;
    }
    setUploaded(0);
    start.mutate(
      { file, onProgress: setUploaded },
      {
        onSuccess: () => {
          form.reset();
          setFile(null);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage(failedTitle),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'tree.gedcom.notSent', defaultMessage: 'The file could not be sent.' }),
            ),
          }),
        onSettled: () => setUploaded(null),
      },
    );
  }

  return (
    <section aria-labelledby="gedcom-import-heading" className="grid gap-3">
      <h3 id="gedcom-import-heading" className="font-semibold">
        {intl.formatMessage({ id: 'tree.gedcom.importTitle', defaultMessage: 'Import a GEDCOM file' })}
      </h3>
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({
          id: 'tree.gedcom.importHelp',
          defaultMessage:
            'Bring in a family tree from another genealogy program. The persons in the file are added to your tree; anyone who may already be in it is offered below as a possible match.',
        })}
      </p>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <label htmlFor="gedcom-file" className="text-sm font-medium">
          {intl.formatMessage({ id: 'tree.gedcom.fileLabel', defaultMessage: 'GEDCOM file (.ged)' })}
        </label>
        <input
          id="gedcom-file"
          type="file"
          accept=".ged,.gedcom"
          disabled={busy}
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          className="w-full max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium sm:file:min-h-9"
        />
        <div>
          <Button type="submit" variant="outline" className="min-h-11 w-full sm:w-auto" disabled={busy || !file}>
            {intl.formatMessage({ id: 'tree.gedcom.import', defaultMessage: 'Import' })}
          </Button>
        </div>
      </form>
      {uploaded !== null && (
        <div className="grid gap-2">
          <Progress aria-label={intl.formatMessage({ id: 'tree.gedcom.sending', defaultMessage: 'Sending the file' })} value={uploaded} />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {intl.formatMessage(
              { id: 'tree.gedcom.sendingPercent', defaultMessage: 'Sending the file: {percent}%' },
              { percent: uploaded },
            )}
          </p>
        </div>
      )}
      {latest && <ImportState job={latest} />}
    </section>
  );
}

function ImportState({ job }: { job: GedcomJob }) {
  const intl = useIntl();
  if (isRunning(job)) {
    const { personsDone, personsTotal } = job.progress;
    return (
      <div className="grid gap-2">
        <Progress
          aria-label={intl.formatMessage(
            { id: 'tree.gedcom.importing', defaultMessage: 'Importing {fileName}' },
            { fileName: job.fileName },
          )}
          value={personsTotal > 0 ? Math.min(100, Math.round((personsDone / personsTotal) * 100)) : null}
        />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {personsTotal > 0
            ? intl.formatMessage(
                { id: 'tree.gedcom.readingCount', defaultMessage: 'Reading {fileName}: {done, number} of {total, number} persons' },
                { fileName: job.fileName, done: personsDone, total: personsTotal },
              )
            : intl.formatMessage({ id: 'tree.gedcom.reading', defaultMessage: 'Reading {fileName}…' }, { fileName: job.fileName })}
        </p>
      </div>
    );
  }
  if (job.status === 'failed')
    return (
      <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <p className="font-medium">
          {intl.formatMessage(
            { id: 'tree.gedcom.importFailed', defaultMessage: '{fileName} could not be imported.' },
            { fileName: job.fileName },
          )}
        </p>
        {job.error && <p className="mt-1 break-words">{translateText(job.error)}</p>}
      </div>
    );
  return job.report ? <ImportReport fileName={job.fileName} report={job.report} /> : null;
}

function ImportReport({ fileName, report }: { fileName: string; report: GedcomReport }) {
  const intl = useIntl();
  const [showAll, setShowAll] = useState(false);
  const { warnings } = report;
  const shown = showAll ? warnings.items : warnings.items.slice(0, FIRST_WARNINGS);
  const notListed = warnings.count - warnings.items.length;
  return (
    <div
      className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm"
      role="region"
      aria-label={intl.formatMessage({ id: 'tree.gedcom.report', defaultMessage: 'GEDCOM import report' })}
    >
      <p className="font-medium">
        {intl.formatMessage({ id: 'tree.gedcom.imported', defaultMessage: '{fileName} was imported.' }, { fileName })}
      </p>
      <p>
        {intl.formatMessage(
          {
            id: 'tree.gedcom.added',
            defaultMessage:
              'Added {persons, plural, one {# person} other {# persons}}, {parentLinks, plural, one {# parent link} other {# parent links}}, {partnerships, plural, one {# partnership} other {# partnerships}}.',
          },
          { persons: report.personsAdded, parentLinks: report.parentLinks, partnerships: report.partnerships },
        )}
      </p>
      {report.suggestions > 0 && (
        <p>
          {intl.formatMessage(
            {
              id: 'tree.gedcom.mayMatch',
              defaultMessage:
                '{count, plural, one {# person may already be} other {# persons may already be}} in your tree: see “Possible matches”.',
            },
            { count: report.suggestions },
          )}
        </p>
      )}
      {warnings.count > 0 && (
        <div className="grid gap-1">
          <p className="font-medium">{intl.formatMessage(warningCount, { count: warnings.count })}</p>
          <ul className="grid gap-1" aria-label={intl.formatMessage({ id: 'tree.gedcom.warnings', defaultMessage: 'Warnings' })}>
            {shown.map((warning, i) => (
              <li key={`${warning.line}-${i}`} className="break-words">
                <span className="font-mono text-xs">
                  {intl.formatMessage({ id: 'tree.gedcom.line', defaultMessage: 'Line {line}' }, { line: String(warning.line) })}
                </span>{' '}
                <span className="text-muted-foreground">— {translateText(warning.message)}</span>
              </li>
            ))}
          </ul>
          {!showAll && warnings.items.length > FIRST_WARNINGS && (
            <div>
              <Button variant="link" className="min-h-11 px-0" onClick={() => setShowAll(true)}>
                {intl.formatMessage(
                  { id: 'tree.gedcom.showAll', defaultMessage: 'Show all {count, plural, one {# warning} other {# warnings}}' },
                  { count: warnings.items.length },
                )}
              </Button>
            </div>
          )}
          {showAll && notListed > 0 && (
            <p className="text-muted-foreground">
              {intl.formatMessage(
                { id: 'tree.gedcom.notListed', defaultMessage: 'and {count, number} more not listed' },
                { count: notListed },
              )}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
