// A refused upload must reach the client as its status and JSON message, even though the client is still
// sending megabytes when the server decides: the server reads the rest of the body (up to the route's limit)
// before it answers. Driven over real HTTP with Node's fetch, which sees a reset connection as an exception.
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '@shared/limits';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

const TRIES = 20;

describe('refused uploads answer with their message, never a reset connection', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let memoryId: number;

  beforeAll(async () => {
    t = await buildTestApp({ STORAGE_QUOTA_MB: '2' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cookie = (await signUp(t.app)).cookie;
    const m = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie },
      payload: { title: 'Refusals', content: 'x', eventDate: '2000-01-01', isPublic: false, tags: [] },
    });
    memoryId = (m.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  interface Part {
    field: string;
    size: number;
    name: string;
    type: string;
  }

  /**
   * Sends the uploads from a worker thread: a client with its own event loop, like a browser, so the server's
   * way of answering (not the test's scheduling) decides whether the client can read the answer.
   */
  function postFromClient(requests: Array<{ path: string; parts: Part[]; cookie?: string }>): Promise<string[]> {
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      (async () => {
        const outcomes = [];
        const { base, requests } = workerData;
        for (let i = 0; i < requests.length; i += 4) {
          const batch = await Promise.allSettled(requests.slice(i, i + 4).map(async (r, j) => {
            const form = new FormData();
            for (const p of r.parts) form.append(p.field, new Blob([Buffer.alloc(p.size, 'not an image ' + (i + j) + ' ')], { type: p.type }), p.name);
            const res = await fetch(base + r.path, { method: 'POST', body: form, headers: r.cookie ? { cookie: r.cookie } : {} });
            return res.status + ' ' + (await res.json()).message;
          }));
          for (const o of batch) outcomes.push(o.status === 'fulfilled' ? o.value : 'fetch failed: ' + String(o.reason && (o.reason.cause || o.reason)));
        }
        parentPort.postMessage(outcomes);
      })();
    `;
    return new Promise((resolve, reject) => {
      const worker = new Worker(code, { eval: true, workerData: { base, requests } });
      worker.once('message', (outcomes: string[]) => {
        resolve(outcomes);
        void worker.terminate();
      });
      worker.once('error', reject);
    });
  }

  /** 20 uploads of 3–8 MB, four at a time; every one must read the expected status and message. */
  async function expectAllAnswered(request: (i: number) => { path: string; parts: Part[]; signedOut?: boolean }, expected: string) {
    const requests = Array.from({ length: TRIES }, (_, i) => {
      const r = request(i);
      return { path: r.path, parts: r.parts, cookie: r.signedOut ? undefined : cookie };
    });
    expect(await postFromClient(requests)).toEqual(Array(TRIES).fill(expected));
  }

  const size = (i: number) => (3 + (i % 6)) * MB;
  const png = (i: number): Part => ({ field: 'attachments', size: size(i), name: `p${i}.png`, type: 'image/png' });

  it('a memory that does not exist: 404', async () => {
    await expectAllAnswered((i) => ({ path: '/api/memories/999999/attachments', parts: [png(i)] }), '404 Memory not found');
  });

  it('a malformed memory id: 404', async () => {
    await expectAllAnswered((i) => ({ path: '/api/memories/abc/attachments', parts: [png(i)] }), '404 Not found');
  });

  it('a file of the wrong type, refused before the rest of the body was read: 415', async () => {
    // the first part is refused by its bytes while the second is still on its way
    await expectAllAnswered(
      (i) => ({ path: `/api/memories/${memoryId}/attachments`, parts: [png(i), png(i + 1)] }),
      '415 File type must be an image (JPEG, PNG, GIF, WebP, HEIC, HEIF) or audio (MP3, WAV, OGG, M4A)',
    );
  });

  it('over the storage quota: 413', async () => {
    const doc = (i: number): Part => ({ field: 'file', size: size(i), name: `letter${i}.txt`, type: 'text/plain' });
    await expectAllAnswered((i) => ({ path: '/api/vault', parts: [doc(i)] }), '413 Your storage is full (0 B of 2 MB used).');
  });

  it('signed out: 401', async () => {
    await expectAllAnswered(
      (i) => ({ path: '/api/photos', parts: [{ ...png(i), field: 'photo' }], signedOut: true }),
      '401 Please log in to continue',
    );
  });

  it('a body beyond the route limit is refused with 413 (the connection may close) and the server stays healthy', async () => {
    const [huge] = await postFromClient([
      { path: '/api/vault', parts: [{ field: 'file', size: 40 * MB, name: 'huge.bin', type: 'application/octet-stream' }], cookie },
    ]);
    expect(huge).toMatch(/^(413 File size must not exceed 15MB|fetch failed: .*(ECONNRESET|EPIPE|other side closed|SocketError).*)$/);
    expect((await fetch(`${base}/api/health`)).status).toBeLessThan(500);
    expect(await postFromClient([{ path: '/api/memories/999999/attachments', parts: [png(1)], cookie }])).toEqual(['404 Memory not found']);
  });
});
