// GET /api/capabilities: what this server can do, so the screens offer only what works (decision 038).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MB } from '@shared/limits';
import { capabilitiesSchema } from '@shared/schemas/capabilities';

export const capabilitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const capabilities = {
    videoMaxBytes: app.env.VIDEO_MAX_MB * MB,
    videoProcessing: app.media.available,
    transcription: Boolean(app.env.AI_BASE_URL && app.env.AI_TRANSCRIBE_MODEL),
    publicUrl: app.env.PUBLIC_URL,
  };
  app.get('/', { schema: { response: { 200: capabilitiesSchema } } }, () => capabilities);
};
