// The disk holding the files fills up: uploads fail with a clear error, nothing partial remains, and reads
// keep working. Needs root to mount a small tmpfs; skipped (with a note) otherwise.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer, waitForHealth, type ServerProcess } from '@tests/helpers/process';
import { signUpHttp } from '@tests/helpers/users';
import { isRoot, stoppableDatabase } from './helpers';

describe.skipIf(!isRoot)('full disk', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-full-'));
  const filesDir = path.join(dataDir, 'files');
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof stoppableDatabase>> | undefined;

  afterAll(async () => {
    if (server) await stopServer(server);
    try {
      execFileSync('umount', [filesDir]);
    } catch {
      /* not mounted */
    }
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses uploads with 507 and leaves nothing partial, while reads keep working', async () => {
    fs.mkdirSync(filesDir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', filesDir]);
    database = await stoppableDatabase();
    server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: database.url });
    await waitForHealth(server, 60_000);
    const { cookie } = await signUpHttp(server.url);

    const upload = async () => {
      const img = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const form = new FormData();
      form.append('photo', new Blob([img], { type: 'image/png' }), 'big.png');
      return fetch(`${server!.url}/api/photos`, { method: 'POST', headers: { cookie }, body: form });
    };

    const first = await upload();
    expect(first.status).toBe(201);
    const firstId = ((await first.json()) as { id: number }).id;
    let refused: Response | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await upload();
      if (res.status !== 201) refused = res;
    }
    expect(refused?.status).toBe(507);
    expect(((await refused!.json()) as { message: string }).message).toMatch(/storage space/i);
    // The refused upload's staged file is gone; a derivative job of an earlier photo may be writing its own
    // temporary file at this moment, so wait for that to finish (renamed into place, or removed on ENOSPC).
    await expect.poll(() => fs.readdirSync(path.join(filesDir, '.tmp')), { timeout: 15_000 }).toEqual([]);

    const list = await fetch(`${server.url}/api/photos`, { headers: { cookie } });
    expect(list.status).toBe(200);
    const photos = (await list.json()) as Array<{ id: number }>;
    for (const p of photos) {
      const img = await fetch(`${server.url}/api/photos/image/${p.id}`, { headers: { cookie } });
      expect([200, 503]).toContain(img.status); // 503 only while a derivative could not be written
    }
    expect(photos.some((p) => p.id === firstId)).toBe(true);
    const img = await fetch(`${server.url}/api/photos/image/${firstId}`, { headers: { cookie } });
    expect(img.status).toBe(200);
  });
});
