// What an account stores, by kind, as SQL over the rows that own the files: photos with their derivatives,
// memory attachments with their display copies, vault files and the profile picture. The storage quota and the
// administrator's member list read the same sums.
import { sql, type SQL } from 'drizzle-orm';
import { memoryAttachments, photos, users, vaultFiles } from '../db/schema';

/** The stored bytes of the account `userId` (a value or a column), one scalar subquery per kind. */
export function storedBytesOf(userId: number | SQL) {
  return {
    photos: sql<string>`(select coalesce(sum(${photos.fileSize} + ${photos.derivativesSize}), 0) from ${photos} where ${photos.userId} = ${userId})`,
    attachments: sql<string>`(select coalesce(sum(${memoryAttachments.fileSize} + ${memoryAttachments.displaySize}), 0) from ${memoryAttachments} where ${memoryAttachments.userId} = ${userId})`,
    vault: sql<string>`(select coalesce(sum(${vaultFiles.fileSize}), 0) from ${vaultFiles} where ${vaultFiles.userId} = ${userId})`,
    profile: sql<string>`${users.profilePictureSize}`,
  };
}
