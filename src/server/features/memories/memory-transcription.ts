// Transcription of a memory's audio (decision 039): a recording not yet saved, received like an attachment
// (the same type check by bytes, the same size limit) and always discarded afterwards, or an own audio
// attachment already stored. The words come from the configured speech-to-text model.
import { openAsBlob } from 'node:fs';
import { ATTACHMENT_MAX_BYTES } from '@shared/limits';
import { TRANSCRIPTION_MESSAGES } from '@shared/schemas/transcription';
import { AiError } from '../../ai/provider';
import type { Transcriber } from '../../ai/transcription';
import { AppError, notFound, unsupportedMediaType } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import type { ReceivedFile, ReceiveOptions } from '../../lib/uploads';
import type { MemoriesRepo } from './memories.repo';
import { detectAttachmentType } from './memories.service';
import { userText } from '@shared/i18n/text';

/** POST /api/memories/transcriptions: one audio file in the field `audio`, accepted as audio attachments are. */
export const TRANSCRIPTION_UPLOAD: ReceiveOptions = {
  field: 'audio',
  maxBytes: ATTACHMENT_MAX_BYTES,
  maxFiles: 1,
  accept: async (head, fileName) => {
    const type = await detectAttachmentType(head, fileName);
    return type?.mime.startsWith('audio/') ? type : undefined;
  },
  messages: {
    tooLarge: userText('File is larger than 15 MB. Each attachment can be at most 15 MB.'),
    wrongType: TRANSCRIPTION_MESSAGES.notAudio,
    missing: userText('No audio file was sent.'),
    tooMany: userText('Send one audio file at a time.'),
    empty: userText('The file is empty'),
  },
};

/** A speech-to-text failure as an HTTP answer: 503 when the service cannot be used now, 502 when its answer was wrong. */
function transcriptionFailure(err: unknown): never {
  if (err instanceof AiError)
    throw new AppError(err.kind === 'unavailable' ? 503 : 502, err.message, `TRANSCRIPTION_${err.kind.toUpperCase()}`);
  throw err;
}

export function createMemoryTranscription({
  repo,
  files,
  transcriber,
}: {
  repo: MemoriesRepo;
  files: FileStore;
  transcriber: Transcriber | undefined;
}) {
  /** 404 before anything is read when no speech-to-text model is configured (the Transcribe button is hidden then). */
  function requireTranscriber(): Transcriber {
    if (!transcriber) throw new AppError(404, TRANSCRIPTION_MESSAGES.notConfigured, 'TRANSCRIPTION_NOT_CONFIGURED');
    return transcriber;
  }

  async function run(audio: Parameters<Transcriber['transcribe']>[0]) {
    try {
      // Silence is an empty text, not an error: the screen says that nothing was recognised.
      return { text: await requireTranscriber().transcribe(audio) };
    } catch (err) {
      return transcriptionFailure(err);
    }
  }

  return {
    requireTranscriber,

    /** Takes ownership of the received recording: it is removed whatever happens. */
    async transcribeUpload(received: ReceivedFile) {
      try {
        const data = await openAsBlob(received.staged.tempPath, { type: received.mimeType });
        return await run({ data, fileName: received.fileName, mimeType: received.mimeType });
      } finally {
        await files.discard(received.staged);
      }
    },

    /** An own audio attachment; another user's memory or attachment, and linked photos or vault files, are 404. */
    async transcribeAttachment(userId: number, memoryId: number, attachmentId: string) {
      requireTranscriber();
      if (!/^\d+$/.test(attachmentId)) throw notFound(userText('Attachment not found'));
      const row = await repo.findAttachmentFile(userId, memoryId, Number(attachmentId));
      if (!row) throw notFound(userText('Attachment not found'));
      if (!row.mimeType.startsWith('audio/')) throw unsupportedMediaType(TRANSCRIPTION_MESSAGES.notAudio);
      if (!(await files.exists(row.filePath))) throw notFound(userText('Attachment file not found'));
      return files.withLocalFile(row.filePath, async (localPath) => {
        const data = await openAsBlob(localPath, { type: row.mimeType });
        return run({ data, fileName: row.fileName, mimeType: row.mimeType });
      });
    },
  };
}
