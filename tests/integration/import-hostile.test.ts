// Hostile archives (decision 029): each is refused with one clear message naming the problem and the entry,
// and leaves nothing behind — no row, no stored file, no staged archive, no temp file.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '@shared/schemas/transfers';
import { buildTestApp, signUp, storedFiles, tempFiles, type TestApp } from '@tests/helpers/server';
import { hostileCatalogue, hostileZip } from '@tests/helpers/hostile-zips';
import { postArchives, waitForImport } from './import-helpers';

const QUOTA_MB = 2;

describe('hostile archives are refused and leave nothing behind', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let photo: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({ STORAGE_QUOTA_MB: String(QUOTA_MB) });
    const user = await signUp(t.app);
    cookie = user.cookie;
    userId = user.user.id;
    photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  async function expectNothingLeft() {
    for (const table of ['photos', 'memories', 'vault_files', 'contacts', 'collections']) {
      const column = table === 'contacts' ? 'owner_id' : 'user_id';
      const { rows } = await t.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [userId]);
      expect(rows[0].n, table).toBe(0);
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await tempFiles(t)).toEqual([]);
  }

  it('refuses each hostile archive in the catalogue with a message naming the problem', async () => {
    for (const { label, zip, words } of await hostileCatalogue(photo)) {
      const res = await postArchives(t, cookie, [zip]);
      expect(res.statusCode, label).toBe(202);
      const job = await waitForImport(t, cookie, res.json().id);
      expect(job.status, label).toBe('failed');
      expect(job.report, label).toBeNull();
      for (const word of words) expect(job.error, label).toContain(word);
      await expectNothingLeft();
    }
  });

  it('refuses what is not a zip at POST, before anything is kept', async () => {
    const res = await postArchives(t, cookie, [Buffer.from('just some text, not an archive')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(TRANSFER_MESSAGES.notAnArchive);
    await expectNothingLeft();
  });

  it('refuses an upload larger than the remaining quota at POST', async () => {
    const big = await hostileZip([
      { name: 'noise.bin', data: Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7919) % 251)), compress: false },
    ]);
    const res = await postArchives(t, cookie, [big]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TRANSFER_MESSAGES.overQuota);
    await expectNothingLeft();
  });

  it('fails an archive whose contents would not fit the remaining quota, though it is small itself', async () => {
    // 3 MB of zeros inflate 1000 times, below the size at which a ratio counts as a bomb: only the quota stops it
    const zip = await hostileZip([{ name: 'Takeout/Google Photos/Photos from 2019/zeros.jpg', data: Buffer.alloc(3 * 1024 * 1024) }]);
    const res = await postArchives(t, cookie, [zip]);
    expect(res.statusCode).toBe(202);
    const job = await waitForImport(t, cookie, res.json().id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(TRANSFER_MESSAGES.overQuota);
    await expectNothingLeft();
  });

  it('fails an archive that is neither an heirloom export nor a Takeout', async () => {
    const zip = await hostileZip([{ name: 'notes/readme.txt', data: Buffer.from('hello') }]);
    const job = await waitForImport(t, cookie, (await postArchives(t, cookie, [zip])).json().id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(TRANSFER_MESSAGES.unknownArchive);
    await expectNothingLeft();
  });

  it('refuses a second import while one is queued or running', async () => {
    await t.db.execute(sql`INSERT INTO imports (user_id, status, source_keys) VALUES (${userId}, 'running', '{}')`);
    try {
      const res = await postArchives(t, cookie, [await hostileZip([{ name: 'a.txt', data: Buffer.from('a') }])]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TRANSFER_MESSAGES.importRunning);
    } finally {
      await t.db.execute(sql`UPDATE imports SET status = 'failed' WHERE user_id = ${userId} AND status = 'running'`);
    }
    await expectNothingLeft();
  });

  it('answers 404 for another user’s import', async () => {
    const zip = await hostileZip([{ name: 'a.txt', data: Buffer.from('a') }]);
    const { id } = (await postArchives(t, cookie, [zip])).json();
    await waitForImport(t, cookie, id);
    const other = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: { cookie: other.cookie } });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/imports', headers: { cookie: other.cookie } });
    expect(list.json()).toEqual([]);
  });
});
