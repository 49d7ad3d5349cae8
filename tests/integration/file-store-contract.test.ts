// One contract, two stores (decision 041): everything the app asks of its FileStore behaves the same on the
// local disk and in an S3-compatible bucket (a real local S3 server over HTTP).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { createFileStore, FileTooLargeError, isMissingFile, withLocalFiles, type FileStore } from '../../src/server/lib/file-store';
import { fileStoreFor } from '../../src/server/lib/file-store-for';
import { startLocalS3, type LocalS3 } from '../helpers/s3';

let s3: LocalS3;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-store-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function s3Store(extra: Record<string, string> = {}) {
  const env = loadEnv({ DATA_DIR: tempDir(), ...(await s3.newBucket()), ...extra });
  const files = fileStoreFor(env);
  await files.init();
  return files;
}

const stores: Array<[string, () => Promise<FileStore>]> = [
  ['local disk', async () => createFileStore(path.join(tempDir(), 'files'))],
  ['S3 bucket', () => s3Store()],
];

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251));
const read = async (stream: Readable) => Buffer.concat(await stream.toArray());
/** The temp folder both stores stage into, to prove nothing is left behind. */
const leftovers = async (files: FileStore) => fs.readdirSync(path.dirname(await files.newTempPath('x')));

describe.each(stores)('%s', (_name, make) => {
  let files: FileStore;
  beforeAll(async () => {
    files = await make();
    await files.init();
  });

  it('stages, commits and reads back the same bytes, measured and hashed, with nothing left in temp', async () => {
    const data = bytes(40 * 1024 * 1024 + 123); // more than two multipart parts
    const staged = await files.stage(Readable.from([data.subarray(0, 1000), data.subarray(1000)]), 64 * 1024 * 1024);
    expect(staged.size).toBe(data.length);
    expect(staged.head.subarray(0, 16)).toEqual(data.subarray(0, 16));
    await files.commit(staged, 'users/1/photos/big.bin');
    expect(fs.existsSync(staged.tempPath)).toBe(false);
    const stat = await files.stat('users/1/photos/big.bin');
    expect(stat.size).toBe(data.length);
    expect(stat.version).toMatch(/\S/);
    expect((await read(await files.openRead('users/1/photos/big.bin'))).equals(data)).toBe(true);
    expect(await read(await files.openRead('users/1/photos/big.bin', { start: 10, end: 19 }))).toEqual(data.subarray(10, 20));
    expect(await leftovers(files)).toEqual([]);
    // 40 MB through the disk (and a bucket) took over 30 s once on a machine whose disk stalled: a bound, not a measure
  }, 120_000);

  it('refuses more than the limit and keeps nothing', async () => {
    await expect(files.stage(Readable.from([bytes(2000)]), 1000)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await leftovers(files)).toEqual([]);
  });

  it('a missing key is "missing" to stat and openRead, false to exists', async () => {
    expect(await files.exists('users/1/photos/none.jpg')).toBe(false);
    await expect(files.stat('users/1/photos/none.jpg')).rejects.toSatisfy(isMissingFile);
    await expect(files.openRead('users/1/photos/none.jpg')).rejects.toSatisfy(isMissingFile);
  });

  it('writes buffers and program output, changes the version on rewrite, and lends local copies', async () => {
    await files.writeBuffer('users/2/photos/a.jpg.thumb.webp', bytes(500, 3));
    const before = await files.stat('users/2/photos/a.jpg.thumb.webp');
    await files.writeBuffer('users/2/photos/a.jpg.thumb.webp', bytes(501, 4));
    expect((await files.stat('users/2/photos/a.jpg.thumb.webp')).version).not.toBe(before.version);
    const size = await files.writeWith('users/2/photos/a.mp4.play.mp4', 'mp4', async (out) => fs.writeFileSync(out, bytes(700, 5)));
    expect(size).toBe(700);
    let lent = '';
    const seen = await withLocalFiles(files, ['users/2/photos/a.jpg.thumb.webp', 'users/2/photos/a.mp4.play.mp4'], async (paths) => {
      lent = paths[1]!;
      return paths.map((p) => fs.readFileSync(p).length);
    });
    expect(seen).toEqual([501, 700]);
    // a bucket's copy is gone once used; the disk lends the file itself
    if (files.kind === 's3') expect(fs.existsSync(lent)).toBe(false);
    await expect(files.writeWith('users/2/photos/b.mp4', 'mp4', async () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow(
      'ffmpeg failed',
    );
    expect(await files.exists('users/2/photos/b.mp4')).toBe(false);
    expect(await leftovers(files)).toEqual([]);
  });

  it('lists and removes a folder of keys, and removing twice is fine', async () => {
    await files.writeBuffer('users/3/vault/one.pdf', bytes(10));
    await files.writeBuffer('users/3/photos/two.jpg', bytes(10));
    await files.writeBuffer('users/30/photos/neighbour.jpg', bytes(10));
    expect((await files.list('users/3')).sort()).toEqual(['users/3/photos/two.jpg', 'users/3/vault/one.pdf']);
    await files.writeBuffer('users/3/vault/three.pdf', bytes(10));
    await files.remove('users/3/vault/three.pdf');
    await files.remove('users/3/vault/three.pdf');
    await files.removeTree('users/3/photos/two.jpg'); // a file key, as the crash journal may hold
    expect(await files.list('users/3')).toEqual(['users/3/vault/one.pdf']);
    await files.removeTree('users/3');
    expect(await files.list('users/3')).toEqual([]);
    expect(await files.exists('users/30/photos/neighbour.jpg')).toBe(true);
  });

  it('is available', async () => {
    expect(await files.isAvailable()).toBe(true);
  });
});

describe('S3 bucket settings', () => {
  it('a presigned link serves the bytes with the headers heirloom chose, only with S3_PUBLIC_REDIRECT', async () => {
    const plain = await s3Store();
    await plain.writeBuffer('users/4/vault/x.pdf', bytes(300));
    expect(
      await plain.presignedUrl('users/4/vault/x.pdf', { contentType: 'application/pdf', contentDisposition: 'inline' }),
    ).toBeUndefined();
    const redirecting = await s3Store({ S3_PUBLIC_REDIRECT: 'true' });
    await redirecting.writeBuffer('users/4/vault/x.pdf', bytes(300));
    const url = await redirecting.presignedUrl('users/4/vault/x.pdf', {
      contentType: 'application/pdf',
      contentDisposition: 'attachment; filename="x.pdf"',
    });
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="x.pdf"');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes(300));
    // a signed link for that one key, expiring in five minutes (the local server does not check signatures)
    expect(new URL(url!).pathname).toMatch(/\/users\/4\/vault\/x\.pdf$/);
    expect(new URL(url!).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(new URL(url!).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('start-up names a missing bucket', async () => {
    const env = loadEnv({ DATA_DIR: tempDir(), ...(await s3.newBucket()), S3_BUCKET: 'no-such-bucket-here' });
    await expect(fileStoreFor(env).init()).rejects.toThrow(/The bucket "no-such-bucket-here" cannot be used/);
  });

  it('STORAGE=s3 without a bucket or an instance secret is refused with what to set', () => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), STORAGE: 's3' })).toThrow(/S3_BUCKET[\s\S]*INSTANCE_SECRET/);
  });
});
