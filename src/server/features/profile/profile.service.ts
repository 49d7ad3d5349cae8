import { Readable } from 'node:stream';
import type { ProfileInput } from '@shared/schemas/profile';
import type { Db } from '../../db/client';
import { finishRemoval, journalRemoval, storeFiles } from '../../lib/durable-files';
import { notFound } from '../../lib/errors';
import type { FileStore, StagedFile } from '../../lib/file-store';
import { newFileKey } from '../../lib/file-store';
import { storedFile } from '../../lib/send-file';
import type { SessionManager } from '../../plugins/session';
import { PROFILE_PICTURE_EXT, PROFILE_PICTURE_MIME, PROFILE_PICTURE_UPLOAD, reencodeProfilePicture } from './profile-picture';
import type { StorageService } from '../storage/storage.service';
import type { ProfileRepo, ProfileValues } from './profile.repo';
import { userText } from '@shared/i18n/text';

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
  files: FileStore;
  sessions: SessionManager;
  storage: StorageService;
}

export function createProfileService({ db, repo, files, sessions, storage }: Deps) {
  return {
    async update(userId: number, input: ProfileInput) {
      const values = toValues(input);
      const user = Object.keys(values).length > 0 ? await repo.update(userId, values) : await repo.find(userId);
      if (!user) throw notFound(userText('User not found'));
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
        await storage.reserve(tx, userId, 'profile', encoded.length);
        const result = await repo.replacePictureKey(tx, userId, key, encoded.length);
        if (!result) throw notFound(userText('User not found'));
        if (result.previousKey && result.previousKey !== key) await journalRemoval(tx, [result.previousKey]);
        return result;
      });
      if (replaced.previousKey && replaced.previousKey !== key) await finishRemoval(db, files, [replaced.previousKey]);
      sessions.forgetUser(userId);
      return { profilePicture: replaced.user.profilePicture! };
    },

    /** Does the user have a picture? (An import sets one only where there is none.) */
    async hasPicture(userId: number) {
      return (await repo.findPictureKey(userId)) !== null;
    },

    /** The user's own picture, or 404. Only ever the requester's: there is no way to name someone else's. */
    async openPicture(userId: number) {
      const key = await repo.findPictureKey(userId);
      const file =
        key && (await storedFile(files, key, { mimeType: PROFILE_PICTURE_MIME, fileName: 'profile-picture.jpg', version: key.slice(-36) }));
      if (!key || !file) throw notFound(userText('No profile picture'));
      return { key, file };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;

/** What a profile picture may be, for an import that brings one (the same rules as an upload). */
export const PROFILE_PICTURE_RULES = { maxBytes: PROFILE_PICTURE_UPLOAD.maxBytes, accept: PROFILE_PICTURE_UPLOAD.accept };
