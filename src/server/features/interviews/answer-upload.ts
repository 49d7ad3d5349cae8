// POST /api/answer/:token is one multipart form with two kinds of file (decision 066): `recording`, one audio
// file checked as a memory's attachment is (audio by its bytes, a WebM or MP4 only when it holds sound alone),
// and `photos`, pictures checked as the gallery checks them; and the text fields `text` and `recordingUploadId`.
// Everything staged is discarded on any refusal: a refused answer keeps nothing.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES, PHOTO_MAX_BYTES } from '@shared/limits';
import { ANSWER_MAX_PHOTOS } from '@shared/schemas/interviews';
import { PHOTO_MIME_TYPES, PHOTO_UPLOAD_MESSAGES } from '@shared/schemas/photos';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors';
import { FileTooLargeError, type FileStore } from '../../lib/file-store';
import { detectImageType } from '../../lib/images';
import { containsNul, NUL_MESSAGE } from '../../lib/nul-character';
import { receiveOne, type ReceivedFile, type ReceiveOptions } from '../../lib/uploads';
import { ATTACHMENT_UPLOAD, detectAttachmentType } from '../memories/memories.service';
import { userText } from '@shared/i18n/text';

export const RECORDING_NOT_AUDIO = userText('A recording must be audio (MP3, WAV, OGG, M4A or a voice recording).');

/** The recording: accepted as a memory's attachment is (type by its bytes), and only when it is sound (decision 037). */
export const RECORDING_UPLOAD: ReceiveOptions = {
  field: 'recording',
  maxBytes: ATTACHMENT_MAX_BYTES,
  maxFiles: 1,
  accept: async (head, fileName) => {
    const type = await detectAttachmentType(head, fileName);
    return type?.mime.startsWith('audio/') ? type : undefined;
  },
  messages: {
    tooLarge: ATTACHMENT_UPLOAD.messages.tooLarge,
    // the transcription's words for it, without "transcribed": a recording here is kept, not transcribed only
    wrongType: RECORDING_NOT_AUDIO,
    missing: userText('No audio file was sent.'),
    tooMany: userText('Send one recording with an answer.'),
    empty: userText('The file is empty'),
  },
};

export const ANSWER_PHOTOS_UPLOAD: ReceiveOptions = {
  field: 'photos',
  maxBytes: PHOTO_MAX_BYTES,
  maxFiles: ANSWER_MAX_PHOTOS,
  accept: (head) => detectImageType(head, PHOTO_MIME_TYPES),
  messages: { ...PHOTO_UPLOAD_MESSAGES, tooMany: `Add at most ${ANSWER_MAX_PHOTOS} photos to an answer.` },
};

/** The most an answer's body may be (for the route's drain of a refused upload). */
export const ANSWER_UPLOAD_LIMITS = { maxBytes: PHOTO_MAX_BYTES, maxFiles: ANSWER_MAX_PHOTOS + 2 };

export interface ReceivedAnswer {
  fields: Record<string, string>;
  recording?: ReceivedFile;
  photos: ReceivedFile[];
}

const MAX_FIELD_BYTES = 100_000;

export async function discardAnswer(files: FileStore, answer: Pick<ReceivedAnswer, 'recording' | 'photos'>) {
  await Promise.all([...(answer.recording ? [answer.recording] : []), ...answer.photos].map((f) => files.discard(f.staged)));
}

async function receivePart(part: MultipartFile, files: FileStore, opts: ReceiveOptions): Promise<ReceivedFile> {
  try {
    return await receiveOne(part, files, opts);
  } catch (err) {
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(opts.messages.tooLarge);
    throw err;
  }
}

export async function receiveAnswer(req: FastifyRequest, files: FileStore): Promise<ReceivedAnswer> {
  if (!req.isMultipart()) throw unsupportedMediaType(userText('Expected a multipart/form-data upload'));
  const answer: ReceivedAnswer = { fields: {}, photos: [] };
  try {
    const parts = req.parts({
      limits: {
        fileSize: Math.max(RECORDING_UPLOAD.maxBytes, PHOTO_MAX_BYTES),
        files: ANSWER_MAX_PHOTOS + 2,
        fields: 20,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw payloadTooLarge(`A text field is too long (at most ${MAX_FIELD_BYTES.toLocaleString('en')} bytes)`);
        if (typeof part.value === 'string') {
          if (containsNul(part.value)) throw badRequest(NUL_MESSAGE, 'NUL_CHARACTER');
          answer.fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname === RECORDING_UPLOAD.field) {
        if (answer.recording) {
          part.file.resume();
          throw badRequest(RECORDING_UPLOAD.messages.tooMany!, 'TOO_MANY_FILES');
        }
        // a photo's size limit is smaller than a recording's: each part is held to its own
        answer.recording = await receivePart(part, files, RECORDING_UPLOAD);
      } else if (part.fieldname === ANSWER_PHOTOS_UPLOAD.field) {
        if (answer.photos.length >= ANSWER_MAX_PHOTOS) {
          part.file.resume();
          throw badRequest(ANSWER_PHOTOS_UPLOAD.messages.tooMany!, 'TOO_MANY_FILES');
        }
        answer.photos.push(await receivePart(part, files, ANSWER_PHOTOS_UPLOAD));
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    await discardAnswer(files, answer);
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest(ANSWER_PHOTOS_UPLOAD.messages.tooMany!, 'TOO_MANY_FILES');
    if (code === 'FST_PROTO_VIOLATION' || /Unexpected end of form|Malformed|Multipart/i.test((err as Error)?.message ?? ''))
      throw badRequest(userText('The upload was incomplete or malformed'), 'BAD_UPLOAD');
    throw err;
  }
  return answer;
}
