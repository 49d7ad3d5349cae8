import type { LucideIcon } from 'lucide-react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

export type { FileRejection };

type FileDropZoneProps = {
  accept: Accept;
  maxSize: number;
  maxFiles?: number;
  disabled?: boolean;
  onDrop: (accepted: File[], rejected: FileRejection[]) => void;
  /** The accessible name of the hidden file input. */
  inputLabel: string;
  icon: LucideIcon;
  prompt: string;
  dragPrompt: string;
  hint: string;
  buttonLabel: string;
  compact?: boolean;
};

/** The dashed area every upload uses: drop files on it, click it, or use its button to pick them. */
export function FileDropZone({
  accept,
  maxSize,
  maxFiles,
  disabled,
  onDrop,
  inputLabel,
  icon: Icon,
  prompt,
  dragPrompt,
  hint,
  buttonLabel,
  compact = false,
}: FileDropZoneProps) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    accept,
    maxSize,
    maxFiles: maxFiles ?? 0, // 0: any number
    multiple: maxFiles !== 1,
    disabled,
  });

  return (
    <div
      {...getRootProps({
        className: cn(
          'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed text-center transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
          compact ? 'gap-2 px-4 py-8' : 'gap-3 px-6 py-10',
          isDragActive ? 'border-primary bg-accent' : 'border-input hover:bg-accent/50',
          disabled && 'pointer-events-none opacity-60',
        ),
      })}
    >
      <input {...getInputProps({ 'aria-label': inputLabel })} />
      <Icon aria-hidden="true" className={cn('text-muted-foreground', compact ? 'size-8' : 'size-10')} />
      <p className="font-medium">{isDragActive ? dragPrompt : prompt}</p>
      <p className={cn('text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>{hint}</p>
      <Button
        type="button"
        variant="outline"
        size={compact ? 'sm' : 'default'}
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
          open();
        }}
      >
        {buttonLabel}
      </Button>
    </div>
  );
}
