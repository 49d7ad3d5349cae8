// What an account stores, summed from the rows that own the files: photos with their derivatives, memory
// attachments with their display copies, vault files and the profile picture.
import { sql } from 'drizzle-orm';
import type { StorageKind } from '@shared/schemas/account';
import type { Db } from '../../db/client';
import { memoryAttachments, photos, uploadReservations, users, vaultFiles } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';
import { storedBytesOf } from '../../lib/stored-bytes';

export type StoredBytes = Record<StorageKind, number>;

type Executor = Db | Tx;

export function createStorageRepo(db: Db) {
  async function sumByKind(exec: Executor, userId: number): Promise<StoredBytes | undefined> {
    const bytes = storedBytesOf(userId);
    const result = await exec.execute<{ photos: string; attachments: string; vault: string; profile: string }>(sql`
      select ${bytes.photos} as photos, ${bytes.attachments} as attachments, ${bytes.vault} as vault, ${bytes.profile} as profile
      from ${users} where ${users.id} = ${userId}
    `);
    const row = result.rows[0];
    return (
      row && { photos: Number(row.photos), attachments: Number(row.attachments), vault: Number(row.vault), profile: Number(row.profile) }
    );
  }

  /** Room held for this user's resumable uploads not yet taken: how many, and their declared bytes together. */
  async function held(exec: Executor, userId: number): Promise<{ uploads: number; bytes: number }> {
    const result = await exec.execute<{ uploads: string; bytes: string }>(sql`
      select count(*) as uploads, coalesce(sum(${uploadReservations.bytes}), 0) as bytes
      from ${uploadReservations} where ${uploadReservations.userId} = ${userId}
    `);
    const row = result.rows[0]!;
    return { uploads: Number(row.uploads), bytes: Number(row.bytes) };
  }

  return {
    byKind: (userId: number) => sumByKind(db, userId),

    held,

    async insertHold(tx: Tx, hold: { uploadId: string; userId: number; folder: string; bytes: number }) {
      await tx.insert(uploadReservations).values(hold);
    },

    /** Every account's files together, by kind: what the whole instance stores (operators' metrics). */
    async allByKind(): Promise<StoredBytes> {
      const result = await db.execute<{ photos: string; attachments: string; vault: string; profile: string }>(sql`
        select
          (select coalesce(sum(${photos.fileSize} + ${photos.derivativesSize}), 0) from ${photos}) as photos,
          (select coalesce(sum(${memoryAttachments.fileSize} + ${memoryAttachments.displaySize}), 0) from ${memoryAttachments}) as attachments,
          (select coalesce(sum(${vaultFiles.fileSize}), 0) from ${vaultFiles}) as vault,
          (select coalesce(sum(${users.profilePictureSize}), 0) from ${users}) as profile
      `);
      const row = result.rows[0]!;
      return { photos: Number(row.photos), attachments: Number(row.attachments), vault: Number(row.vault), profile: Number(row.profile) };
    },

    /**
     * Inside the transaction that inserts a file's row: lock the user's row, then sum. Concurrent uploads of
     * one account queue up on the lock, so each one sums what the ones before it committed and none can pass
     * on a stale total. undefined when the user is gone.
     */
    async lockAndSum(tx: Tx, userId: number): Promise<StoredBytes | undefined> {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
      return sumByKind(tx, userId);
    },
  };
}
export type StorageRepo = ReturnType<typeof createStorageRepo>;
