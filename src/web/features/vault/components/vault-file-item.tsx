import { Download, FileText, Trash2 } from 'lucide-react';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { provenanceIn } from '@shared/legacy-keep-provenance';
import type { VaultFile } from '@shared/schemas/vault';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { SharedMark } from '@web/components/shared-mark';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { formatBytes, formatLongDate } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDeleteVaultFile, vaultFileUrl } from '../api';
import { DocumentText } from './document-text';

type VaultFileItemProps = Omit<ComponentPropsWithRef<'li'>, 'children'> & {
  file: VaultFile;
  /** In a collection with a live link. */
  isShared?: boolean;
  /** More buttons beside Download and Delete (e.g. Add to collection). */
  actions?: ReactNode;
};

/** One document; `liProps` place it in a long (virtual) list. */
export function VaultFileItem({ file, isShared = false, actions, className, ...liProps }: VaultFileItemProps) {
  const intl = useIntl();
  const nameId = useId();
  const deleteFile = useDeleteVaultFile();

  // The promise, not mutate()'s callbacks: the item leaves the list (and unmounts) when the refetch lands, and
  // callbacks of an unmounted mutation never run, so the toast would be lost.
  const onDelete = () =>
    deleteFile.mutateAsync(file.id).then(
      () =>
        toast({
          title: intl.formatMessage({ id: 'vault.item.successTitle', defaultMessage: 'Success' }),
          description: intl.formatMessage({ id: 'vault.item.deleted', defaultMessage: 'File deleted successfully' }),
        }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'vault.item.errorTitle', defaultMessage: 'Error' }),
          description: errorMessage(error, intl.formatMessage({ id: 'vault.item.deleteFailed', defaultMessage: 'Failed to delete file' })),
        }),
    );

  return (
    <li {...liProps} aria-labelledby={nameId} className={cn('pb-3', className)}>
      <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="min-w-0">
            <p id={nameId} className="font-medium break-words">
              {file.originalName}
            </p>
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
              <span>{formatBytes(file.fileSize)}</span>
              <span aria-hidden="true">·</span>
              <span>
                {intl.formatMessage(
                  { id: 'vault.item.uploaded', defaultMessage: 'Uploaded {date}' },
                  { date: formatLongDate(file.uploadedAt) },
                )}
              </span>
              {file.provenance && (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{provenanceIn(intl, file.provenance)}</span>
                </>
              )}
              {isShared && <SharedMark />}
            </p>
            {file.description && <p className="mt-1 text-sm whitespace-pre-line break-words">{file.description}</p>}
            <DocumentText fileId={file.id} nameId={nameId} />
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button asChild variant="outline" size="sm">
            {/* spec §2: opens the file in a new tab; the server decides between viewing and downloading */}
            <a href={vaultFileUrl(file.id)} target="_blank" rel="noopener noreferrer" aria-describedby={nameId}>
              <Download aria-hidden="true" />
              {intl.formatMessage({ id: 'vault.item.download', defaultMessage: 'Download' })}
            </a>
          </Button>
          {actions}
          <ConfirmDialog
            title={intl.formatMessage({ id: 'vault.item.deleteTitle', defaultMessage: 'Delete File' })}
            text={intl.formatMessage({
              id: 'vault.item.deleteText',
              defaultMessage:
                'Are you sure you want to delete this file? This action cannot be undone and the file will be permanently removed from the vault.',
            })}
            confirmLabel={intl.formatMessage({ id: 'vault.item.deleteConfirm', defaultMessage: 'Delete' })}
            onConfirm={onDelete}
            trigger={
              <Button
                variant="ghost"
                size="icon"
                aria-label={intl.formatMessage({ id: 'vault.item.deleteLabel', defaultMessage: 'Delete file' })}
                aria-describedby={nameId}
                disabled={deleteFile.isPending}
                className="text-destructive hover:text-destructive"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            }
          />
        </div>
      </div>
    </li>
  );
}
