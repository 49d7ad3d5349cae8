// kill -9 of the server in the middle of uploads, again and again: after each restart every acknowledged upload
// is complete (files byte-for-byte by hash), nothing half-written remains, and the photo maintenance tools find
// nothing to fix. Kills during memory and contact writes: kill-during-record-writes.test.ts (a file of its own,
// so the two run side by side).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataDirClient } from '@tests/helpers/database';
import { killableHeirloom } from './helpers';

// Each round kills at a moment of its own slice of the first 30–430 ms of 20 uploads (a random moment within
// it), so the rounds between them cover the whole window in every run, however few they are.
const ROUNDS = 6;
const KILL_WINDOW_MS = [30, 430] as const;
const UPLOADS = 20;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function noisyJpeg() {
  const raw = randomBytes(360 * 360 * 3);
  return sharp(raw, { raw: { width: 360, height: 360, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('kill -9 during writes', () => {
  const heirloom = killableHeirloom('heirloom-kill');
  const { dataDir } = heirloom;

  type Kind = 'photos' | 'vault_files' | 'memory_attachments';
  const AREA: Record<Kind, string> = { photos: 'photos', vault_files: 'vault', memory_attachments: 'attachments' };

  async function verifyLibrary(acknowledged: Map<string, string>) {
    const db = await dataDirClient(dataDir);
    try {
      // Derivatives left pending by the kill are finished after the restart (through .tmp): let them land.
      for (let i = 0; i < 200; i++) {
        const pendingDerivatives = await db.query("SELECT 1 FROM photos WHERE derivative_status = 'pending' LIMIT 1");
        if (pendingDerivatives.rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const pending = await db.query('SELECT key FROM pending_files');
      expect(pending.rows).toEqual([]);
      const owned = new Set<string>();
      for (const table of Object.keys(AREA) as Kind[]) {
        const { rows } = await db.query<{ id: number; file_path: string; content_hash: string | null }>(
          `SELECT id, file_path, content_hash FROM ${table}`,
        );
        for (const [ack, hash] of acknowledged) {
          if (!ack.startsWith(`${table}:`)) continue;
          const row = rows.find((r) => `${table}:${r.id}` === ack);
          expect(row, `acknowledged ${ack} is present`).toBeDefined();
          expect(sha(fs.readFileSync(path.join(dataDir, 'files', row!.file_path))), ack).toBe(hash);
        }
        // Every row is complete, acknowledged or not (a commit can land just before the kill).
        for (const row of rows) {
          const file = path.join(dataDir, 'files', row.file_path);
          expect(fs.existsSync(file), `${table} ${row.id} has its file`).toBe(true);
          if (row.content_hash) expect(sha(fs.readFileSync(file))).toBe(row.content_hash);
          owned.add(path.basename(row.file_path));
        }
      }
      // No file without a row: every stored file is an original of a row or a photo's derivative of one.
      const usersDir = path.join(dataDir, 'files', 'users');
      for (const entry of (fs.existsSync(usersDir)
        ? fs.readdirSync(usersDir, { recursive: true, withFileTypes: true })
        : []) as fs.Dirent[]) {
        if (!entry.isFile() || entry.parentPath.endsWith('profile')) continue;
        const owner = [...owned].find((o) => entry.name === o || entry.name.startsWith(`${o}.`));
        expect(owner, `file ${entry.parentPath}/${entry.name} belongs to a row`).toBeDefined();
      }
      const tmp = path.join(dataDir, 'files', '.tmp');
      expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    } finally {
      await db.end();
    }
    const fix = await fetch(`${heirloom.server.url}/api/photos/fix-paths`, { method: 'POST', headers: { cookie: heirloom.cookie } });
    expect(await fix.json()).toEqual({ fixedCount: 0 });
    const clean = await fetch(`${heirloom.server.url}/api/photos/cleanup`, { method: 'POST', headers: { cookie: heirloom.cookie } });
    expect(await clean.json()).toEqual({ cleanedCount: 0 });
  }

  it(`keeps every acknowledged upload across ${ROUNDS} kills during ${UPLOADS} concurrent photo, document and attachment uploads`, async () => {
    const acknowledged = new Map<string, string>();
    const images = await Promise.all(Array.from({ length: UPLOADS }, noisyJpeg));
    for (let round = 0; round < ROUNDS; round++) {
      const memory = await fetch(`${heirloom.server.url}/api/memories`, {
        method: 'POST',
        headers: { cookie: heirloom.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Round ${round}`,
          content: 'Attachments under fire',
          eventDate: '2001-05-05',
          isPublic: false,
          tags: [],
        }),
      });
      const memoryId = ((await memory.json()) as { id: number }).id;
      let firstAcknowledged = () => {};
      const oneAcknowledged = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      const uploads = images.map(async (img, i) => {
        const kind: Kind = i % 3 === 0 ? 'photos' : i % 3 === 1 ? 'vault_files' : 'memory_attachments';
        const form = new FormData();
        const blob = new Blob([img], { type: 'image/jpeg' });
        const url = kind === 'photos' ? '/api/photos' : kind === 'vault_files' ? '/api/vault' : `/api/memories/${memoryId}/attachments`;
        form.append(kind === 'photos' ? 'photo' : kind === 'vault_files' ? 'file' : 'attachments', blob, `round${round}-${i}.jpg`);
        try {
          const res = await fetch(`${heirloom.server.url}${url}`, { method: 'POST', headers: { cookie: heirloom.cookie }, body: form });
          if (res.status < 200 || res.status >= 300) return;
          const body = (await res.json()) as { id: number } | Array<{ id: string }>;
          const ids = Array.isArray(body) ? body.map((a) => Number(a.id)) : [body.id];
          for (const id of ids) acknowledged.set(`${kind}:${id}`, sha(img));
          firstAcknowledged();
        } catch {
          /* killed mid-request: not acknowledged */
        }
      });
      const [from, to] = KILL_WINDOW_MS;
      await new Promise((r) => setTimeout(r, from + ((round + Math.random()) * (to - from)) / ROUNDS));
      // on a slow machine no upload may end that soon in any round: the last one waits for one, so there is one to keep
      if (round === ROUNDS - 1 && acknowledged.size === 0) await Promise.race([oneAcknowledged, new Promise((r) => setTimeout(r, 30_000))]);
      heirloom.server.child.kill('SIGKILL');
      await Promise.all(uploads);
      await heirloom.server.exited;
      await heirloom.start();
      await verifyLibrary(acknowledged);
    }
    expect(acknowledged.size).toBeGreaterThan(0);
  });
});
