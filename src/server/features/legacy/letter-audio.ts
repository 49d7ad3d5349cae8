// A plain letter's voice recordings (decision 039): sent as base64 in the letter's JSON, like a sealed letter's
// files travel inside its payload, and kept in the letter's row. Unlike sealed files the server can read them,
// so it checks each by its bytes exactly as memory audio attachments are checked (decision 037's voice rule).
import { LETTER_ATTACHMENTS_MAX_BYTES, LETTER_ATTACHMENTS_TOO_LARGE, LETTER_AUDIO_ONLY, type LetterAudio } from '@shared/schemas/legacy';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors';
import { safeFileName } from '../../lib/uploads';
import { detectAttachmentType } from '../memories/memories.service';
import { userText } from '@shared/i18n/text';

/** The head file-type and the track check read, as lib/file-store keeps for an upload. */
const HEAD_BYTES = 4100;

/** The recordings as they are kept: names made safe, the type from the bytes (never the browser's word). */
export async function acceptLetterAudio(files: LetterAudio[]): Promise<LetterAudio[]> {
  const decoded = files.map((file) => ({ name: safeFileName(file.name), bytes: Buffer.from(file.data, 'base64') }));
  let total = 0;
  for (const file of decoded) total += file.bytes.length;
  if (total > LETTER_ATTACHMENTS_MAX_BYTES) throw payloadTooLarge(LETTER_ATTACHMENTS_TOO_LARGE);
  const kept: LetterAudio[] = [];
  for (const file of decoded) {
    if (file.bytes.length === 0) throw badRequest(userText('The file is empty'), 'EMPTY_FILE');
    const type = await detectAttachmentType(file.bytes.subarray(0, HEAD_BYTES), file.name);
    if (!type?.mime.startsWith('audio/')) throw unsupportedMediaType(LETTER_AUDIO_ONLY);
    kept.push({ name: file.name, type: type.mime, data: file.bytes.toString('base64') });
  }
  return kept;
}

/** What the owner's list says of a kept recording: no bytes. */
export const describeLetterAudio = (files: LetterAudio[]) =>
  files.map((file) => ({ name: file.name, type: file.type, size: Buffer.byteLength(file.data, 'base64') }));
