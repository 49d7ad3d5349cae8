// Every JSON body and query string carrying a NUL character is refused with a clear 400 before validation
// (lib/nul-character.ts says why). Path parameters are ids, which name nothing when malformed (404).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';
import { containsNul, NUL_MESSAGE } from '../lib/nul-character';

export const refuseNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.query) || containsNul(req.body)) throw badRequest(NUL_MESSAGE, 'NUL_CHARACTER');
  });
});
