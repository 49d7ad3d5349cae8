// /api/user: the signed-in user's profile (spec §7), its fields and picture. GET /api/user lives in the auth
// feature; password, sign-in address, sessions and deletion in the account feature.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@shared/schemas/auth';
import { profileInputSchema, profilePictureQuerySchema, profilePictureResultSchema } from '@shared/schemas/profile';
import { sendFile } from '../../lib/send-file';
import { receiveFiles, uploadRoute } from '../../lib/uploads';
import { currentUser } from '../../plugins/session';
import { PROFILE_PICTURE_UPLOAD } from './profile-picture';
import { fileAnswers } from '../../lib/route-answers';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile } = app.services;

  app.patch('/profile', { schema: { body: profileInputSchema, response: { 200: userSchema } } }, (req) =>
    profile.update(currentUser(req).id, req.body),
  );

  app.post(
    '/profile-picture',
    { ...uploadRoute(PROFILE_PICTURE_UPLOAD), schema: { response: { 200: profilePictureResultSchema } } },
    async (req) => {
      const userId = currentUser(req).id;
      const { files } = await receiveFiles(req, app.files, PROFILE_PICTURE_UPLOAD);
      return profile.replacePicture(userId, files[0]!.staged);
    },
  );

  app.get(
    '/profile-picture',
    { schema: { querystring: profilePictureQuerySchema, response: fileAnswers('image/*') } },
    async (req, reply) => {
      const { key, file } = await profile.openPicture(currentUser(req).id);
      // The URL carries ?v=<end of the key>: a matching version may be cached for good, anything else is revalidated.
      const version = req.query.v;
      const cacheable = version !== undefined && version.length >= 8 && key.endsWith(version);
      return sendFile(req, reply, { ...file, cacheControl: cacheable ? 'private, max-age=31536000, immutable' : 'private, no-cache' });
    },
  );
};
