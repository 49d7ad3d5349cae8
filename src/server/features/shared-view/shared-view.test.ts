// What a link's holder and a signed-in recipient see (decision 025), over the real app, database and files:
// only the collection's items, never the owner's e-mail, places only when included, nothing after a revoke.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportManifestSchema, heirloomExportSchema } from '@shared/export-format';
import { SHARING_MESSAGES, type SharedCollection, type SharedWithMe } from '@shared/schemas/sharing';
import { collectionItems, contacts, grants, photos, users } from '@server/db/schema';
import { placesIn } from '@server/lib/image-places';
import { buildTestApp, multipart, signUp, writeStored, type TestApp } from '@tests/helpers/server';
import {
  expireGrant,
  gpsJpeg,
  itemIdOf,
  makeShareWorld,
  photoForm,
  readZip,
  tokenOf,
  waitForDerivatives,
  type ShareWorld,
} from './shared-view.test-world';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The place tags ExifTool finds in a file's bytes, '' for none. */
async function placesInBytes(bytes: Buffer) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-places-')), 'picture');
  fs.writeFileSync(file, bytes);
  return placesIn(file).finally(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
}

/** No GPS where exifr can read the format, in whatever EXIF is left (decision 051: the date and camera stay). */
async function expectNoPlaces(image: Buffer, what: string) {
  const meta = await sharp(image).metadata();
  expect(meta.xmp, `${what} carries XMP`).toBeUndefined();
  if (meta.format === 'jpeg' || meta.format === 'png') {
    expect(await exifr.gps(image), `${what} has GPS`).toBeUndefined();
    expect(
      Object.keys((await exifr.parse(image, true)) ?? {}).filter((k) => /^GPS/.test(k)),
      what,
    ).toEqual([]);
  }
}

