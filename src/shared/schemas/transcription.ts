import { z } from 'zod';
import { userText } from '../i18n/text';

/**
 * POST /api/memories/transcriptions (a recording not yet saved, multipart field `audio`) and
 * POST /api/memories/:id/attachments/:attachmentId/transcription (a saved audio attachment): the words
 * spoken, for the user to edit into the memory's text (decision 039). Offered only when GET /api/capabilities
 * says `transcription`; otherwise both answer 404 with TRANSCRIPTION_MESSAGES.notConfigured.
 */
export const transcriptionSchema = z.object({ text: z.string() });
export type Transcription = z.infer<typeof transcriptionSchema>;

export const TRANSCRIPTION_MESSAGES = {
  notConfigured: userText(
    'Transcription is not set up on this server: its administrator can configure a speech-to-text model (AI_TRANSCRIBE_MODEL).',
  ),
  notAudio: userText('Only audio can be transcribed (MP3, WAV, OGG, M4A or a voice recording).'),
  nothingHeard: userText('No speech was recognised in this recording.'),
} as const;
