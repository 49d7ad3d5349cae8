import { FileAudio, FileImage, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';

/** One file chosen or recorded and not sent yet: its kind, name and size, an optional action, and Remove. */
export function QueuedFile({ file, audio, action, onRemove }: { file: File; audio: boolean; action?: ReactNode; onRemove: () => void }) {
  const intl = useIntl();
  const Icon = audio ? FileAudio : FileImage;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border bg-card px-3 py-2 text-sm">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1 truncate">{file.name}</span>
      <span className="shrink-0 text-muted-foreground">{formatBytes(file.size)}</span>
      {action}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={intl.formatMessage({ id: 'common.queuedFile.remove', defaultMessage: 'Remove {name}' }, { name: file.name })}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
