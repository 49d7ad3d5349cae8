import type { FieldError } from 'react-hook-form';
import { LETTER_ATTACHMENTS_MAX_BYTES, type LetterAudio } from '@shared/schemas/legacy';
import { FormField } from '@web/components/form-field';
import { QueuedFile } from '@web/components/queued-file';
import { Input } from '@web/components/ui/input';
import { VoiceRecorder } from '@web/components/voice-recorder';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';

/** A plain letter carries sound only (decision 039); the server checks the bytes again. */
export const isAudioFile = (file: File) => file.type.startsWith('audio/') || /\.(mp3|wav|ogg|m4a|webm)$/i.test(file.name);

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Files as a letter carries them, sealed or plain: name, type and the bytes as base64. */
export async function toLetterFiles(files: File[]): Promise<LetterAudio[]> {
  const out: LetterAudio[] = [];
  for (const file of files) out.push({ name: file.name, type: file.type, data: await toBase64(file) });
  return out;
}

type LetterFilesProps = {
  sealed: boolean;
  /** Picked with the file input: any file in a sealed letter, audio in a plain one. */
  picked: File[];
  onPickedChange: (files: File[]) => void;
  /** Voice messages recorded here, in the order they were made. */
  recordings: File[];
  onRecordingsChange: (files: File[]) => void;
  disabled?: boolean;
  /** Why these files cannot be sent (too large, or not sound in a plain letter). */
  error?: FieldError;
};

/** A letter's attachments: picked files and voice messages recorded in the browser (the memory form's recorder). */
export function LetterFiles({ sealed, picked, onPickedChange, recordings, onRecordingsChange, disabled, error }: LetterFilesProps) {
  const intl = useIntl();
  let total = 0;
  for (const file of [...picked, ...recordings]) total += file.size;
  const chosen =
    total > 0
      ? ` ${intl.formatMessage({ id: 'legacy.letterFiles.chosen', defaultMessage: '({size} chosen)' }, { size: formatBytes(total) })}`
      : '';

  return (
    <div className="grid gap-2">
      <FormField
        label={intl.formatMessage({ id: 'legacy.letterFiles.label', defaultMessage: 'Attachments (optional)' })}
        error={error}
        hint={
          sealed
            ? intl.formatMessage(
                { id: 'legacy.letterFiles.sealedHint', defaultMessage: 'Photos or a voice recording, up to 9 MB in total{chosen}.' },
                { chosen },
              )
            : intl.formatMessage(
                {
                  id: 'legacy.letterFiles.plainHint',
                  defaultMessage:
                    'Plain letters can carry voice recordings and audio files, up to 9 MB in total{chosen}. Seal the letter to attach other files, or choose photos from your gallery below.',
                },
                { chosen },
              )
        }
      >
        <Input
          type="file"
          multiple
          accept={sealed ? undefined : 'audio/*'}
          disabled={disabled}
          onChange={(e) => onPickedChange(Array.from(e.target.files ?? []))}
        />
      </FormField>
      <VoiceRecorder
        addsTo="letter"
        maxBytes={LETTER_ATTACHMENTS_MAX_BYTES}
        disabled={disabled}
        onRecorded={(file) => onRecordingsChange([...recordings, file])}
      />
      {recordings.length > 0 && (
        <ul
          aria-label={intl.formatMessage({ id: 'legacy.letterFiles.recordings', defaultMessage: 'Recorded voice messages' })}
          className="grid gap-2"
        >
          {recordings.map((file, index) => (
            <QueuedFile
              key={`${file.name}-${index}`}
              file={file}
              audio
              onRemove={() => onRecordingsChange(recordings.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
