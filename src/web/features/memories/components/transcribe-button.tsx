import { AudioLines } from 'lucide-react';
import type { Attachment } from '@shared/schemas/memories';
import { TRANSCRIPTION_MESSAGES } from '@shared/schemas/transcription';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { isAudio, useTranscribe, type TranscriptionSource } from '../api';
import { isAudioFile } from './attachment-drop-zone';

type TranscribeButtonProps = {
  source: TranscriptionSource;
  /** The file's name, so each button says which recording it transcribes. */
  name: string;
  /** The words heard, for the form to add to the story. */
  onText: (text: string) => void;
};

/** "Transcribe" next to one audio item (decision 039): busy while the server listens, the outcome said inline. */
export function TranscribeButton({ source, name, onText }: TranscribeButtonProps) {
  const intl = useIntl();
  const transcribe = useTranscribe();

  function start() {
    transcribe.mutate(source, {
      onSuccess: ({ text }) => {
        if (text.trim()) onText(text.trim());
      },
    });
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={start}
        disabled={transcribe.isPending}
        aria-label={intl.formatMessage({ id: 'memories.transcribe.label', defaultMessage: 'Transcribe {name}' }, { name })}
      >
        {transcribe.isPending ? <Spinner /> : <AudioLines aria-hidden="true" />}
        {transcribe.isPending
          ? intl.formatMessage({ id: 'memories.transcribe.pending', defaultMessage: 'Transcribing...' })
          : intl.formatMessage({ id: 'memories.transcribe.button', defaultMessage: 'Transcribe' })}
      </Button>
      {transcribe.isError && (
        <p role="alert" className="basis-full text-xs text-destructive">
          {errorMessage(
            transcribe.error,
            intl.formatMessage({
              id: 'memories.transcribe.failed',
              defaultMessage: 'The recording could not be transcribed. Please try again.',
            }),
          )}
        </p>
      )}
      {transcribe.isSuccess && (
        <p role="status" className="basis-full text-xs text-muted-foreground">
          {transcribe.data.text.trim()
            ? intl.formatMessage({
                id: 'memories.transcribe.added',
                defaultMessage: 'Added to the story on the Content tab, ready to edit.',
              })
            : TRANSCRIPTION_MESSAGES.nothingHeard}
        </p>
      )}
    </>
  );
}

/** The Transcribe button of a queued file (picked or recorded), for sound only. */
export const transcribeQueued = (onText: (text: string) => void) => (file: File) =>
  isAudioFile(file) && <TranscribeButton source={{ file }} name={file.name} onText={onText} />;

/** The Transcribe button of a saved attachment: the memory's own audio files only, not linked items. */
export const transcribeSaved = (memoryId: number, onText: (text: string) => void) => (attachment: Attachment) =>
  isAudio(attachment) &&
  !attachment.type && <TranscribeButton source={{ memoryId, attachmentId: attachment.id }} name={attachment.fileName} onText={onText} />;
