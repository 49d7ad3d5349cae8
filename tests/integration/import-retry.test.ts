// An import is all or nothing across tries (decision 029): a try that runs again (what the queue does after a
// kill -9) first removes every row and file the earlier try created, and a try that fails removes them too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, storedFiles, type TestApp } from '@tests/helpers/server';
import { takeoutFixture, type TakeoutFixture } from '@tests/helpers/takeout-fixture';
import { importArchives, waitForImport } from './import-helpers';

describe('an import tried again', () => {
  let t: TestApp;
  let fixture: TakeoutFixture;

  beforeAll(async () => {
    t = await buildTestApp();
    fixture = await takeoutFixture();
  });
  afterAll(() => t.close());

  const count = async (table: string, importId: number) =>
    (await t.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE import_id = $1`, [importId])).rows[0].n as number;

  /** Puts the import back in the queue as if its process had died during it. */
  async function runAgain(importId: number, archives?: Buffer[]) {
    const { rows } = await t.pool.query(`UPDATE imports SET status = 'running' WHERE id = $1 RETURNING source_keys`, [importId]);
    const keys = rows[0].source_keys as string[];
    // the finished job removes its archives just after it reports: let it, or it would remove the ones put back here
    for (const key of keys) while (await t.files.exists(key)) await new Promise((r) => setTimeout(r, 20));
    if (archives) for (const [i, key] of keys.entries()) await t.files.writeBuffer(key, archives[i]!);
    await t.app.jobs.send('import.run', { importId });
  }

  it('removes what the earlier try created before it imports again, so nothing is doubled or skipped', async () => {
    const { cookie } = await signUp(t.app);
    const first = await importArchives(t, cookie, fixture.parts);
    expect(first.report?.imported.photos).toBe(fixture.expect.photos);

    await runAgain(first.id, fixture.parts);
    const again = await waitForImport(t, cookie, first.id);
    expect(again.status).toBe('done');
    // imported anew (not skipped as duplicates of the earlier try's photos), and only once
    expect(again.report?.imported.photos).toBe(fixture.expect.photos);
    expect(again.report?.skipped.count).toBe(first.report?.skipped.count);
    expect(await count('photos', first.id)).toBe(fixture.expect.photos);
    expect(await count('collections', first.id)).toBe(1);
  });

  it('removes every row and file of the import when a try fails', async () => {
    const { cookie, user } = await signUp(t.app);
    const first = await importArchives(t, cookie, fixture.parts);
    expect(await count('photos', first.id)).toBe(fixture.expect.photos);
    expect((await storedFiles(t)).some((f) => f.startsWith(`users/${user.id}/photos/`))).toBe(true);

    // the archives were removed when the import ended: this try cannot read them and fails
    await runAgain(first.id);
    const failed = await waitForImport(t, cookie, first.id);
    expect(failed.status).toBe('failed');
    expect(failed.report).toBeNull();
    expect(failed.error).toBe('The uploaded archive is no longer on the server. Nothing was imported; please upload it again.');
    expect(await count('photos', first.id)).toBe(0);
    expect(await count('collections', first.id)).toBe(0);
    // a derivative job still running for a removed photo removes what it wrote: wait until none is left
    while ((await t.app.jobs.pending('photo.derivatives')) > 0) await new Promise((r) => setTimeout(r, 50));
    expect((await storedFiles(t)).filter((f) => f.startsWith(`users/${user.id}/`))).toEqual([]);
  });
});
