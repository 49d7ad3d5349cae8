// /api/user account control (Settings → Account, Profile): password, sign-in address and its verification,
// sign out everywhere, account deletion. GET /api/user lives in auth; the profile fields in profile.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletionInputSchema,
  accountMessageSchema,
  emailChangeInputSchema,
  languageInputSchema,
  passwordChangeInputSchema,
} from '@shared/schemas/account';
import { userSchema } from '@shared/schemas/auth';
import { currentUser } from '../../plugins/session';
import { defineMessages } from '../../lib/define-messages';
import { answerLanguage, sentence, sentenceIn } from '../../lib/i18n';
import { errorAnswers } from '../../lib/route-answers';
import { userText } from '@shared/i18n/text';

const messages = defineMessages({
  linkSent: {
    id: 'errors.account.linkSent',
    defaultMessage: 'We have sent a link to {address}. Your address changes once you open it.',
  },
  verificationSent: { id: 'errors.account.verificationSent', defaultMessage: 'We have sent a verification link to {address}.' },
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app.services;
  // Routes that check a password are limited per IP like login, so a stolen session cannot guess it; the
  // per-account limits of signing in apply on top (createPasswordCheck).
  const passwordRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };
  // Each resend is a mail: a few per account, so nobody's inbox can be flooded through heirloom.
  const resendRateLimit = {
    rateLimit: {
      max: 5,
      timeWindow: '15 minutes',
      keyGenerator: (req: { user: { id: number } | null; ip: string }) => `verify:${req.user?.id ?? req.ip}`,
    },
  };

  app.post(
    '/password',
    { config: passwordRateLimit, schema: { body: passwordChangeInputSchema, response: { 200: accountMessageSchema } } },
    async (req) => {
      await account.changePassword(currentUser(req).id, req.sessionTokenHash ?? undefined, req.body, req.ip);
      return { message: userText('Your password has been changed. Other devices have been signed out.') };
    },
  );

  app.post(
    '/email',
    { config: passwordRateLimit, schema: { body: emailChangeInputSchema, response: { 202: accountMessageSchema, ...errorAnswers(409) } } },
    async (req, reply) => {
      const address = await account.changeEmail(currentUser(req).id, req.body, req.ip);
      return reply.code(202).send({ message: sentenceIn(answerLanguage(req), sentence(messages.linkSent, { address })) });
    },
  );

  app.post('/email/verification', { config: resendRateLimit, schema: { response: { 202: accountMessageSchema } } }, async (req, reply) => {
    const address = await account.resendVerification(currentUser(req).id);
    return reply.code(202).send({ message: sentenceIn(answerLanguage(req), sentence(messages.verificationSent, { address })) });
  });

  app.put('/language', { schema: { body: languageInputSchema, response: { 200: userSchema } } }, async (req) => {
    return account.setLanguage(currentUser(req).id, req.body.language);
  });

  app.post('/logout-all', { schema: { response: { 200: accountMessageSchema } } }, async (req, reply) => {
    const userId = currentUser(req).id;
    await app.sessions.end(req, reply);
    await app.sessions.revokeUser(userId);
    return { message: userText('You have been signed out everywhere.') };
  });

  app.delete(
    '/',
    { config: passwordRateLimit, schema: { body: accountDeletionInputSchema, response: { 200: accountMessageSchema } } },
    async (req, reply) => {
      await account.remove(currentUser(req).id, req.body.password, req.ip);
      await app.sessions.end(req, reply); // clears the cookie
      return { message: userText('Your account and everything in it have been deleted.') };
    },
  );
};
