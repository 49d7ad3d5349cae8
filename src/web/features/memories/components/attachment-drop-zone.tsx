import { UploadCloud } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '@shared/limits';
import { FileDropZone, type FileRejection } from '@web/components/file-drop-zone';
import { QueuedFile } from '@web/components/queued-file';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { ATTACHMENT_ACCEPT } from '@web/lib/upload-types';

/** react-dropzone's own rejection texts; the size one in the spec's words ('File is larger than N bytes'). */
const TOO_LARGE = defineMessages({
  text: { id: 'memories.dropZone.tooLarge', defaultMessage: 'File is larger than {bytes} bytes' },
});

function rejectionText(rejection: FileRejection): string {
  return rejection.errors
    .map((e) =>
      e.code === 'file-too-large' ? activeIntl().formatMessage(TOO_LARGE.text, { bytes: String(ATTACHMENT_MAX_BYTES) }) : e.message,
    )
    .join('; ');
}

/** A queued file that is sound: a picked audio file or a recording (the browser may leave `type` empty). */
export const isAudioFile = (file: File) => file.type.startsWith('audio/') || /\.(mp3|wav|ogg|m4a|webm)$/i.test(file.name);

type AttachmentDropZoneProps = {
  files: File[];
  onFilesChange: (files: File[]) => void;
  disabled?: boolean;
  /** Shown in a queued file's row before its Remove button (the Transcribe button, decision 039). */
  itemAction?: (file: File) => ReactNode;
};

export function AttachmentDropZone({ files, onFilesChange, disabled, itemAction }: AttachmentDropZoneProps) {
  const intl = useIntl();
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  // spec §5: only images and audio, at most 15 MB each and 5 files per drop.
  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    setRejections(rejected);
    // The same file picked twice is queued once.
    const key = (f: File) => `${f.name}:${f.size}:${f.lastModified}`;
    const queued = new Set(files.map(key));
    const fresh = accepted.filter((f) => !queued.has(key(f)));
    if (fresh.length > 0) onFilesChange([...files, ...fresh]);
  };

  return (
    <div className="grid gap-3">
      <FileDropZone
        accept={ATTACHMENT_ACCEPT}
        maxSize={ATTACHMENT_MAX_BYTES}
        maxFiles={ATTACHMENT_MAX_FILES}
        disabled={disabled}
        onDrop={onDrop}
        inputLabel={intl.formatMessage({ id: 'memories.dropZone.inputLabel', defaultMessage: 'Attachment files' })}
        icon={UploadCloud}
        prompt={intl.formatMessage({
          id: 'memories.dropZone.prompt',
          defaultMessage: 'Drag & drop images or audio here, or click to select',
        })}
        dragPrompt={intl.formatMessage({ id: 'memories.dropZone.dragPrompt', defaultMessage: 'Drop the files here' })}
        hint={intl.formatMessage({
          id: 'memories.dropZone.hint',
          defaultMessage: 'Images (JPEG, PNG, GIF, WebP, HEIC/HEIF) and audio (MP3, WAV, OGG, M4A), up to 15 MB each, 5 files at a time',
        })}
        buttonLabel={intl.formatMessage({ id: 'memories.dropZone.select', defaultMessage: 'Select Files' })}
        compact
      />

      {rejections.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm text-destructive">
          {rejections.map((r, i) => (
            <li key={`${r.file.name}-${i}`}>
              {intl.formatMessage(
                { id: 'memories.dropZone.rejected', defaultMessage: '<name>{file}</name>: {reason}' },
                { file: r.file.name, reason: rejectionText(r), name: (chunks) => <span className="font-medium">{chunks}</span> },
              )}
            </li>
          ))}
        </ul>
      )}

      {files.length > 0 && (
        <div>
          <h4 className="mb-2 text-sm font-medium">
            {intl.formatMessage(
              { id: 'memories.dropZone.selectedCount', defaultMessage: 'Selected files ({count})' },
              { count: String(files.length) },
            )}
          </h4>
          <ul
            aria-label={intl.formatMessage({ id: 'memories.dropZone.selected', defaultMessage: 'Selected files' })}
            className="grid max-h-[15rem] gap-2 overflow-y-auto pe-1"
          >
            {files.map((file, index) => (
              <QueuedFile
                key={`${file.name}-${file.size}-${index}`}
                file={file}
                audio={isAudioFile(file)}
                action={itemAction?.(file)}
                onRemove={() => onFilesChange(files.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
