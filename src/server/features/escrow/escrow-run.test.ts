// The escrow run (decision 074) against a real local S3 server: each heir's sealed copy lands in the owner's bucket,
// opens with the heir's key code and two of three verifier codes, holds no plaintext, is written again only when
// what it holds changed, and the monthly check finds a copy replaced behind heirloom's back and mails the owner once.
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBundle } from '@shared/escrow/bundle-reader';
import { escrowObjectKey } from '@shared/escrow/object-key';
import { makeReleaseKey, type ReleaseKey } from '@shared/escrow/release-key';
import type { EscrowStatus } from '@shared/schemas/escrow';
import { heirPublicKey } from '@shared/sealed-letter';
import { startLocalS3, S3_TEST_KEYS, type LocalS3 } from '@tests/helpers/s3';
import { multipart, signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';
import type { SignedUp } from '@tests/helpers/users';

let s3: LocalS3;
let bucket: string;
let client: S3Client;
let t: MailTestApp;
let owner: SignedUp;
let stranger: SignedUp;
let release: ReleaseKey;
let jpegBytes: Buffer;
const heirs: Record<'tom' | 'lily' | 'nora', { id: number; keyCode?: string }> = {} as never;
const MEMORY_TEXT = 'We swam in the cold lake at dawn';

async function ok<T>(who: SignedUp, method: string, url: string, payload?: object): Promise<T> {
  const form = payload && 'payload' in payload ? (payload as ReturnType<typeof multipart>) : undefined;
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { cookie: who.cookie, ...(form?.headers ?? {}) },
    ...(payload ? { payload: form ? form.payload : payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

async function objects() {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  const out = new Map<string, Buffer>();
  for (const o of listed.Contents ?? []) {
    const body = await client.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key! }));
    out.set(o.Key!, Buffer.from(await body.Body!.transformToByteArray()));
  }
  return out;
}
const etag = async (key: string) => (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ETag;
const status = () => ok<EscrowStatus>(owner, 'GET', '/api/legacy/escrow/status');
/** Waits until no run is waiting or under way (a check queues one when it finds a copy wrong). */
async function idle() {
  const deadline = Date.now() + 60_000;
  let now = await status();
  while (now.running && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    now = await status();
  }
  return now;
}
const copyOf = async (heirId: number) => (await status()).bundles.find((b) => b.heirId === heirId)!;
const filesOf = async (bytes: Buffer, keyCode: string, verifierCodes: string[]) => {
  const opened = await openBundle(new Blob([new Uint8Array(bytes)]), { keyCode, verifierCodes });
  const files = new Map<string, Buffer>();
  for (const file of opened.files) {
    const parts: Uint8Array[] = [];
    for await (const chunk of opened.chunks(file)) parts.push(chunk);
    files.set(file.name, Buffer.concat(parts));
  }
  return files;
};

beforeAll(async () => {
  s3 = await startLocalS3();
  bucket = (await s3.newBucket()).S3_BUCKET!;
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_KEYS });
  t = await buildTestAppWithSmtp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  owner = await signUp(t.app, { firstName: 'Rosalind', surname: 'Martinez' });
  stranger = await signUp(t.app);

  const contact = async (firstName: string) =>
    (
      await ok<{ id: number }>(owner, 'POST', '/api/contacts', {
        firstName,
        lastName: 'Quennell',
        relationship: 'family',
        email: `${firstName}@example.com`,
      })
    ).id;
  const verifiers = [await contact('Annabel'), await contact('Benedikt'), await contact('Cyprian')];
  await ok(owner, 'PUT', '/api/legacy/plan', {
    checkInMonths: 6,
    vetoDays: 30,
    verifierContactIds: verifiers,
    verifiersRequired: 2,
    pausedUntil: null,
  });
  release = await makeReleaseKey(2, 3);
  await ok(owner, 'PUT', '/api/legacy/release-key', { publicKey: release.publicKey, threshold: 2, shareCount: 3 });

  for (const name of ['tom', 'lily', 'nora'] as const) {
    const contactId = await contact(name === 'tom' ? 'Thomasina' : name === 'lily' ? 'Lilibet' : 'Noralee');
    heirs[name] = { id: (await ok<{ id: number }>(owner, 'POST', '/api/legacy/heirs', { contactId })).id };
  }
  for (const name of ['tom', 'lily'] as const) {
    const { keyCode } = await ok<{ keyCode: string }>(owner, 'POST', `/api/legacy/heirs/${heirs[name].id}/key-code`);
    heirs[name].keyCode = keyCode;
    await ok(owner, 'PUT', `/api/legacy/heirs/${heirs[name].id}/public-key`, { publicKey: await heirPublicKey(keyCode) });
  }

  jpegBytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7bc0' } })
    .jpeg()
    .toBuffer();
  const uploaded = await ok<{ id: string | number } | Array<{ id: string | number }>>(
    owner,
    'POST',
    '/api/photos',
    multipart([{ name: 'photo', filename: 'Zanzibar-verandah.jpg', content: jpegBytes, contentType: 'image/jpeg' }]),
  );
  const photoId = Number((Array.isArray(uploaded) ? uploaded[0]! : uploaded).id);
  const memory = await ok<{ id: number }>(owner, 'POST', '/api/memories', {
    title: 'The lake',
    content: MEMORY_TEXT,
    eventDate: '1999-07-04',
    isPublic: false,
    tags: [],
  });
  await ok(owner, 'POST', '/api/legacy/releases', { heirId: heirs.tom.id, photoId });
  await ok(owner, 'POST', '/api/legacy/releases', { heirId: heirs.tom.id, memoryId: memory.id });
  await ok(owner, 'POST', '/api/legacy/letters', { heirId: heirs.tom.id, title: 'For Thomasina', body: 'Look after the verandah.' });
  await ok(owner, 'POST', '/api/legacy/releases', { heirId: heirs.lily.id, memoryId: memory.id, condition: 'never' });

  await ok(owner, 'PUT', '/api/legacy/escrow', {
    target: { kind: 's3', endpoint: s3.endpoint, bucket, region: 'us-east-1', prefix: 'family', ...S3_TEST_KEYS, forcePathStyle: true },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await s3?.close();
});

describe('the escrow run', () => {
  it('queues a run that writes a sealed copy for each heir with a key code, which opens with the codes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/legacy/escrow/run', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(202);
    expect(res.json<EscrowStatus>().running).toBe(true);
    const now = await idle();
    expect(now).toMatchObject({ running: false, error: null });
    expect(now.lastOkAt).not.toBeNull();
    expect(now.bundles.map((b) => b.heirName).sort()).toEqual(['Lilibet Quennell', 'Thomasina Quennell']);
    expect(now.waiting).toEqual([
      {
        heirId: heirs.nora.id,
        heirName: 'Noralee Quennell',
        reason: 'Make Noralee Quennell’s key code first: a sealed copy is locked with it.',
      },
    ]);
    for (const b of now.bundles) expect(b.objectKey).toMatch(/^family\/heirloom-escrow\/[0-9a-f]{32}\.heirloom-escrow$/);
    // the name the heir's Legacy Kit prints, computed from the key code
    const tomKey = await escrowObjectKey('family/', await heirPublicKey(heirs.tom.keyCode!));
    expect(now.bundles.find((b) => b.heirId === heirs.tom.id)!.objectKey).toBe(tomKey);

    const stored = await objects();
    expect([...stored.keys()].sort()).toEqual(
      [...now.bundles.map((b) => b.objectKey), 'family/heirloom-escrow/open-heirloom-bundle.html'].sort(),
    );
    const tom = now.bundles.find((b) => b.heirId === heirs.tom.id)!;
    expect(stored.get(tom.objectKey)!.length).toBe(tom.bytes);

    const files = await filesOf(stored.get(tom.objectKey)!, heirs.tom.keyCode!, [release.codes[0]!, release.codes[2]!]);
    expect(files.get('heirloom.json')!.toString('utf8')).toContain(MEMORY_TEXT);
    expect([...files.values()].some((bytes) => bytes.equals(jpegBytes))).toBe(true);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['index.html', 'manifest.json', 'letters/index.html']));
    // the letter is not released yet: the copy gives it no day of release
    expect(files.get('letters/index.html')!.toString('utf8')).toContain('Letter · left for you');
    // nothing released to Lily but a "never": her copy holds no memory
    const lily = now.bundles.find((b) => b.heirId === heirs.lily.id)!;
    const lilyFiles = await filesOf(stored.get(lily.objectKey)!, heirs.lily.keyCode!, [release.codes[1]!, release.codes[2]!]);
    expect(lilyFiles.get('heirloom.json')!.toString('utf8')).not.toContain(MEMORY_TEXT);
    // another heir's key code opens nothing
    await expect(filesOf(stored.get(lily.objectKey)!, heirs.tom.keyCode!, release.codes)).rejects.toThrow(
      /not the one this bundle was sealed for/,
    );
  }, 90_000);

  it('leaves no plaintext in the bucket', async () => {
    const words = ['Zanzibar', 'verandah', 'Rosalind', 'Martinez', 'Thomasina', 'Lilibet', 'Quennell', MEMORY_TEXT, 'The lake'];
    for (const [key, bytes] of await objects()) {
      for (const word of words) expect(bytes.includes(Buffer.from(word, 'utf8')), `${word} in ${key}`).toBe(false);
      expect(bytes.includes(jpegBytes.subarray(0, 16)), `a JPEG in ${key}`).toBe(false);
    }
  });

  it('writes nothing when nothing changed, and only the changed heir’s copy after a change', async () => {
    const tom = await copyOf(heirs.tom.id);
    const lily = await copyOf(heirs.lily.id);
    const before = { tom: await etag(tom.objectKey), lily: await etag(lily.objectKey) };
    await t.app.services.escrowRun.run(owner.user.id);
    expect(await copyOf(heirs.tom.id)).toEqual(tom);
    expect({ tom: await etag(tom.objectKey), lily: await etag(lily.objectKey) }).toEqual(before);

    const memory = await ok<{ id: number }>(owner, 'POST', '/api/memories', {
      title: 'Later',
      content: 'More',
      eventDate: '2001-01-01',
      isPublic: false,
      tags: [],
    });
    await ok(owner, 'POST', '/api/legacy/releases', { heirId: heirs.lily.id, memoryId: memory.id });
    await t.app.services.escrowRun.run(owner.user.id);
    expect(await etag(tom.objectKey)).toBe(before.tom);
    expect(await etag(lily.objectKey)).not.toBe(before.lily);
    expect((await copyOf(heirs.lily.id)).sha256).not.toBe(lily.sha256);
  }, 60_000);

  it('gives the owner a fresh copy to download, under a name that says nobody’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/legacy/escrow/bundles/${heirs.tom.id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="heirloom-escrow-\d+\.heirloom-escrow"/);
    const files = await filesOf(res.rawPayload, heirs.tom.keyCode!, [release.codes[0]!, release.codes[1]!]);
    expect(files.get('heirloom.json')!.toString('utf8')).toContain(MEMORY_TEXT);

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/legacy/escrow/bundles/${heirs.tom.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(other.statusCode).toBe(404);
    const noKey = await t.app.inject({
      method: 'GET',
      url: `/api/legacy/escrow/bundles/${heirs.nora.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json()).toMatchObject({ message: 'Make Noralee Quennell’s key code first: a sealed copy is locked with it.' });
  }, 30_000);

  it('finds a copy replaced behind its back at the monthly check and mails the owner once', async () => {
    const tom = await copyOf(heirs.tom.id);
    const original = (await objects()).get(tom.objectKey)!;
    const forged = Buffer.from(original);
    forged[forged.length - 100]! ^= 1;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: tom.objectKey, Body: forged }));
    await t.app.services.escrowRun.check(owner.user.id);
    const mail = await t.smtp.waitForMail(owner.email, { subject: 'A sealed copy of your Legacy Plan needs a look' });
    expect(mail.text).toContain('the copy for Thomasina Quennell: The copy in the bucket is not the one written (its sha256 differs).');
    const checked = await status();
    expect(checked.lastCheckAt).not.toBeNull();

    // the same problem found again is not mailed again
    await t.app.services.escrowRun.check(owner.user.id);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(t.smtp.mailTo(owner.email, /sealed cop/)).toHaveLength(1);
    // and the copy is written again at once
    expect((await idle()).bundles.find((b) => b.heirId === heirs.tom.id)).toMatchObject({ checkError: null });
    expect(await etag(tom.objectKey)).not.toBe(undefined);
  }, 60_000);

  it('removes the copy of an heir whose key code was made again', async () => {
    const lily = await copyOf(heirs.lily.id);
    await ok(owner, 'POST', `/api/legacy/heirs/${heirs.lily.id}/key-code`);
    await t.app.services.escrowRun.run(owner.user.id);
    expect((await objects()).has(lily.objectKey)).toBe(false);
    expect((await status()).waiting.map((w) => w.heirName)).toContain('Lilibet Quennell');
  }, 60_000);
});
