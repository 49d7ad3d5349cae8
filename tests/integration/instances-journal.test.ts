// The crash journal with two instances on one database and one storage (decision 043): recovery removes
// only what dead instances (or entries from before instances had ids) left, never a live instance's upload
// in progress; and an upload whose entries a recovery took anyway fails whole instead of leaving a row
// without its file.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingFiles, waitlist } from '@server/db/schema';
import { recoverPendingFiles, storeFiles } from '@server/lib/durable-files';
import { startInstanceBus } from '@server/lib/instance-bus';
import { buildSecondApp, buildTestApp, storedFiles, type TestApp } from '@tests/helpers/server';

let a: TestApp;
let b: TestApp;
let deadId: number;
beforeAll(async () => {
  a = await buildTestApp({}, { severalInstances: true });
  b = await buildSecondApp(a);
  // an instance that ran and stopped: its lock is gone
  const pool = new pg.Pool(a.database);
  const dead = await startInstanceBus({ pool, log: a.app.log });
  deadId = dead.id;
  await dead.close();
  await pool.end();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const stage = (t: TestApp, text: string) => t.files.stage(Readable.from([Buffer.from(text)]), 1000);

/** A file in place with its journal entry, as an upload leaves them between moving the file and its row. */
async function halfWritten(key: string, instanceId: number | null) {
  await a.files.commit(await stage(a, key), key);
  await a.db.insert(pendingFiles).values({ key, instanceId });
}

describe('crash journal across instances', () => {
  it("an upload's entry names its instance", async () => {
    let seen: unknown;
    await storeFiles(a.db, a.files, [{ staged: await stage(a, 'x'), key: 'users/1/vault/own.txt' }], async (tx) => {
      seen = await tx.select().from(pendingFiles).where(eq(pendingFiles.key, 'users/1/vault/own.txt'));
    });
    expect(seen).toMatchObject([{ instanceId: a.app.instances.id }]);
  });

  it("recovers a dead instance's and an unnamed entry, and leaves a live instance's alone", async () => {
    await halfWritten('users/1/vault/of-b.txt', b.app.instances.id);
    await halfWritten('users/1/vault/of-the-dead.txt', deadId);
    await halfWritten('users/1/vault/from-before.txt', null);

    expect(await recoverPendingFiles(a.db, a.files)).toBe(2);
    const files = await storedFiles(a);
    expect(files).toContain('users/1/vault/of-b.txt');
    expect(files).not.toContain('users/1/vault/of-the-dead.txt');
    expect(files).not.toContain('users/1/vault/from-before.txt');
    expect(await a.db.select({ key: pendingFiles.key }).from(pendingFiles)).toEqual([{ key: 'users/1/vault/of-b.txt' }]);
    await a.db.delete(pendingFiles).where(eq(pendingFiles.key, 'users/1/vault/of-b.txt'));
  });

  it('an upload whose entries a recovery took (its instance looked dead) fails and leaves neither row nor file', async () => {
    const key = 'users/1/vault/taken.txt';
    await expect(
      storeFiles(a.db, a.files, [{ staged: await stage(a, 'late'), key }], async (tx) => {
        await tx.insert(waitlist).values({ email: 'taken@example.com' });
        // meanwhile: A's lock seemed gone for a moment, and B's recovery took the entry and removed the file
        await b.db.update(pendingFiles).set({ instanceId: deadId }).where(eq(pendingFiles.key, key));
        expect(await recoverPendingFiles(b.db, b.files)).toBe(1);
      }),
    ).rejects.toThrow('A recovery removed the files of this store');
    expect(await storedFiles(a)).not.toContain(key);
    expect(await a.db.select().from(waitlist).where(eq(waitlist.email, 'taken@example.com'))).toEqual([]);
    expect(await a.db.select().from(pendingFiles)).toEqual([]);
  });
});
