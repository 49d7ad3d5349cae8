// kill -9 of the server while the escrow run streams an heir's sealed copy of a few MB into the bucket (decision
// 074): the bucket is reached through a proxy that kills the server as the upload's first part arrives. A multipart
// upload becomes the object only when completed, so the copy written by the previous run is still whole; after the
// restart the run is taken up again and writes the new copy, which opens with the codes.
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBundle } from '@shared/escrow/bundle-reader';
import { makeReleaseKey } from '@shared/escrow/release-key';
import type { EscrowStatus } from '@shared/schemas/escrow';
import { heirPublicKey } from '@shared/sealed-letter';
import { startLocalS3, S3_TEST_KEYS, type LocalS3 } from '@tests/helpers/s3';
import { killableHeirloom } from './helpers';

/** An HTTP proxy to the S3 server that calls `onPart` (once) when an upload's part begins to arrive. */
async function startPartWatchingProxy(target: string) {
  let onPart: (() => void) | undefined;
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    if (onPart && /[?&]partNumber=/.test(req.url ?? '')) {
      const fire = onPart;
      onPart = undefined;
      fire();
      return; // the part is never stored: the server dies with it
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('clientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    whenPart: () => new Promise<void>((resolve) => (onPart = resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the held part's socket, and the restarted server's kept-alive ones
      }),
  };
}

describe('kill -9 while a sealed copy is uploaded', () => {
  let s3: LocalS3;
  let bucket: string;
  let client: S3Client;
  let proxy: Awaited<ReturnType<typeof startPartWatchingProxy>>;
  beforeAll(async () => {
    s3 = await startLocalS3();
    bucket = (await s3.newBucket()).S3_BUCKET!;
    client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_KEYS });
    proxy = await startPartWatchingProxy(s3.endpoint);
  }, 60_000);
  afterAll(async () => {
    client?.destroy();
    await proxy?.close();
    await s3?.close();
  });
  const heirloom = killableHeirloom('heirloom-kill-escrow', { OUTBOUND_ALLOW_PRIVATE: 'true' });

  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${heirloom.server.url}${url}`, {
      method,
      headers: {
        cookie: heirloom.cookie,
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const status = () => call<EscrowStatus>('GET', '/api/legacy/escrow/status');
  const ranSince = async (since: number) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const now = await status();
      if (!now.running && now.lastOkAt && Date.parse(now.lastOkAt) >= since) return now;
      if (Date.now() > deadline) throw new Error(`The escrow run did not finish: ${JSON.stringify(now)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const head = (key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));

  it('leaves the previous copy whole, and the run completes after the restart', async () => {
    const contact = async (firstName: string) =>
      (
        await call<{ id: number }>('POST', '/api/contacts', {
          firstName,
          lastName: 'Reed',
          relationship: 'family',
          email: `${firstName}@example.com`,
        })
      ).id;
    const verifier = await contact('Vera');
    await call('PUT', '/api/legacy/plan', { checkInMonths: 6, vetoDays: 30, verifierContactIds: [verifier], verifiersRequired: 1 });
    const release = await makeReleaseKey(1, 1);
    await call('PUT', '/api/legacy/release-key', { publicKey: release.publicKey, threshold: 1, shareCount: 1 });
    const heir = await call<{ id: number }>('POST', '/api/legacy/heirs', { contactId: await contact('Hugo') });
    const { keyCode } = await call<{ keyCode: string }>('POST', `/api/legacy/heirs/${heir.id}/key-code`);
    await call('PUT', `/api/legacy/heirs/${heir.id}/public-key`, { publicKey: await heirPublicKey(keyCode) });

    // a photo of noise: a copy of a few MB, more than one part of the upload
    const noise = randomBytes(2000 * 1400 * 3);
    const picture = await sharp(noise, { raw: { width: 2000, height: 1400, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    expect(picture.length).toBeGreaterThan(5.5 * 1024 * 1024);
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'noise.jpg');
    const uploaded = await call<{ id: number } | Array<{ id: number }>>('POST', '/api/photos', form);
    const photoId = Number((Array.isArray(uploaded) ? uploaded[0]! : uploaded).id);
    await call('POST', '/api/legacy/releases', { heirId: heir.id, photoId });
    await call('PUT', '/api/legacy/escrow', {
      target: { kind: 's3', endpoint: proxy.url, bucket, region: 'us-east-1', prefix: '', ...S3_TEST_KEYS, forcePathStyle: true },
    });

    let since = Date.now();
    await call('POST', '/api/legacy/escrow/run');
    const first = (await ranSince(since)).bundles[0]!;
    const before = await head(first.objectKey);
    expect(before.ContentLength).toBe(first.bytes);

    // a change: the next run writes the copy again, and the server dies as its first part arrives
    const memory = await call<{ id: number }>('POST', '/api/memories', {
      title: 'Harvest',
      content: 'The year of the big pears',
      eventDate: '1988-09-01',
      isPublic: false,
      tags: [],
    });
    await call('POST', '/api/legacy/releases', { heirId: heir.id, memoryId: memory.id });
    const part = proxy.whenPart();
    await call('POST', '/api/legacy/escrow/run');
    await part;
    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;

    const after = await head(first.objectKey);
    expect({ etag: after.ETag, bytes: after.ContentLength }).toEqual({ etag: before.ETag, bytes: before.ContentLength });

    since = Date.now();
    await heirloom.start();
    const done = await ranSince(since);
    const second = done.bundles[0]!;
    expect(second.objectKey).toBe(first.objectKey);
    expect(second.sha256).not.toBe(first.sha256);
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: second.objectKey }));
    const bytes = await object.Body!.transformToByteArray();
    expect(bytes.length).toBe(second.bytes);
    const opened = await openBundle(new Blob([new Uint8Array(bytes)]), { keyCode, verifierCodes: release.codes });
    const document = opened.files.find((f) => f.name === 'heirloom.json')!;
    const parts: Uint8Array[] = [];
    for await (const chunk of opened.chunks(document)) parts.push(chunk);
    expect(Buffer.concat(parts).toString('utf8')).toContain('The year of the big pears');
  }, 90_000);
});
