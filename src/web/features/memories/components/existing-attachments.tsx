import { Link2Off, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Attachment } from '@shared/schemas/memories';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { useDeleteAttachment, useMemoryAttachments } from '../api';
import { AttachmentThumbnail } from './attachment-preview';

const SOURCE_LABEL = { photo: 'From your photos', vault: 'From your vault' } as const;

/** spec §2: on edit, the memory's existing attachments, each removable after a confirmation. */
export function ExistingAttachments({
  memoryId,
  itemAction,
}: {
  memoryId: number;
  /** Shown in an attachment's row before its Delete button (the Transcribe button, decision 039). */
  itemAction?: (attachment: Attachment) => ReactNode;
}) {
  const attachments = useMemoryAttachments(memoryId);
  const deleteAttachment = useDeleteAttachment();

  function remove(attachment: Attachment) {
    deleteAttachment.mutate(
      { memoryId, attachmentId: attachment.id },
      {
        onSuccess: () => toast({ title: 'Attachment removed' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error, attachment.type ? 'Failed to remove attachment' : 'Failed to delete attachment'),
          }),
      },
    );
  }

  return (
    <section aria-labelledby="existing-attachments-heading" className="grid gap-2">
      <h4 id="existing-attachments-heading" className="text-sm font-medium">
        Existing attachments
      </h4>
      {attachments.isPending ? (
        <Skeleton className="h-16" />
      ) : attachments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load attachments
        </p>
      ) : attachments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No attachments for this memory</p>
      ) : (
        <ul aria-label="Existing attachments" className="grid max-h-[15rem] gap-2 overflow-y-auto pr-1">
          {attachments.data.map((attachment) => (
            <li key={attachment.id} className="flex flex-wrap items-center gap-3 rounded-md border bg-card p-2 text-sm">
              <AttachmentThumbnail attachment={attachment} />
              <div className="min-w-0 flex-1">
                <a href={attachment.filePath} target="_blank" rel="noreferrer" className="block truncate font-medium hover:underline">
                  {attachment.fileName}
                </a>
                <p className="text-xs text-muted-foreground">
                  {formatBytes(attachment.fileSize)}
                  {attachment.type && ` · ${SOURCE_LABEL[attachment.type]}`}
                </p>
              </div>
              {itemAction?.(attachment)}
              <ConfirmDialog
                title={attachment.type ? 'Unlink attachment' : 'Delete attachment'}
                text="Are you sure you want to delete (or unlink) this attachment?"
                confirmLabel={attachment.type ? 'Unlink' : 'Delete'}
                onConfirm={() => remove(attachment)}
                trigger={
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`${attachment.type ? 'Unlink' : 'Delete'} attachment ${attachment.fileName}`}
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
