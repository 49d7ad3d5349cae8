import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { z } from 'zod';
import { importSourceSchema, TRANSFER_MESSAGES, type ImportJob } from '@shared/schemas/transfers';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { uploadArchive, useImports, useServerFiles, useStartImport } from '../transfers-api';
import { ImportReportView } from './import-report';
import { TransferProgressBar } from './transfer-progress';
import { useIntl } from '@web/lib/i18n/use-intl';

type Upload = { sent: number; total: number; files: number };

/**
 * Settings → Your data → Import: heirloom exports or Google Photos Takeout zips, uploaded resumably and then
 * imported by a server job this card follows (also after leaving the page), ending in the job's report.
 */
export function ImportSection() {
  const imports = useImports();
  const intl = useIntl();
  const startImport = useStartImport();
  const latest = imports.data?.[0];
  const running = latest?.status === 'queued' || latest?.status === 'running';
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);

  // leaving the page stops the upload; choosing the same files again resumes it where it stopped
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const importFiles = async (files: File[]) => {
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    const total = files.reduce((sum, f) => sum + f.size, 0);
    setUpload({ sent: 0, total, files: files.length });
    try {
      const ids: string[] = [];
      let before = 0;
      for (const file of files) {
        ids.push(await uploadArchive(file, (sent) => setUpload({ sent: before + sent, total, files: files.length }), controller.signal));
        before += file.size;
      }
      await startImport.mutateAsync({ uploads: ids });
    } catch (e) {
      if (!controller.signal.aborted)
        setError(
          errorMessage(
            e,
            e instanceof Error
              ? e.message
              : intl.formatMessage({ id: 'account.import.notStarted', defaultMessage: 'The import could not be started.' }),
          ),
        );
    } finally {
      setUpload(null);
    }
  };

  const busy = running || upload !== null || startImport.isPending;
  return (
    <section aria-labelledby="import-heading" className="grid gap-3">
      <h3 id="import-heading" className="font-semibold">
        {intl.formatMessage({ id: 'account.import.title', defaultMessage: 'Import' })}
      </h3>
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({
          id: 'account.import.description',
          defaultMessage:
            'Bring in an heirloom export, or your Google Photos Takeout (choose all of its zip files at once). Items you already have are skipped, and the report lists anything that was not imported, with the reason.',
        })}
      </p>
      {upload ? (
        <UploadProgress upload={upload} />
      ) : running ? (
        <div className="grid gap-2">
          <TransferProgressBar
            label={intl.formatMessage({ id: 'account.import.progress', defaultMessage: 'Import progress' })}
            progress={latest.progress}
            starting={intl.formatMessage({ id: 'account.import.starting', defaultMessage: 'Your import is about to start...' })}
          />
          <p className="text-sm">
            {intl.formatMessage({ id: 'account.import.leave', defaultMessage: 'You can leave this page; the import keeps going.' })}
          </p>
        </div>
      ) : (
        <ArchivePicker disabled={busy} onImport={(files) => void importFiles(files)} />
      )}
      {!running && !upload && <ServerFilesPicker disabled={busy} onError={setError} />}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {imports.isError && (
        <p role="alert" className="text-sm text-destructive">
          {intl.formatMessage({ id: 'account.import.listFailed', defaultMessage: 'Earlier imports cannot be shown right now.' })}
        </p>
      )}
      {latest && !running && !upload && <FinishedImport job={latest} />}
    </section>
  );
}

function UploadProgress({ upload }: { upload: Upload }) {
  const intl = useIntl();
  const percent = upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0;
  return (
    <div className="grid gap-2">
      <Progress
        aria-label={intl.formatMessage({ id: 'account.import.uploadProgress', defaultMessage: 'Upload progress' })}
        value={percent}
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {intl.formatMessage(
          { id: 'account.import.uploading', defaultMessage: 'Uploading {count, plural, one {# file} other {# files}}: {sent} of {total}' },
          { count: upload.files, sent: formatBytes(upload.sent), total: formatBytes(upload.total) },
        )}
      </p>
      <p className="text-sm">
        {intl.formatMessage({
          id: 'account.import.keepOpen',
          defaultMessage: 'Keep this page open until the upload is done. If it is interrupted, choose the same files again to continue.',
        })}
      </p>
    </div>
  );
}

// the archives as picked; there is always one before the button can be pressed
const archivesSchema = z.object({ files: z.array(z.custom<File>()).min(1, TRANSFER_MESSAGES.noArchive) });

