// kill -9 of the server in the middle of uploads and writes, again and again: after each restart every
// acknowledged write is complete (files byte-for-byte by hash), nothing half-written remains, and the photo
// maintenance tools find nothing to fix.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer, waitForHealth, type ServerProcess } from '@tests/helpers/process';
import { newUserInput } from '@tests/helpers/server';

const ROUNDS = 10;
const UPLOADS = 20;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function noisyJpeg() {
  const raw = randomBytes(360 * 360 * 3);
  return sharp(raw, { raw: { width: 360, height: 360, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

function dbClient(dataDir: string) {
  return new pg.Client({
    host: path.join(dataDir, 'db', 'pg-socket'), port: 5432, user: 'postgres', database: 'heirloom',
    password: fs.readFileSync(path.join(dataDir, 'db', 'pg-password'), 'utf8').trim(),
  });
}

describe('kill -9 during writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-kill-'));
  fs.chmodSync(dataDir, 0o755);
  let port: number;
  let server: ServerProcess;
  let cookie = '';

  const start = async () => {
    server = startServer({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' });
    await waitForHealth(server, 60_000);
  };

  beforeAll(async () => {
    port = await freePort();
    await start();
    const input = newUserInput();
    await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: input.email, password: input.password }),
    });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  });

  afterAll(async () => {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function verifyLibrary(acknowledged: Map<number, string>) {
    const db = dbClient(dataDir);
    await db.connect();
    try {
      const { rows } = await db.query<{ id: number; file_path: string; content_hash: string | null }>('SELECT id, file_path, content_hash FROM photos');
      const pending = await db.query('SELECT key FROM pending_files');
      expect(pending.rows).toEqual([]);
      for (const [id, hash] of acknowledged) {
        const row = rows.find((r) => r.id === id);
        expect(row, `acknowledged photo ${id} is present`).toBeDefined();
        expect(sha(fs.readFileSync(path.join(dataDir, 'files', row!.file_path)))).toBe(hash);
      }
      // Every row is complete, acknowledged or not (a commit can land just before the kill).
      for (const row of rows) {
        const file = path.join(dataDir, 'files', row.file_path);
        expect(fs.existsSync(file), `row ${row.id} has its file`).toBe(true);
        if (row.content_hash) expect(sha(fs.readFileSync(file))).toBe(row.content_hash);
      }
      // No file without a row: every file under a photos folder belongs to a row (original or derivative).
      const originals = new Set(rows.map((r) => path.basename(r.file_path)));
      const photoDirs = path.join(dataDir, 'files', 'users');
      for (const entry of (fs.existsSync(photoDirs) ? fs.readdirSync(photoDirs, { recursive: true, withFileTypes: true }) : []) as fs.Dirent[]) {
        if (!entry.isFile() || !entry.parentPath.endsWith('photos')) continue;
        const owner = [...originals].find((o) => entry.name === o || entry.name.startsWith(`${o}.`) || entry.name.startsWith(o.replace(/\.[^.]+$/, '')));
        expect(owner, `file ${entry.name} belongs to a photo row`).toBeDefined();
      }
      // Derivatives left pending by the kill are finished after the restart (through .tmp): let them land.
      for (let i = 0; i < 200; i++) {
        const pendingDerivatives = await db.query("SELECT 1 FROM photos WHERE derivative_status = 'pending' LIMIT 1");
        if (pendingDerivatives.rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const tmp = path.join(dataDir, 'files', '.tmp');
      expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    } finally {
      await db.end();
    }
    const fix = await fetch(`${server.url}/api/photos/fix-paths`, { method: 'POST', headers: { cookie } });
    expect(await fix.json()).toEqual({ fixedCount: 0 });
    const clean = await fetch(`${server.url}/api/photos/cleanup`, { method: 'POST', headers: { cookie } });
    expect(await clean.json()).toEqual({ cleanedCount: 0 });
  }

  it(`keeps every acknowledged upload across ${ROUNDS} kills during ${UPLOADS} concurrent uploads`, async () => {
    const acknowledged = new Map<number, string>();
    const images = await Promise.all(Array.from({ length: UPLOADS }, noisyJpeg));
    for (let round = 0; round < ROUNDS; round++) {
      const uploads = images.map(async (img, i) => {
        const form = new FormData();
        form.append('photo', new Blob([img], { type: 'image/jpeg' }), `round${round}-${i}.jpg`);
        try {
          const res = await fetch(`${server.url}/api/photos`, { method: 'POST', headers: { cookie }, body: form });
          if (res.status >= 200 && res.status < 300) acknowledged.set(((await res.json()) as { id: number }).id, sha(img));
        } catch {
          /* killed mid-request: not acknowledged */
        }
      });
      await new Promise((r) => setTimeout(r, 30 + Math.random() * 400));
      server.child.kill('SIGKILL');
      await Promise.all(uploads);
      await server.exited;
      await start();
      await verifyLibrary(acknowledged);
    }
    expect(acknowledged.size).toBeGreaterThan(0);
  });

  it('keeps every acknowledged memory and contact across kills during a stream of writes', async () => {
    const memories = new Set<number>();
    const contacts = new Set<number>();
    for (let round = 0; round < 5; round++) {
      let stop = false;
      const writer = async (i: number) => {
        for (let n = 0; !stop; n++) {
          try {
            const isMemory = (n + i) % 2 === 0;
            const res = await fetch(`${server.url}/api/${isMemory ? 'memories' : 'contacts'}`, {
              method: 'POST', headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify(
                isMemory
                  ? { title: `Memory ${round}-${i}-${n}`, content: 'We walked to the lake.', eventDate: '1999-07-04', isPublic: false, tags: ['lake'] }
                  : { firstName: `Ann${n}`, lastName: `Lee${round}`, relationship: 'friend' },
              ),
            });
            if (res.status === 201 || res.status === 200) (isMemory ? memories : contacts).add(((await res.json()) as { id: number }).id);
          } catch {
            return;
          }
        }
      };
      const writers = Array.from({ length: 6 }, (_, i) => writer(i));
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
      server.child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await server.exited;
      await start();
      const mem = (await (await fetch(`${server.url}/api/memories`, { headers: { cookie } })).json()) as Array<{ id: number }>;
      const friends = (await (await fetch(`${server.url}/api/contacts?relationship=friend`, { headers: { cookie } })).json()) as Array<{ id: number }>;
      const memIds = new Set(mem.map((m) => m.id));
      const contactIds = new Set(friends.map((c) => c.id));
      for (const id of memories) expect(memIds.has(id), `memory ${id}`).toBe(true);
      for (const id of contacts) expect(contactIds.has(id), `contact ${id}`).toBe(true);
    }
    expect(memories.size + contacts.size).toBeGreaterThan(0);
  });
});
