import { CalendarDays, MapPin, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { provenanceIn } from '@shared/legacy-keep-provenance';
import type { Memory } from '@shared/schemas/memories';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { SharedMark } from '@web/components/shared-mark';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { ItemDateText } from '@web/components/item-date-text';
import { memoryItemDate } from '@web/lib/item-date';
import { useDeleteMemory } from '../api';
import { AttachmentView } from './attachment-preview';
import { TagList } from '@web/components/tag-list';

type MemoryCardProps = {
  memory: Memory;
  onEdit: (memory: Memory) => void;
  onDeleted: (id: number) => void;
  /** In a collection with a live link. */
  isShared?: boolean;
  /** More buttons beside Edit and Delete (e.g. Add to collection), from the screen that composes features. */
  actions?: ReactNode;
};

/** spec §2: title, event date, optional location, content with its line breaks, edit and delete. */
export function MemoryCard({ memory, onEdit, onDeleted, isShared = false, actions }: MemoryCardProps) {
  const intl = useIntl();
  const deleteMemory = useDeleteMemory();

  // mutateAsync: the card unmounts when the refreshed list no longer has it, and the toast must still show.
  async function remove() {
    try {
      await deleteMemory.mutateAsync(memory.id);
      toast({ title: intl.formatMessage({ id: 'memories.card.deleted', defaultMessage: 'Memory Deleted' }) });
      onDeleted(memory.id);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'memories.card.errorTitle', defaultMessage: 'Error' }),
        description: errorMessage(
          error,
          intl.formatMessage({ id: 'memories.card.deleteFailed', defaultMessage: 'Failed to delete memory. Please try again.' }),
        ),
      });
    }
  }

  const attachmentsTitle = intl.formatMessage(
    { id: 'memories.card.attachments', defaultMessage: 'Attachments ({count})' },
    { count: String(memory.attachments.length) },
  );

  return (
    <Card aria-label={memory.title} role="article">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <CardTitle as="h3" className="break-words">
            {memory.title}
          </CardTitle>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="size-4" />
              <ItemDateText item={memoryItemDate(memory)} />
            </span>
            {memory.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4" />
                <span className="sr-only">{intl.formatMessage({ id: 'memories.card.location', defaultMessage: 'Location:' })} </span>
                {memory.location}
              </span>
            )}
            {memory.provenance && <span>{provenanceIn(intl, memory.provenance)}</span>}
            {isShared && <SharedMark />}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          {actions}
          <Button
            variant="ghost"
            size="icon"
            aria-label={intl.formatMessage({ id: 'memories.card.edit', defaultMessage: 'Edit memory {title}' }, { title: memory.title })}
            onClick={() => onEdit(memory)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <ConfirmDialog
            title={intl.formatMessage({ id: 'memories.card.deleteTitle', defaultMessage: 'Delete Memory' })}
            text={intl.formatMessage({ id: 'memories.card.deleteText', defaultMessage: 'Are you sure you want to delete this memory?' })}
            confirmLabel={intl.formatMessage({ id: 'memories.card.delete', defaultMessage: 'Delete' })}
            onConfirm={() => void remove()}
            trigger={
              <Button
                variant="ghost"
                size="icon"
                aria-label={intl.formatMessage(
                  { id: 'memories.card.deleteLabel', defaultMessage: 'Delete memory {title}' },
                  { title: memory.title },
                )}
                disabled={deleteMemory.isPending}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            }
          />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="break-words whitespace-pre-line">{memory.content}</p>
        <TagList tags={memory.tags} />
        {memory.attachments.length > 0 && (
          <section aria-label={attachmentsTitle}>
            <h4 className="mb-2 text-sm font-medium">{attachmentsTitle}</h4>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
              {memory.attachments.map((attachment) => (
                <li key={attachment.id} className={attachment.mimeType.startsWith('audio/') ? 'col-span-3 sm:col-span-2' : undefined}>
                  <AttachmentView attachment={attachment} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
