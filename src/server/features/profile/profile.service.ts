import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import type { PasswordChangeInput } from '@shared/schemas/account';
import type { ProfileInput } from '@shared/schemas/profile';
import type { Db } from '../../db/client';
import { finishRemoval, journalRemoval, removeFilesWith, storeFiles } from '../../lib/durable-files';
import { badRequest, notFound } from '../../lib/errors';
import type { FileStore, StagedFile } from '../../lib/file-store';
import { newFileKey } from '../../lib/file-store';
import { hashPassword, verifyPassword } from '../../lib/password';
import { storedFile } from '../../lib/send-file';
import type { AuthRepo } from '../auth/auth.repo';
import { PROFILE_PICTURE_EXT, PROFILE_PICTURE_MIME, reencodeProfilePicture } from './profile-picture';
import type { ProfileRepo, ProfileValues } from './profile.repo';

const orNull = (value: string | null | undefined) => (value ? value : null);

/** PATCH: a field left out stays; an optional field sent as '' or null is cleared. */
function toValues(input: ProfileInput): ProfileValues {
  const values: ProfileValues = {};
  if (input.firstName !== undefined) values.firstName = input.firstName;
  if (input.surname !== undefined) values.surname = input.surname;
  if (input.dateOfBirth !== undefined) values.dateOfBirth = input.dateOfBirth;
  if (input.gender !== undefined) values.gender = input.gender;
  if (input.mobileNumber !== undefined) values.mobileNumber = orNull(input.mobileNumber);
  if (input.cityOfBirth !== undefined) values.cityOfBirth = orNull(input.cityOfBirth);
  if (input.address !== undefined) values.address = orNull(input.address);
  return values;
}

interface Deps {
  db: Db;
  repo: ProfileRepo;
  authRepo: AuthRepo;
  files: FileStore;
  sessions: FastifyInstance['sessions'];
}

export function createProfileService({ db, repo, authRepo, files, sessions }: Deps) {
  async function requirePassword(userId: number, password: string, message: string) {
    const row = await authRepo.findCredentialsById(userId);
    if (!row || !(await verifyPassword(row.password, password))) throw badRequest(message, 'WRONG_PASSWORD');
  }

  return {
    async update(userId: number, input: ProfileInput) {
      const values = toValues(input);
      const user = Object.keys(values).length > 0 ? await repo.update(userId, values) : await repo.find(userId);
      if (!user) throw notFound('User not found');
      sessions.forgetUser(userId); // sessions cache the user: GET /api/user must show the change at once
      return user;
    },

    /**
     * Re-encode the staged upload, store it and point the user at it, journalling the picture it replaces
     * in the same transaction (a crash leaves the new picture with its row, or neither, and no stale file).
     */
    async replacePicture(userId: number, staged: StagedFile) {
      let encoded: Buffer;
      try {
        encoded = await reencodeProfilePicture(staged.tempPath);
      } finally {
        await files.discard(staged); // the original (with its metadata) is never kept
      }
      const key = newFileKey(userId, 'profile', PROFILE_PICTURE_EXT);
      const reencoded = await files.stage(Readable.from([encoded]), encoded.length);
      const replaced = await storeFiles(db, files, [{ staged: reencoded, key }], async (tx) => {
        const result = await repo.replacePictureKey(tx, userId, key);
        if (!result) throw notFound('User not found');
        if (result.previousKey && result.previousKey !== key) await journalRemoval(tx, [result.previousKey]);
        return result;
      });
      if (replaced.previousKey && replaced.previousKey !== key) await finishRemoval(db, files, [replaced.previousKey]);
      sessions.forgetUser(userId);
      return { profilePicture: replaced.user.profilePicture! };
    },

    /** The user's own picture, or 404. Only ever the requester's: there is no way to name someone else's. */
    async openPicture(userId: number) {
      const key = await repo.findPictureKey(userId);
      const file = key && (await storedFile(files, key, { mimeType: PROFILE_PICTURE_MIME, fileName: 'profile-picture.jpg', version: key.slice(-36) }));
      if (!key || !file) throw notFound('No profile picture');
      return { key, file };
    },

    async changePassword(userId: number, keepTokenHash: string | undefined, input: PasswordChangeInput) {
      await requirePassword(userId, input.currentPassword, 'Your current password is incorrect.');
      await authRepo.updatePassword(userId, await hashPassword(input.newPassword));
      await sessions.revokeUser(userId, keepTokenHash); // every other device must sign in again
    },

    async deleteAccount(userId: number, password: string) {
      await requirePassword(userId, password, 'The password is incorrect.');
      // The rows go in one transaction that journals the user's folder; the folder is removed after it commits
      // (or at the next start, after a crash), so a failure can never leave an account without its files.
      const deleted = await removeFilesWith(db, files, async (tx) => {
        const found = await repo.deleteAccount(tx, userId);
        return { result: found, keys: found ? [`users/${userId}`] : [] };
      });
      if (!deleted) throw notFound('User not found');
      await sessions.revokeUser(userId); // the rows went with the user; this clears the session cache
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
