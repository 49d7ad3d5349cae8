import { Link2Off, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Attachment } from '@shared/schemas/memories';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDeleteAttachment, useMemoryAttachments } from '../api';
import { AttachmentThumbnail } from './attachment-preview';

/** spec §2: on edit, the memory's existing attachments, each removable after a confirmation. */
export function ExistingAttachments({
  memoryId,
  itemAction,
}: {
  memoryId: number;
  /** Shown in an attachment's row before its Delete button (the Transcribe button, decision 039). */
  itemAction?: (attachment: Attachment) => ReactNode;
}) {
  const intl = useIntl();
  const sourceLabel = {
    photo: intl.formatMessage({ id: 'memories.attachments.fromPhotos', defaultMessage: 'From your photos' }),
    vault: intl.formatMessage({ id: 'memories.attachments.fromVault', defaultMessage: 'From your vault' }),
  };
  const attachments = useMemoryAttachments(memoryId);
  const deleteAttachment = useDeleteAttachment();

  function remove(attachment: Attachment) {
    deleteAttachment.mutate(
      { memoryId, attachmentId: attachment.id },
      {
        onSuccess: () => toast({ title: intl.formatMessage({ id: 'memories.attachments.removed', defaultMessage: 'Attachment removed' }) }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'memories.attachments.errorTitle', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              attachment.type
                ? intl.formatMessage({ id: 'memories.attachments.removeFailed', defaultMessage: 'Failed to remove attachment' })
                : intl.formatMessage({ id: 'memories.attachments.deleteFailed', defaultMessage: 'Failed to delete attachment' }),
            ),
          }),
      },
    );
  }

  return (
    <section aria-labelledby="existing-attachments-heading" className="grid gap-2">
      <h4 id="existing-attachments-heading" className="text-sm font-medium">
        {intl.formatMessage({ id: 'memories.attachments.existing', defaultMessage: 'Existing attachments' })}
      </h4>
      {attachments.isPending ? (
        <Skeleton className="h-16" />
      ) : attachments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {intl.formatMessage({ id: 'memories.attachments.loadFailed', defaultMessage: 'Failed to load attachments' })}
        </p>
      ) : attachments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {intl.formatMessage({ id: 'memories.attachments.none', defaultMessage: 'No attachments for this memory' })}
        </p>
      ) : (
        <ul
          aria-label={intl.formatMessage({ id: 'memories.attachments.existing', defaultMessage: 'Existing attachments' })}
          className="grid max-h-[15rem] gap-2 overflow-y-auto pe-1"
        >
          {attachments.data.map((attachment) => (
            <li key={attachment.id} className="flex flex-wrap items-center gap-3 rounded-md border bg-card p-2 text-sm">
              <AttachmentThumbnail attachment={attachment} />
              <div className="min-w-0 flex-1">
                <a href={attachment.filePath} target="_blank" rel="noreferrer" className="block truncate font-medium hover:underline">
                  {attachment.fileName}
                </a>
                <p className="text-xs text-muted-foreground">
                  {formatBytes(attachment.fileSize)}
                  {attachment.type && ` · ${sourceLabel[attachment.type]}`}
                </p>
              </div>
              {itemAction?.(attachment)}
              <ConfirmDialog
                title={
                  attachment.type
                    ? intl.formatMessage({ id: 'memories.attachments.unlinkTitle', defaultMessage: 'Unlink attachment' })
                    : intl.formatMessage({ id: 'memories.attachments.deleteTitle', defaultMessage: 'Delete attachment' })
                }
                text={intl.formatMessage({
                  id: 'memories.attachments.confirmText',
                  defaultMessage: 'Are you sure you want to delete (or unlink) this attachment?',
                })}
                confirmLabel={
                  attachment.type
                    ? intl.formatMessage({ id: 'memories.attachments.unlink', defaultMessage: 'Unlink' })
                    : intl.formatMessage({ id: 'memories.attachments.delete', defaultMessage: 'Delete' })
                }
                onConfirm={() => remove(attachment)}
                trigger={
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={
                      attachment.type
                        ? intl.formatMessage(
                            { id: 'memories.attachments.unlinkLabel', defaultMessage: 'Unlink attachment {name}' },
                            { name: attachment.fileName },
                          )
                        : intl.formatMessage(
                            { id: 'memories.attachments.deleteLabel', defaultMessage: 'Delete attachment {name}' },
                            { name: attachment.fileName },
                          )
                    }
                    disabled={deleteAttachment.isPending}
                  >
                    {attachment.type ? <Link2Off aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