function ArchivePicker({ disabled, onImport }: { disabled: boolean; onImport: (files: File[]) => void }) {
  const intl = useIntl();
  const form = useForm({ resolver: zodResolver(archivesSchema), defaultValues: { files: [] as File[] } });
  const files = useWatch({ control: form.control, name: 'files' });
  return (
    <form onSubmit={form.handleSubmit(({ files }) => onImport(files))} noValidate className="grid gap-3">
      <FormField
        label={intl.formatMessage({ id: 'account.import.archives', defaultMessage: 'Archives to import (.zip)' })}
        error={form.formState.errors.files as FieldError | undefined}
      >
        <input
          type="file"
          accept=".zip,application/zip"
          multiple
          disabled={disabled}
          onChange={(e) => form.setValue('files', Array.from(e.currentTarget.files ?? []), { shouldValidate: form.formState.isSubmitted })}
          className="w-full max-w-full text-sm file:me-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
      </FormField>
      <div>
        <Button type="submit" variant="outline" className="w-full sm:w-auto" disabled={disabled || files.length === 0}>
          {files.length > 1
            ? intl.formatMessage({ id: 'account.import.importFiles', defaultMessage: 'Import {count} files' }, { count: files.length })
            : intl.formatMessage({ id: 'account.import.title', defaultMessage: 'Import' })}
        </Button>
      </div>
    </form>
  );
}

// the import folder's entries as the shared contract takes them, in the order they were ticked
const serverFilesSchema = importSourceSchema.options[1];

/** The archives in HEIRLOOM_IMPORT_DIR, offered only when the server has that folder set up. */
function ServerFilesPicker({ disabled, onError }: { disabled: boolean; onError: (message: string | null) => void }) {
  const intl = useIntl();
  const serverFiles = useServerFiles();
  const startImport = useStartImport();
  const form = useForm({ resolver: zodResolver(serverFilesSchema), defaultValues: { serverFiles: [] as string[] } });
  const chosen = useWatch({ control: form.control, name: 'serverFiles' });
  if (!serverFiles.data?.enabled || serverFiles.data.files.length === 0) return null;

  const toggle = (name: string, on: boolean) =>
    form.setValue('serverFiles', on ? [...chosen, name] : chosen.filter((n) => n !== name), { shouldValidate: form.formState.isSubmitted });
  const start = form.handleSubmit((source) => {
    onError(null);
    startImport.mutate(source, {
      onSuccess: () => form.reset(),
      onError: (e) =>
        onError(
          errorMessage(
            e,
            intl.formatMessage({ id: 'account.import.startFailed', defaultMessage: 'The import could not be started. Please try again.' }),
          ),
        ),
    });
  });
  const listError = form.formState.errors.serverFiles;
  return (
    <form onSubmit={start} noValidate className="grid gap-2 rounded-lg border p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">
          {intl.formatMessage({ id: 'account.import.serverFolder', defaultMessage: "Or import from the server's import folder" })}
        </legend>
        {serverFiles.data.files.map((file) => (
          <label key={file.name} className="flex items-center gap-2 text-sm break-all">
            <input type="checkbox" checked={chosen.includes(file.name)} onChange={(e) => toggle(file.name, e.currentTarget.checked)} />
            {file.name}
            <span className="ms-auto shrink-0 text-muted-foreground">
              {file.isFolder ? intl.formatMessage({ id: 'account.import.folder', defaultMessage: 'folder' }) : formatBytes(file.size)}
            </span>
          </label>
        ))}
        {listError && <p className="text-sm font-medium text-destructive">{listError.message}</p>}
      </fieldset>
      <div>
        <SubmitButton
          variant="outline"
          className="w-full sm:w-auto"
          isPending={startImport.isPending}
          disabled={disabled || chosen.length === 0}
        >
          {intl.formatMessage({ id: 'account.import.fromServer', defaultMessage: 'Import from the server' })}
        </SubmitButton>
      </div>
    </form>
  );
}

function FinishedImport({ job }: { job: ImportJob }) {
  const intl = useIntl();
  if (job.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-destructive">
        {job.error
          ? intl.formatMessage(
              { id: 'account.import.failedWith', defaultMessage: 'The last import failed and nothing from it was kept: {error}' },
              { error: job.error },
            )
          : intl.formatMessage({ id: 'account.import.failed', defaultMessage: 'The last import failed and nothing from it was kept.' })}
      </p>
    );
  }
  return job.report ? <ImportReportView report={job.report} finishedAt={job.finishedAt} /> : null;
}
