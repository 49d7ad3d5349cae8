import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessageSchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  userSchema,
  verifyEmailInputSchema,
} from '@shared/schemas/auth';
import { tooManyRequests, unauthorized } from '../../lib/errors';
import { errorAnswers } from '../../lib/route-answers';
import { userText } from '@shared/i18n/text';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  /** Per-IP limit on the credential and account-link routes; the per-account limits (login-throttle.ts) come on top. */
  const authRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };
  // Reset mails one address can be sent, whoever asks and from wherever: no inbox is flooded.
  const resetMailsPerAddress = app.createRateLimit({
    max: 5,
    timeWindow: '1 hour',
    keyGenerator: (req) => `forgot:${(req.body as { email: string }).email.toLowerCase()}`,
  });

  app.post(
    '/register',
    { config: authRateLimit, schema: { body: registerInputSchema, response: { 201: userSchema, ...errorAnswers(403, 409) } } },
    async (req, reply) => reply.code(201).send(await auth.register(req.body)),
  );

  app.post(
    '/login',
    { config: authRateLimit, schema: { body: loginInputSchema, response: { 200: userSchema, ...errorAnswers(401, 403) } } },
    async (req, reply) => {
      const user = await auth.login(req.body, req.ip);
      if (req.sessionTokenHash) await app.sessions.end(req, reply); // a new session on every login
      await app.sessions.start(reply, user.id);
      return user;
    },
  );

  app.post('/logout', { schema: { response: { 200: z.object({ message: z.string() }) } } }, async (req, reply) => {
    await app.sessions.end(req, reply);
    return { message: userText('Logged out') };
  });

  app.get('/user', { schema: { response: { 200: userSchema, ...errorAnswers(401) } } }, async (req) => {
    if (!req.user) throw unauthorized(userText('Not logged in'));
    return req.user;
  });

  app.post(
    '/password/forgot',
    { config: authRateLimit, schema: { body: forgotPasswordInputSchema, response: { 202: authMessageSchema } } },
    async (req, reply) => {
      const limit = await resetMailsPerAddress(req);
      if (!limit.isAllowed && limit.isExceeded) {
        throw tooManyRequests(
          userText('Too many reset links were asked for this address. Please wait an hour and try again.'),
          limit.ttlInSeconds,
        );
      }
      await auth.requestPasswordReset(req.body.email);
      return reply.code(202).send({ message: FORGOT_PASSWORD_MESSAGE });
    },
  );

  app.post(
    '/password/reset',
    { config: authRateLimit, schema: { body: resetPasswordInputSchema, response: { 200: authMessageSchema } } },
    async (req) => {
      await auth.resetPassword(req.body);
      return { message: userText('Your password has been reset. Please sign in with your new password.') };
    },
  );

  // Signed in or not: the link is opened wherever the mail is read.
  app.post(
    '/email/verify',
    { config: authRateLimit, schema: { body: verifyEmailInputSchema, response: { 200: authMessageSchema } } },
    async (req) => {
      await auth.verifyEmail(req.body.token);
      return { message: userText('Your e-mail address is verified.') };
    },
  );
};
