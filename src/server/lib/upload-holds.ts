// The lifecycle of resumable uploads' holds on the quota (upload_reservations; the storage feature makes
// them): a hold goes when its upload is used or cancelled, and an upload nothing was sent to and nobody used
// for UPLOAD_UNTOUCHED_MS is removed with its hold. The holds of one account are looked at before it may
// begin another upload, so a forgotten upload never keeps its owner from the next one.
import fsp from 'node:fs/promises';
import nodePath from 'node:path';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { UPLOAD_UNTOUCHED_MS } from '@shared/limits';
import type { Db } from '../db/client';
import { uploadReservations } from '../db/schema';
import type { FileStore } from './file-store';

/** An upload id as @tus/server makes them (32 hex digits); anything else is no upload of ours. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** A hold whose upload has no files yet may be one being created this moment. */
const CREATING_MS = 60 * 1000;

/** When the upload was last written (its data file) or begun (its info file); undefined when it is gone. */
async function lastTouched(directory: string, id: string): Promise<number | undefined> {
  const times = await Promise.all(
    [id, `${id}.json`].map((name) =>
      fsp.stat(nodePath.join(directory, name)).then(
        (s) => s.mtimeMs,
        () => undefined,
      ),
    ),
  );
  const known = times.filter((t) => t !== undefined);
  return known.length > 0 ? Math.max(...known) : undefined;
}

async function removeFiles(directory: string, id: string) {
  await Promise.all([id, `${id}.json`].map((name) => fsp.rm(nodePath.join(directory, name), { force: true })));
}

export function createUploadHolds(db: Db, files: FileStore) {
  async function release(ids: string[]) {
    if (ids.length > 0) await db.delete(uploadReservations).where(inArray(uploadReservations.uploadId, ids));
  }

  /** Removes the upload when untouched too long; true when it (and so its hold) is gone. */
  async function expire(directory: string, id: string, now: number): Promise<boolean> {
    const touched = await lastTouched(directory, id);
    if (touched !== undefined && now - touched <= UPLOAD_UNTOUCHED_MS) return false;
    if (touched !== undefined) await removeFiles(directory, id);
    return true;
  }

  return {
    release,

    /** Removes this account's untouched uploads and the holds of uploads that are gone. */
    async expireOf(userId: number) {
      const now = Date.now();
      const holds = await db.select().from(uploadReservations).where(eq(uploadReservations.userId, userId));
      const gone: string[] = [];
      for (const hold of holds) {
        if (now - hold.createdAt.getTime() < CREATING_MS) continue;
        if (await expire(files.localPath(hold.folder), hold.uploadId, now)) gone.push(hold.uploadId);
      }
      await release(gone);
    },

    /** Every untouched upload in a folder, and the holds of that folder's uploads that are gone. */
    async expireIn(folder: string) {
      const now = Date.now();
      const directory = files.localPath(folder);
      const gone: string[] = [];
      for (const name of await fsp.readdir(directory)) {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
        if (UPLOAD_ID.test(id) && (await expire(directory, id, now))) gone.push(id);
      }
      const old = new Date(now - CREATING_MS);
      const holds = await db
        .select({ uploadId: uploadReservations.uploadId })
        .from(uploadReservations)
        .where(and(eq(uploadReservations.folder, folder), lt(uploadReservations.createdAt, old)));
      for (const { uploadId } of holds) if ((await lastTouched(directory, uploadId)) === undefined) gone.push(uploadId);
      await release(gone);
    },
  };
}
