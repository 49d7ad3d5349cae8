// Deleting an account while its uploads are still streaming in, over real HTTP: the deletion answers 200,
// the cookie is refused at once, every upload ends with a 4xx (never a 5xx or a reset connection), and once
// they have ended no row, journal entry, staged file or stored file of the account is left.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@server/db/schema';
import { buildTestApp, multipart, sessionCookie, signUp, storedFiles, tempFiles, type TestApp } from '@tests/helpers/server';

const ROUNDS = 3;
const CHUNK_BYTES = 64 * 1024;

interface Outcome {
  answer: string;
  endedAt: number;
}

describe('account deletion while uploads are running', () => {
  let t: TestApp;
  let port: number;
  let photo: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    // noise does not compress: a real JPEG of a few megabytes
    photo = await sharp({
      create: { width: 1400, height: 1400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
  });
  afterAll(() => t.close());

  /** A WAV file of `bytes` bytes: an accepted attachment whatever its size. */
  function wav(bytes: number) {
    const body = Buffer.alloc(bytes);
    body.write('RIFF', 0);
    body.writeUInt32LE(bytes - 8, 4);
    body.write('WAVEfmt ', 8);
    body.writeUInt32LE(16, 16);
    body.writeUInt16LE(1, 20);
    body.writeUInt16LE(1, 22);
    body.writeUInt32LE(8000, 24);
    body.writeUInt32LE(8000, 28);
    body.writeUInt16LE(1, 32);
    body.writeUInt16LE(8, 34);
    body.write('data', 36);
    body.writeUInt32LE(bytes - 44, 40);
    return body;
  }

  /** Sends the body a chunk at a time with a pause between chunks, so the upload is in flight for a while. */
  function slowPost(url: string, cookie: string, form: ReturnType<typeof multipart>, pauseMs: number): Promise<Outcome> {
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: 'POST',
          headers: { ...form.headers, cookie, 'content-length': form.payload.length },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ answer: `${res.statusCode} ${body}`, endedAt: performance.now() }));
        },
      );
      req.on('error', (err) => resolve({ answer: `connection error: ${err.message}`, endedAt: performance.now() }));
      let offset = 0;
      const next = () => {
        if (offset >= form.payload.length) return req.end();
        const chunk = form.payload.subarray(offset, offset + CHUNK_BYTES);
        offset += chunk.length;
        req.write(chunk, () => setTimeout(next, pauseMs));
      };
      next();
    });
  }

  async function leftoversOf(userId: number) {
    const count = async (query: Promise<unknown[]>) => (await query).length;
    return {
      users: await count(t.db.select().from(schema.users).where(eq(schema.users.id, userId))),
      sessions: await count(t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId))),
      photos: await count(t.db.select().from(schema.photos).where(eq(schema.photos.userId, userId))),
      vaultFiles: await count(t.db.select().from(schema.vaultFiles).where(eq(schema.vaultFiles.userId, userId))),
      memories: await count(t.db.select().from(schema.memories).where(eq(schema.memories.userId, userId))),
      attachments: await count(
        t.db
          .select()
          .from(schema.memoryAttachments)
          .where(sql`${schema.memoryAttachments.memoryId} not in (select id from ${schema.memories})`),
      ),
      journal: await count(
        t.db
          .select()
          .from(schema.pendingFiles)
          .where(like(schema.pendingFiles.key, `users/${userId}/%`)),
      ),
      journalFolder: await count(
        t.db
          .select()
          .from(schema.pendingFiles)
          .where(eq(schema.pendingFiles.key, `users/${userId}`)),
      ),
      files: (await storedFiles(t)).filter((f) => f.startsWith(`users/${userId}/`)).length,
      staged: (await tempFiles(t)).length,
    };
  }

  for (let round = 1; round <= ROUNDS; round++) {
    it(`answers 200, refuses the cookie at once and leaves nothing once the uploads end (round ${round})`, async () => {
      const user = await signUp(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/memories',
        headers: { cookie: user.cookie },
        payload: { title: 'In flight', content: 'x', eventDate: '2000-01-01', isPublic: false, tags: [] },
      });
      const memoryId = (created.json() as { id: number }).id;
      // One upload already stored before the deletion: its row and file must go too.
      const early = multipart([{ name: 'file', filename: 'early.pdf', content: Buffer.from('%PDF-1.4 early') }]);
      const stored = await t.app.inject({
        method: 'POST',
        url: '/api/vault',
        headers: { cookie: user.cookie, ...early.headers },
        payload: early.payload,
      });
      expect(stored.statusCode).toBe(201);
      // a second device whose session is in the server's cache
      const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
      const otherDevice = sessionCookie(login);
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherDevice } })).statusCode).toBe(200);

      // Bodies of 1.5–4 MB at 64 KB per 10–40 ms: some end around the deletion, some well after it.
      const uploads = [
        slowPost(
          '/api/photos',
          user.cookie,
          multipart([{ name: 'photo', filename: 'a.jpg', content: photo, contentType: 'image/jpeg' }]),
          20,
        ),
        slowPost(
          '/api/photos',
          user.cookie,
          multipart([{ name: 'photo', filename: 'b.jpg', content: photo, contentType: 'image/jpeg' }]),
          30,
        ),
        slowPost('/api/vault', user.cookie, multipart([{ name: 'file', filename: 'c.wav', content: wav(1_500_000) }]), 30),
        slowPost('/api/vault', user.cookie, multipart([{ name: 'file', filename: 'd.wav', content: wav(4_000_000) }]), 20),
        slowPost(
          `/api/memories/${memoryId}/attachments`,
          user.cookie,
          multipart([
            { name: 'attachments', filename: 'e.wav', content: wav(2_000_000) },
            { name: 'attachments', filename: 'f.wav', content: wav(1_000_000) },
          ]),
          12,
        ),
        slowPost(
          `/api/memories/${memoryId}/attachments`,
          user.cookie,
          multipart([{ name: 'attachments', filename: 'g.wav', content: wav(3_000_000) }]),
          40,
        ),
      ];
      await new Promise((r) => setTimeout(r, 200 + round * 100));
      // every upload has started writing under the user's folder or is about to
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: { cookie: user.cookie },
        payload: { password: user.password },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      for (const cookie of [user.cookie, otherDevice]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
      }

      const deletedAt = performance.now();

      const outcomes = await Promise.all(uploads);
      // An upload answered before the deletion may have been stored (its row and file go with the account);
      // one still running when the account went must be refused cleanly.
      for (const { answer, endedAt } of outcomes) expect(answer).toMatch(endedAt < deletedAt ? /^(201|4\d\d) / : /^4\d\d /);
      expect(outcomes.filter((o) => o.endedAt > deletedAt).length).toBeGreaterThanOrEqual(3);

      expect(await leftoversOf(user.user.id)).toEqual({
        users: 0,
        sessions: 0,
        photos: 0,
        vaultFiles: 0,
        memories: 0,
        attachments: 0,
        journal: 0,
        journalFolder: 0,
        files: 0,
        staged: 0,
      });
    });
  }
});
