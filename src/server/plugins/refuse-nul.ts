// Every JSON body, query string and path parameter carrying a NUL character is refused with a clear 400
// before validation (lib/nul-character.ts says why).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';
import { containsNul, NUL_MESSAGE } from '../lib/nul-character';

export const refuseNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.params) || containsNul(req.query) || containsNul(req.body)) throw badRequest(NUL_MESSAGE, 'NUL_CHARACTER');
  });
});