describe('/api/shared and /api/shared-with-me', () => {
  let t: TestApp;
  let w: ShareWorld;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await makeShareWorld(t);
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const json = async (url: string, headers: Record<string, string> = {}) => {
    const res = await get(url, headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as SharedCollection;
  };
  const link = (token: string) => `/api/shared/${token}`;
  const grantRow = async (id: number) => (await t.db.select().from(grants).where(eq(grants.id, id)))[0]!;

  it('shows the collection, its owner’s name and exactly its items, addressed by their collection-item ids', async () => {
    const body = await json(link(w.token));
    expect(body).toMatchObject({ title: 'Summer in Paris', description: 'Our trip', ownerName: 'Ada Lovelace', includePlaces: false });
    const items = await t.db.select().from(collectionItems).where(eq(collectionItems.collectionId, w.collectionId));
    const itemOf = (pick: (r: (typeof items)[number]) => boolean) => items.find(pick)!.id;
    expect(body.photos.map((p) => p.id).sort()).toEqual(
      [itemOf((r) => r.photoId === w.photoId), itemOf((r) => r.photoId === w.plainPhotoId)].sort(),
    );
    expect(body.memories.map((m) => m.id)).toEqual([itemOf((r) => r.memoryId === w.memoryId)]);
    expect(body.documents.map((d) => d.id).sort()).toEqual(
      [itemOf((r) => r.vaultFileId === w.documentId), itemOf((r) => r.vaultFileId === w.imageDocumentId)].sort(),
    );
    // the memory's own attachment only: the gallery photo and vault file linked to it are not in the collection
    expect(body.memories[0]!.attachments.map((a) => a.id)).toEqual([w.attachmentId]);
    expect(body.memories[0]).toMatchObject({ title: 'Paris', eventDate: '2019-07-04', tags: ['paris'], location: null });
    const base = link(w.token);
    for (const p of body.photos) {
      expect(p.thumbnailUrl).toBe(`${base}/photos/${p.id}/thumbnail`);
      expect(p.displayUrl).toBe(`${base}/photos/${p.id}/display`);
      expect(p.downloadUrl).toBe(`${base}/photos/${p.id}/download`);
      expect(p.location).toBeNull();
    }
    expect(body.downloadAllUrl).toBe(`${base}/download`);
    expect(body.coverUrl).toMatch(new RegExp(`^${base}/photos/\\d+/thumbnail$`));
    const text = JSON.stringify(body);
    expect(text).not.toContain(w.owner.email);
    expect(text).not.toMatch(/private|secret|will\.txt|linked|Diary/i);
    expect(text).not.toMatch(/\/api\/(photos|memories|vault)\//);
  });

  it('serves every photo size, attachment and document of the collection, private and never cached', async () => {
    const body = await json(link(w.token));
    const urls = [
      ...body.photos.flatMap((p) => [p.thumbnailUrl, p.displayUrl, p.downloadUrl]),
      ...body.memories.flatMap((m) => m.attachments.map((a) => a.url)),
      ...body.documents.map((d) => d.url),
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    }
    const letter = body.documents.find((d) => d.name === 'letter.txt')!;
    expect((await get(letter.url)).body).toBe('Dear reader');
  });

  it('counts an opening of the page, not a HEAD nor an image', async () => {
    const before = await grantRow(w.linkId);
    await json(link(w.token));
    const body = await json(link(w.token));
    await t.app.inject({ method: 'HEAD', url: link(w.token) });
    await get(body.photos[0]!.thumbnailUrl);
    const after = await grantRow(w.linkId);
    expect(after.viewCount).toBe(before.viewCount + 2);
    expect(after.lastOpenedAt).not.toBeNull();
  });

  it('without places: no location, and no picture it serves carries EXIF or GPS', async () => {
    const body = await json(link(w.token));
    const gps = body.photos.find((p) => p.fileName === 'eiffel.jpg')!;
    expect(gps.location).toBeNull();
    for (const url of [gps.thumbnailUrl, gps.displayUrl, gps.downloadUrl]) await expectNoPlaces((await get(url)).rawPayload, url);
    const download = (await get(gps.downloadUrl)).rawPayload;
    expect((await sharp(download).metadata()).format).toBe('jpeg');
    expect(sha(download)).not.toBe(sha(w.gpsPhoto));
    // the same picture, taken when it was, by the same camera
    expect(await exifr.parse(download)).toMatchObject({ Make: 'Apple', Model: 'iPhone 12 Pro', OffsetTimeOriginal: '+02:00' });
    expect(Buffer.compare(await sharp(download).raw().toBuffer(), await sharp(w.gpsPhoto).raw().toBuffer())).toBe(0);
    await expectNoPlaces((await get(body.memories[0]!.attachments[0]!.url)).rawPayload, 'attachment');
    await expectNoPlaces((await get(body.documents.find((d) => d.name === 'scan.jpg')!.url)).rawPayload, 'image document');

    const zip = await readZip((await get(body.downloadAllUrl)).rawPayload);
    const pictures = [...zip.entries()].filter(([name]) => /\.(jpg|png|webp)$/.test(name));
    // two photos, the attachment and the scanned document; the rest are the photos' thumbnails
    expect(pictures.filter(([name]) => name.startsWith('originals/'))).toHaveLength(4);
    expect(pictures.filter(([name]) => name.startsWith('viewer/previews/'))).toHaveLength(2);
    for (const [name, bytes] of pictures) await expectNoPlaces(bytes, `zip entry ${name}`);
    // the archive's own description of them keeps no place either, nor anything of the owner's beyond a name
    const doc = heirloomExportSchema.parse(JSON.parse(zip.get('heirloom.json')!.toString('utf8')));
    expect(doc).toMatchObject({ scope: 'shared', includesPlaces: false, contacts: [], title: 'Summer in Paris' });
    expect(doc.owner).toMatchObject({ firstName: 'Ada', surname: 'Lovelace', email: null, address: null, dateOfBirth: null });
    expect([...doc.photos, ...doc.memories].map((item) => item.location)).toEqual([null, null, null]);
    // a copy without places is recorded as what the archive holds, not as the upload it was made from
    const eiffel = doc.photos.find((p) => p.fileName === 'eiffel.jpg')!;
    expect(eiffel.sha256).toBe(sha(zip.get(eiffel.path)!));
    expect(eiffel.sha256).not.toBe(sha(w.gpsPhoto));
  });

  it('with places: the location is shown and originals are served byte for byte', async () => {
    const body = await json(link(w.placesToken));
    expect(body.includePlaces).toBe(true);
    expect(body.memories[0]!.location).toBe('Paris');
    const gps = body.photos.find((p) => p.fileName === 'eiffel.jpg')!;
    const download = (await get(gps.downloadUrl)).rawPayload;
    expect(sha(download)).toBe(sha(w.gpsPhoto));
    expect(await exifr.gps(download)).toMatchObject({ latitude: expect.closeTo(48.86, 1) });
    // the grid's sizes are the stored derivatives, which never carry metadata
    await expectNoPlaces((await get(gps.thumbnailUrl)).rawPayload, 'thumbnail');
    expect(sha((await get(body.memories[0]!.attachments[0]!.url)).rawPayload)).toBe(sha(w.gpsPhoto));
  });

  it('zips every original with readable, unique names; with places the bytes are the uploads', async () => {
    const res = await get(`${link(w.placesToken)}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Summer in Paris.zip"; filename*=UTF-8''Summer%20in%20Paris.zip`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = await readZip(res.rawPayload);
    const names = [...zip.keys()];
    const originals = names.filter((n) => n.startsWith('originals/')).sort();
    const eiffelName = originals.find((n) => n.includes('eiffel'));
    expect(eiffelName).toMatch(/^originals\/photos\/(\d{4}\/\d{4}-\d\d-\d\d |undated\/)eiffel\.jpg$/);
    expect(originals).toEqual([
      'originals/documents/letter.txt',
      'originals/documents/scan.jpg',
      'originals/memories/2019-07-04 Paris/tower.jpg',
      eiffelName,
      'originals/photos/undated/plain.png',
    ]);
    // the same archive as "Export everything": viewer, metadata, the memory as Markdown, previews, manifest last
    expect(names.filter((n) => !n.startsWith('originals/') && !n.startsWith('viewer/previews/')).sort()).toEqual([
      'heirloom.json',
      'heirloom.schema.json',
      'index.html',
      'manifest.json',
      'memories/2019-07-04 Paris.md',
      'viewer/data.js',
      'viewer/viewer.js',
    ]);
    expect(names.at(-1)).toBe('manifest.json');
    const eiffel = zip.get(eiffelName!)!;
    expect(sha(eiffel)).toBe(sha(w.gpsPhoto));
    expect(sha(zip.get('originals/memories/2019-07-04 Paris/tower.jpg')!)).toBe(sha(w.gpsPhoto));
    expect(zip.get('originals/documents/letter.txt')!.toString()).toBe('Dear reader');
    const doc = heirloomExportSchema.parse(JSON.parse(zip.get('heirloom.json')!.toString('utf8')));
    expect(doc).toMatchObject({ scope: 'shared', includesPlaces: true, contacts: [] });
    expect(doc.memories[0]).toMatchObject({ title: 'Paris', location: 'Paris', tags: ['paris'] });
    expect(doc.photos.find((p) => p.fileName === 'eiffel.jpg')!.sha256).toBe(sha(w.gpsPhoto));
    // one collection, the shared one, holding exactly what the link shows
    expect(doc.collections).toHaveLength(1);
    expect(doc.collections[0]!.items.map((i) => i.kind).sort()).toEqual(['document', 'document', 'memory', 'photo', 'photo']);
    const manifest = exportManifestSchema.parse(JSON.parse(zip.get('manifest.json')!.toString('utf8')));
    expect(manifest.files.map((f) => f.path).sort()).toEqual(names.filter((n) => n !== 'manifest.json').sort());
    for (const file of manifest.files) expect(file.sha256, file.path).toBe(sha(zip.get(file.path)!));
  });

  it('answers 404 for ids outside the collection, even the owner’s own', async () => {
    const base = link(w.token);
    const memoryItem = await itemIdOf(t, w.collectionId, { memoryId: w.memoryId });
    const documentItem = await itemIdOf(t, w.collectionId, { vaultFileId: w.documentId });
    const listed = await json(base);
    const photoItems = listed.photos.map((p) => p.id);
    const documentItems = listed.documents.map((d) => d.id);
    // an owner's id that happens to equal one of this collection's item ids names that item: leave those out
    const not = (taken: number[]) => (id: number) => !taken.includes(id);
    const urls = [
      ...[w.photoId, w.outsidePhotoId, w.linkedPhotoId, memoryItem, documentItem, ...w.otherItemIds]
        .filter(not(photoItems))
        .map((id) => `${base}/photos/${id}/download`),
      ...[w.outsideAttachmentId, w.linkedPhotoId, w.linkedVaultId, 2_147_483_647]
        .filter(not([w.attachmentId]))
        .map((id) => `${base}/attachments/${id}`),
      ...[w.documentId, w.outsideVaultId, w.linkedVaultId, memoryItem, ...w.otherItemIds]
        .filter(not(documentItems))
        .map((id) => `${base}/documents/${id}`),
      `${base}/photos/${memoryItem}/original`,
      `${base}/photos/abc/thumbnail`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('another collection’s link opens only that collection', async () => {
    const body = await json(link(w.otherToken));
    expect(body.title).toBe('Private things');
    const mine = await json(link(w.token));
    for (const p of mine.photos) expect((await get(`${link(w.otherToken)}/photos/${p.id}/thumbnail`)).statusCode).toBe(404);
  });

  it('an unknown token, and one of the wrong shape, are 404', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(101), '..%2F..%2Fetc']) {
      const res = await get(link(token));
      expect([404, 414], token).toContain(res.statusCode); // 414: longer than any path parameter heirloom takes
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('an expired link is 410 on every route', async () => {
    const made = (
      await t.app.inject({
        method: 'POST',
        url: `/api/collections/${w.collectionId}/links`,
        headers: { cookie: w.owner.cookie },
        payload: { kind: 'public', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      })
    ).json() as { id: number; url: string };
    const base = link(tokenOf(made.url));
    const body = await json(base);
    expect(body.expiresAt).not.toBeNull();
    await expireGrant(t, made.id);
    for (const url of [base, body.photos[0]!.thumbnailUrl.replace(/^.*\/photos/, `${base}/photos`), `${base}/download`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(410);
      expect(res.json()).toEqual({ message: SHARING_MESSAGES.linkExpired, code: 'LINK_EXPIRED' });
    }
  });

  it('revoking takes the page, its images, its files and its zip away at once', async () => {
    const made = (
      await t.app.inject({
        method: 'POST',
        url: `/api/collections/${w.collectionId}/links`,
        headers: { cookie: w.owner.cookie },
        payload: { kind: 'public' },
      })
    ).json() as { id: number; url: string };
    const base = link(tokenOf(made.url));
    const body = await json(base);
    const urls = [
      base,
      body.photos[0]!.thumbnailUrl,
      body.photos[0]!.downloadUrl,
      body.memories[0]!.attachments[0]!.url,
      body.documents[0]!.url,
      body.downloadAllUrl,
    ];
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/${w.collectionId}/links/${made.id}`,
      headers: { cookie: w.owner.cookie },
    });
    expect(revoke.statusCode).toBe(204);
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(404);
  });

  describe('a link with a password', () => {
    const password = 'blue hydrangeas';
    let token: string;
    let grantId: number;
    beforeAll(async () => {
      const made = (
        await t.app.inject({
          method: 'POST',
          url: `/api/collections/${w.collectionId}/links`,
          headers: { cookie: w.owner.cookie },
          payload: { kind: 'public', password, expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString() },
        })
      ).json() as { id: number; url: string };
      token = tokenOf(made.url);
      grantId = made.id;
    });
    const unlock = (pw: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: `${link(token)}/unlock`, payload: { password: pw }, remoteAddress });

    it('asks for the password on every route until it is given', async () => {
      const items = await json(link(w.token)); // the same collection through the plain link: real item ids
      const base = link(token);
      for (const url of [
        base,
        `${base}/photos/${items.photos[0]!.id}/thumbnail`,
        `${base}/attachments/${w.attachmentId}`,
        `${base}/documents/${items.documents[0]!.id}`,
        `${base}/download`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ message: SHARING_MESSAGES.passwordRequired, code: 'PASSWORD_REQUIRED' });
      }
    });

    it('a wrong password is 401; the right one sets a cookie for this link only, which opens it', async () => {
      const wrong = await unlock('red roses');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: SHARING_MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' });
      expect(wrong.headers['set-cookie']).toBeUndefined();

      const right = await unlock(password);
      expect(right.statusCode).toBe(204);
      const setCookie = String(right.headers['set-cookie']);
      expect(setCookie).toMatch(/^heirloom_link_[0-9a-f]{12}=/);
      expect(setCookie).toContain(`Path=/api/shared/${token}`);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(2 * 86_400); // not past the link's expiry (two days), never more than a week
      const cookie = setCookie.split(';')[0]!;

      const body = await json(link(token), { cookie });
      expect((await get(body.photos[0]!.thumbnailUrl, { cookie })).statusCode).toBe(200);
      expect((await get(body.downloadAllUrl, { cookie })).statusCode).toBe(200);
      // the cookie proves this grant and this password only
      const forged = `${cookie.split('=')[0]}=${'A'.repeat(43)}`;
      expect((await get(link(token), { cookie: forged })).statusCode).toBe(401);
      const row = await grantRow(grantId);
      expect(row.viewCount).toBe(1);
    });

    it('slows guessing per link: wrong answers are 401 until the sign-in throttle answers 429 with Retry-After', async () => {
      const address = '203.0.113.9';
      const answers: number[] = [];
      for (let i = 0; i < 11 && !answers.includes(429); i++) answers.push((await unlock(`guess ${i}`, address)).statusCode);
      expect(answers.at(-1)).toBe(429);
      expect(answers.slice(0, -1).every((s) => s === 401)).toBe(true);
      const throttled = await unlock(password, address); // even the right answer waits
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('a link without a password unlocks nothing and sets no cookie', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${link(w.token)}/unlock`, payload: { password: 'anything' } });
      expect(res.statusCode).toBe(204);
      expect(res.headers['set-cookie']).toBeUndefined();
    });
  });

  it('recipients change nothing: only GET and HEAD, plus the unlock', async () => {
    const body = await json(link(w.token));
    for (const url of [link(w.token), body.photos[0]!.downloadUrl, body.documents[0]!.url, body.downloadAllUrl]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
  });

  it('a HEIC is shown as its JPEG and downloaded as a HEIC, without its places unless they are included', async () => {
    const heic = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/files/tiny.heic'));
    const owner = { cookie: w.owner.cookie };
    const form = photoForm(heic, 'iphone.heic', 'image/heic');
    const up = await t.app.inject({ method: 'POST', url: '/api/photos', headers: { ...owner, ...form.headers }, payload: form.payload });
    expect(up.statusCode, up.body).toBe(201);
    const photoId = (up.json() as { id: number }).id;
    const memory = (
      await t.app.inject({
        method: 'POST',
        url: '/api/memories',
        headers: owner,
        payload: { title: 'Phone', content: 'From the phone', eventDate: '2021-05-01', tags: [] },
      })
    ).json() as { id: number };
    const attachment = multipart([{ name: 'attachments', filename: 'voice.heic', content: heic, contentType: 'image/heic' }]);
    await t.app.inject({
      method: 'POST',
      url: `/api/memories/${memory.id}/attachments`,
      headers: { ...owner, ...attachment.headers },
      payload: attachment.payload,
    });
    await waitForDerivatives(t, w.owner);
    const collection = (
      await t.app.inject({ method: 'POST', url: '/api/collections', headers: owner, payload: { title: 'Phone' } })
    ).json() as {
      id: number;
    };
    await t.app.inject({
      method: 'POST',
      url: `/api/collections/${collection.id}/items`,
      headers: owner,
      payload: { photoIds: [photoId], memoryIds: [memory.id] },
    });
    const linkTo = async (includePlaces: boolean) =>
      link(
        tokenOf(
          (
            (
              await t.app.inject({
                method: 'POST',
                url: `/api/collections/${collection.id}/links`,
                headers: owner,
                payload: { kind: 'public', includePlaces },
              })
            ).json() as { url: string }
          ).url,
        ),
      );

    const plain = await json(await linkTo(false));
    expect(plain.photos[0]!.fileName).toBe('iphone.heic');
    for (const url of [plain.photos[0]!.thumbnailUrl, plain.photos[0]!.displayUrl]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      await expectNoPlaces(res.rawPayload, url);
    }
    // the HEIC itself, its New York GPS gone (decision 051; shared-pictures.test.ts checks the rest)
    expect(await placesInBytes(heic)).not.toBe('');
    const download = await get(plain.photos[0]!.downloadUrl);
    expect(download.headers['content-type']).toBe('image/heic');
    expect(String(download.headers['content-disposition'])).toContain('iphone.heic');
    expect(await placesInBytes(download.rawPayload)).toBe('');
    const shownAttachment = plain.memories[0]!.attachments[0]!;
    expect(shownAttachment).toMatchObject({ fileName: 'voice.jpg', mimeType: 'image/jpeg' });
    await expectNoPlaces((await get(shownAttachment.url)).rawPayload, 'HEIC attachment');
    const zip = await readZip((await get(plain.downloadAllUrl)).rawPayload);
    const heicNames = [...zip.keys()].filter((n) => n.startsWith('originals/'));
    expect(heicNames).toHaveLength(2);
    expect(heicNames).toContain('originals/memories/2021-05-01 Phone/voice.heic');
    expect(heicNames.some((n) => /^originals\/photos\/.*iphone\.heic$/.test(n))).toBe(true);
    // no picture at all (originals or previews) carries a place
    for (const name of heicNames) expect(await placesInBytes(zip.get(name)!), name).toBe('');
    for (const [name, bytes] of zip) if (/\.(jpg|png|webp)$/.test(name)) await expectNoPlaces(bytes, name);

    const places = await json(await linkTo(true));
    expect(places.photos[0]!.fileName).toBe('iphone.heic');
    expect(sha((await get(places.photos[0]!.downloadUrl)).rawPayload)).toBe(sha(heic));
    const withPlaces = await readZip((await get(places.downloadAllUrl)).rawPayload);
    const originalsWithPlaces = [...withPlaces].filter(([name]) => name.startsWith('originals/'));
    expect(originalsWithPlaces.map(([, bytes]) => sha(bytes))).toEqual([sha(heic), sha(heic)]);
  });

  it('a picture that cannot be cleaned is refused with 422 alone and left out of the zip, never a 5xx or a crash', async () => {
    const form = photoForm(await gpsJpeg('#225588'), 'damaged.jpg');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie: w.owner.cookie, ...form.headers },
      payload: form.payload,
    });
    const photoId = (up.json() as { id: number }).id;
    await waitForDerivatives(t, w.owner);
    const owner = { cookie: w.owner.cookie };
    const collection = (
      await t.app.inject({ method: 'POST', url: '/api/collections', headers: owner, payload: { title: 'Damaged' } })
    ).json() as {
      id: number;
    };
    await t.app.inject({
      method: 'POST',
      url: `/api/collections/${collection.id}/items`,
      headers: owner,
      payload: { photoIds: [photoId] },
    });
    const made = (
      await t.app.inject({ method: 'POST', url: `/api/collections/${collection.id}/links`, headers: owner, payload: { kind: 'public' } })
    ).json() as {
      url: string;
    };
    const [row] = await t.db.select({ key: photos.filePath }).from(photos).where(eq(photos.id, photoId));
    await writeStored(t, row!.key, 'this is no longer a picture at all, just words');
    const body = await json(link(tokenOf(made.url)));
    const download = await get(body.photos[0]!.downloadUrl);
    expect(download.statusCode).toBe(422);
    expect(download.json()).toMatchObject({ code: 'CANNOT_CLEAN' });
    expect((await get(body.photos[0]!.thumbnailUrl)).statusCode).toBe(200); // the stored thumbnail is still there
    const zip = await get(body.downloadAllUrl);
    expect(zip.statusCode).toBe(200);
    expect([...(await readZip(zip.rawPayload)).keys()].filter((n) => n.startsWith('originals/'))).toEqual([]);
    expect((await get(link(w.token))).statusCode).toBe(200);
  });

  describe('shared with me', () => {
    it('lists what contacts linked to me were given, by owner, and opens it in the same shapes', async () => {
      const list = (await get('/api/shared-with-me', { cookie: w.recipient.cookie })).json() as SharedWithMe;
      expect(list).toEqual([
        {
          ownerName: 'Ada Lovelace',
          collections: [
            expect.objectContaining({
              grantId: w.personalGrantId,
              title: 'Summer in Paris',
              description: 'Our trip',
              itemCount: 5,
              coverUrl: expect.stringMatching(new RegExp(`^/api/shared-with-me/${w.personalGrantId}/photos/\\d+/thumbnail$`)),
            }),
          ],
        },
      ]);
      const base = `/api/shared-with-me/${w.personalGrantId}`;
      const body = await json(base, { cookie: w.recipient.cookie });
      expect(body.ownerName).toBe('Ada Lovelace');
      expect(body.photos).toHaveLength(2);
      expect(body.downloadAllUrl).toBe(`${base}/download`);
      for (const url of [
        list[0]!.collections[0]!.coverUrl!,
        body.photos[0]!.downloadUrl,
        body.memories[0]!.attachments[0]!.url,
        body.documents[0]!.url,
      ]) {
        expect((await get(url, { cookie: w.recipient.cookie })).statusCode, url).toBe(200);
      }
      expect(JSON.stringify(body)).not.toContain(w.owner.email);
    });

    it('is 404 for anyone else, 401 signed out, and empty for someone nothing was shared with', async () => {
      const base = `/api/shared-with-me/${w.personalGrantId}`;
      expect((await get(base, { cookie: w.stranger.cookie })).statusCode).toBe(404);
      expect((await get(base, { cookie: w.owner.cookie })).statusCode).toBe(404);
      expect((await get(`/api/shared-with-me/${w.linkId}`, { cookie: w.recipient.cookie })).statusCode).toBe(404); // a public link's grant
      expect((await get(base)).statusCode).toBe(401);
      expect((await get('/api/shared-with-me', { cookie: w.stranger.cookie })).json()).toEqual([]);
    });

    it('an expired personal link leaves the list and is 410', async () => {
      const other = await signUp2();
      expect((await get('/api/shared-with-me', { cookie: other.recipient.cookie })).json() as SharedWithMe).toHaveLength(1);
      await expireGrant(t, other.grantId);
      expect((await get('/api/shared-with-me', { cookie: other.recipient.cookie })).json()).toEqual([]);
      expect((await get(`/api/shared-with-me/${other.grantId}`, { cookie: other.recipient.cookie })).statusCode).toBe(410);
    });

    it('reaches a recipient who proved the address it was sent to, without being a mutual contact', async () => {
      const recipient = await signUp(t.app);
      const contact = (
        await t.app.inject({
          method: 'POST',
          url: '/api/contacts',
          headers: { cookie: w.owner.cookie },
          payload: { firstName: 'Mary', lastName: 'Godwin', relationship: 'family', email: recipient.email.toUpperCase() },
        })
      ).json() as { id: number };
      const made = (
        await t.app.inject({
          method: 'POST',
          url: `/api/collections/${w.collectionId}/links`,
          headers: { cookie: w.owner.cookie },
          payload: { kind: 'personal', contactId: contact.id },
        })
      ).json() as { id: number };
      // Not verified yet: the address is only claimed.
      expect((await get('/api/shared-with-me', { cookie: recipient.cookie })).json()).toEqual([]);
      expect((await get(`/api/shared-with-me/${made.id}`, { cookie: recipient.cookie })).statusCode).toBe(404);

      await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, recipient.user.id));
      const list = (await get('/api/shared-with-me', { cookie: recipient.cookie })).json() as SharedWithMe;
      expect(list.flatMap((o) => o.collections.map((c) => c.grantId))).toEqual([made.id]);
      expect((await get(`/api/shared-with-me/${made.id}`, { cookie: recipient.cookie })).statusCode).toBe(200);
    });

    /** A second recipient with their own personal link to the collection. */
    async function signUp2() {
      const recipient = await signUp(t.app);
      const contact = (
        await t.app.inject({
          method: 'POST',
          url: '/api/contacts',
          headers: { cookie: w.owner.cookie },
          payload: { firstName: 'Percy', lastName: 'Shelley', relationship: 'friend', email: recipient.email },
        })
      ).json() as { id: number };
      await t.db.update(contacts).set({ linkedUserId: recipient.user.id }).where(eq(contacts.id, contact.id));
      const made = (
        await t.app.inject({
          method: 'POST',
          url: `/api/collections/${w.collectionId}/links`,
          headers: { cookie: w.owner.cookie },
          payload: { kind: 'personal', contactId: contact.id },
        })
      ).json() as { id: number };
      return { recipient, grantId: made.id };
    }
  });
});
