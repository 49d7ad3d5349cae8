import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInputSchema, registerInputSchema, userSchema } from '@shared/schemas/auth';
import type { Env } from '../../env';
import { unauthorized } from '../../lib/errors';
import { createAuthRepo } from './auth.repo';
import { createAuthService } from './auth.service';

/** Per-IP limit on the credential routes; the per-account limit lives in the service. */
const authRateLimit = (env: Env) => ({ max: env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' });

export const authRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const auth = createAuthService({ repo: createAuthRepo(app.db), maxFailures: 10 });

  app.post(
    '/register',
    { config: { rateLimit: authRateLimit(env) }, schema: { body: registerInputSchema, response: { 201: userSchema } } },
    async (req, reply) => reply.code(201).send(await auth.register(req.body)),
  );

  app.post(
    '/login',
    { config: { rateLimit: authRateLimit(env) }, schema: { body: loginInputSchema, response: { 200: userSchema } } },
    async (req, reply) => {
      const user = await auth.login(req.body);
      if (req.sessionTokenHash) await app.sessions.end(req, reply); // a new session on every login
      await app.sessions.start(reply, user.id);
      return user;
    },
  );

  app.post('/logout', { schema: { response: { 200: z.object({ message: z.string() }) } } }, async (req, reply) => {
    await app.sessions.end(req, reply);
    return { message: 'Logged out' };
  });

  app.get('/user', { schema: { response: { 200: userSchema } } }, async (req) => {
    if (!req.user) throw unauthorized('Not logged in');
    return req.user;
  });
};
