// Closing a folder (an account being deleted) against stores running in it, step by step: the order of
// events is forced with gates, not left to timing.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@server/db/schema';
import { buildTestApp, readStored, storedFiles, type TestApp } from '@tests/helpers/server';
import { closeAndRemoveFolders, storeFiles } from './durable-files';
import { notFound } from './errors';

describe('closing a folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const stage = (text: string) => t.files.stage(Readable.from([Buffer.from(text)]), 1000);

  it('waits for a store already moving a file into it, then leaves nothing of it', async () => {
    const staged = await stage('in flight');
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const store = storeFiles(t.db, t.files, [{ staged, key: 'users/901/vault/a.txt' }], async () => {
      entered();
      await gate;
      throw notFound('User not found'); // what the row insert meets once the account is gone
    });
    await inside;
    expect(await t.files.exists('users/901/vault/a.txt')).toBe(true);

    let closed = false;
    const closing = closeAndRemoveFolders(t.db, t.files, ['users/901']).then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    release();
    await expect(store).rejects.toMatchObject({ statusCode: 404 });
    await closing;
    expect((await storedFiles(t)).filter((f) => f.startsWith('users/901/'))).toEqual([]);
    expect(await t.db.select().from(schema.pendingFiles)).toEqual([]);
  });

  it('refuses a later store in it with 404 before writing anything, and keeps other folders open', async () => {
    await closeAndRemoveFolders(t.db, t.files, ['users/902']);
    const late = await stage('too late');
    let inserted = false;
    const refused = storeFiles(t.db, t.files, [{ staged: late, key: 'users/902/photos/b.jpg' }], async () => {
      inserted = true;
    });
    await expect(refused).rejects.toMatchObject({ statusCode: 404, message: 'User not found' });
    expect(inserted).toBe(false);
    expect(fs.existsSync(late.tempPath)).toBe(false);
    expect((await storedFiles(t)).filter((f) => f.startsWith('users/902/'))).toEqual([]);
    expect(await t.db.select().from(schema.pendingFiles)).toEqual([]);

    const neighbour = await stage('still open');
    await storeFiles(t.db, t.files, [{ staged: neighbour, key: 'users/9020/vault/c.txt' }], async () => {});
    expect((await readStored(t, 'users/9020/vault/c.txt')).toString()).toBe('still open');
  });
});
