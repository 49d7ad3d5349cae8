import { z } from 'zod';

/**
 * GET /api/capabilities (signed in): what this server can do, so the screens offer only what works
 * (decision 038). `videoProcessing` is false when ffmpeg is missing: videos are then stored and offered for
 * download, without posters or playable copies. `transcription` is true only when a speech-to-text model is
 * configured (AI_TRANSCRIBE_MODEL); without it no Transcribe button is shown.
 */
export const capabilitiesSchema = z.object({
  videoMaxBytes: z.number().int(),
  videoProcessing: z.boolean(),
  transcription: z.boolean(),
  /** The address people reach this heirloom at (PUBLIC_URL, or its localhost guess): what a Legacy Kit prints. */
  publicUrl: z.string(),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;
