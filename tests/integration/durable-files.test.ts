import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingFiles, waitlist } from '@server/db/schema';
import { recoverPendingFiles, removeFilesWith, storeFiles } from '@server/lib/durable-files';
import { buildTestApp, storedFiles, tempFiles, type TestApp } from '@tests/helpers/server';

describe('durable files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const stage = (text: string) => t.files.stage(Readable.from([Buffer.from(text)]), 1000);

  it('stores the file and the row together and clears the journal', async () => {
    const staged = await stage('hello');
    await storeFiles(t.db, t.files, [{ staged, key: 'users/1/vault/a.txt' }], (tx) =>
      tx.insert(waitlist).values({ email: 'df1@example.com' }),
    );
    expect(await storedFiles(t)).toContain('users/1/vault/a.txt');
    expect(await t.db.select().from(pendingFiles)).toEqual([]);
  });

  it('removes the file when the row cannot be written', async () => {
    const staged = await stage('boom');
    await expect(
      storeFiles(t.db, t.files, [{ staged, key: 'users/1/vault/b.txt' }], async (tx) => {
        await tx.insert(waitlist).values({ email: 'df2@example.com' });
        throw new Error('insert failed');
      }),
    ).rejects.toThrow('insert failed');
    expect(await storedFiles(t)).not.toContain('users/1/vault/b.txt');
    expect(await tempFiles(t)).toEqual([]);
    expect(await t.db.select().from(pendingFiles)).toEqual([]);
  });

  it('deletes rows and then their files', async () => {
    const staged = await stage('bye');
    await storeFiles(t.db, t.files, [{ staged, key: 'users/1/vault/c.txt' }], async () => {});
    await removeFilesWith(t.db, t.files, async () => ({ result: undefined, keys: ['users/1/vault/c.txt'] }));
    expect(await storedFiles(t)).not.toContain('users/1/vault/c.txt');
  });

  it('at start-up removes files whose upload never completed (simulated crash)', async () => {
    const staged = await stage('half');
    await t.files.commit(staged, 'users/1/vault/d.txt');
    await t.db.insert(pendingFiles).values({ key: 'users/1/vault/d.txt' });
    expect(await recoverPendingFiles(t.db, t.files)).toBe(1);
    expect(await storedFiles(t)).not.toContain('users/1/vault/d.txt');
    expect(await t.db.select().from(pendingFiles)).toEqual([]);
  });
});
