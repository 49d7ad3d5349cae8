import { FileText, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useLinkCandidates, useLinkItems } from '../api';

function toggle(set: Set<number>, id: number) {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Beyond the spec: attach photos already in the gallery and documents already in the vault to a memory. */
export function LinkPicker({ memoryId }: { memoryId: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [photoIds, setPhotoIds] = useState<Set<number>>(new Set());
  const [vaultFileIds, setVaultFileIds] = useState<Set<number>>(new Set());
  const candidates = useLinkCandidates(memoryId, open);
  const linkItems = useLinkItems();
  const count = photoIds.size + vaultFileIds.size;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setPhotoIds(new Set());
      setVaultFileIds(new Set());
    }
  }

  function link() {
    linkItems.mutate(
      { memoryId, links: { photoIds: [...photoIds], vaultFileIds: [...vaultFileIds] } },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'memories.link.linked', defaultMessage: 'Attachments linked' }),
            description: intl.formatMessage(
              { id: 'memories.link.linkedText', defaultMessage: '{count, plural, other {# item(s)}} linked to this memory.' },
              { count },
            ),
          });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'memories.link.errorTitle', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'memories.link.failed', defaultMessage: 'Failed to link attachments' }),
            ),
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Link2 aria-hidden="true" />
          {intl.formatMessage({ id: 'memories.link.open', defaultMessage: 'Link from Photos or Vault' })}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'memories.link.title', defaultMessage: 'Link photos and documents' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({
              id: 'memories.link.description',
              defaultMessage: 'Choose gallery photos and vault documents that belong with this memory. They stay where they are.',
            })}
          </DialogDescription>
        </DialogHeader>
        {candidates.isPending ? (
          <Skeleton className="h-40" />
        ) : candidates.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {intl.formatMessage({ id: 'memories.link.loadFailed', defaultMessage: 'Failed to load your photos and documents' })}
          </p>
        ) : (
          <div className="grid gap-6">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">
                {intl.formatMessage({ id: 'memories.link.photos', defaultMessage: 'Photos' })}
              </legend>
              {candidates.data.photos.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  {intl.formatMessage({ id: 'memories.link.noPhotos', defaultMessage: 'No other photos in your gallery.' })}
                </p>
              ) : (
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {candidates.data.photos.map((photo) => {
                    const name = photo.title || photo.fileName;
                    return (
                      <label
                        key={photo.id}
                        className="grid cursor-pointer gap-1 rounded-md border p-2 text-xs has-checked:border-primary has-checked:bg-primary/5"
                      >
                        <img
                          src={`${photo.imageUrl}?size=thumb`}
                          alt=""
                          loading="lazy"
                          className="aspect-square w-full rounded object-cover"
                        />
                        <span className="flex items-center gap-1.5">
                          <input
                            type="checkbox"
                            checked={photoIds.has(photo.id)}
                            onChange={() => setPhotoIds(toggle(photoIds, photo.id))}
                          />
                          <span className="truncate">{name}</span>
                        </span>
                        {photo.memoryId !== null && (
                          <span className="text-muted-foreground">
                            {intl.formatMessage({ id: 'memories.link.onAnotherPhoto', defaultMessage: 'On another memory' })}
                          </span>
                        )}
                      </label>
                    );
                  })}
                </div>
              )}
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">
                {intl.formatMessage({ id: 'memories.link.documents', defaultMessage: 'Documents' })}
              </legend>
              {candidates.data.vaultFiles.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  {intl.formatMessage({ id: 'memories.link.noDocuments', defaultMessage: 'No other documents in your vault.' })}
                </p>
              ) : (
                <ul className="grid gap-2">
                  {candidates.data.vaultFiles.map((file) => (
                    <li key={file.id}>
                      <label className="flex cursor-pointer items-center gap-3 rounded-md border p-2 text-sm has-checked:border-primary has-checked:bg-primary/5">
                        <input
                          type="checkbox"
                          checked={vaultFileIds.has(file.id)}
                          onChange={() => setVaultFileIds(toggle(vaultFileIds, file.id))}
                        />
                        <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
                        <span className="min-w-0 flex-1 truncate">{file.originalName}</span>
                        <span className="text-xs text-muted-foreground">
                          {file.memoryId !== null
                            ? intl.formatMessage(
                                { id: 'memories.link.sizeOnAnother', defaultMessage: '{size} · on another memory' },
                                { size: formatBytes(file.fileSize) },
                              )
                            : formatBytes(file.fileSize)}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {intl.formatMessage({ id: 'memories.link.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button type="button" disabled={count === 0 || linkItems.isPending} onClick={link}>
            {linkItems.isPending
              ? intl.formatMessage({ id: 'memories.link.linking', defaultMessage: 'Linking...' })
              : intl.formatMessage({ id: 'memories.link.submit', defaultMessage: 'Link selected ({count})' }, { count: String(count) })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
