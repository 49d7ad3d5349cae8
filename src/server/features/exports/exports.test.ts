// "Export everything" end to end: a library with one of each kind of item, exported by the real job into a
// real zip, read back entry by entry.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { exportManifestSchema, heirloomExportSchema, type HeirloomExport } from '@shared/export-format';
import { TRANSFER_MESSAGES, type ExportJob } from '@shared/schemas/transfers';
import { exports, photos } from '@server/db/schema';
import { buildTestApp, multipart, signUp, storedFiles, tempFiles, type TestApp, idOf, postAs } from '@tests/helpers/server';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';
import { readZip } from '@tests/helpers/zip';
import { wavFile } from '@tests/helpers/audio';
import { EXPORT_BUILD_JOB, EXPORT_EXPIRE_JOB } from './exports.service';

type Actor = Awaited<ReturnType<typeof signUp>>;

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const HEIC = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/files/tiny.heic'));

const jpeg = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .withExif({ IFD2: { DateTimeOriginal: '2019:07:04 15:30:00', OffsetTimeOriginal: '+02:00' } })
    .jpeg()
    .toBuffer();

const get = (t: TestApp, who: Actor | undefined, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

async function waitUntilFinished(t: TestApp, who: Actor, id: number): Promise<ExportJob> {
  for (let i = 0; i < 600; i++) {
    const job = (await get(t, who, `/api/exports/${id}`)).json() as ExportJob;
    if (job.status === 'ready' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The export never finished');
}

async function waitForDerivatives(t: TestApp, who: Actor) {
  for (let i = 0; i < 400; i++) {
    const list = (await get(t, who, '/api/photos')).json() as Array<{ derivativeStatus: string }>;
    if (list.every((p) => p.derivativeStatus !== 'pending')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('export everything', () => {
  let t: MailTestApp;
  let owner: Actor;
  let stranger: Actor;
  const uploaded = new Map<string, Buffer>();
  let exportId: number;
  let job: ExportJob;
  let zipBytes: Buffer;
  let zip: Map<string, Buffer>;
  let doc: HeirloomExport;
  let profilePicture: Buffer;

  beforeAll(async () => {
    t = await buildTestAppWithSmtp();
    owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
    stranger = await signUp(t.app);
    const photoJpeg = await jpeg('#c0503a');
    const linkedJpeg = await jpeg('#3a50c0');
    const attachmentJpeg = await jpeg('#50c03a');
    const wav = wavFile();
    const letter = Buffer.from('Dear reader,\nthis is my letter.\n');
    uploaded.set('eiffel.jpg', photoJpeg).set('linked.jpg', linkedJpeg).set('tiny.heic', HEIC);
    uploaded.set('tower.jpg', attachmentJpeg).set('voice.wav', wav).set('portrait.heic', HEIC).set('letter.txt', letter);

    const photoForm = (content: Buffer, filename: string, contentType: string) =>
      multipart([{ name: 'photo', filename, content, contentType }]);
    const photoId = idOf(await postAs(t, owner.cookie, '/api/photos', photoForm(photoJpeg, 'eiffel.jpg', 'image/jpeg')));
    const heicId = idOf(await postAs(t, owner.cookie, '/api/photos', photoForm(HEIC, 'tiny.heic', 'image/heic')));
    const linkedId = idOf(await postAs(t, owner.cookie, '/api/photos', photoForm(linkedJpeg, 'linked.jpg', 'image/jpeg')));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/photos/${photoId}`,
      headers: { cookie: owner.cookie },
      payload: { title: 'The tower' },
    });
    // tags come from imports and analysis, not from a form: set directly
    await t.db
      .update(photos)
      .set({ tags: ['paris', 'summer'] })
      .where(eq(photos.id, photoId));
    const picture = multipart([{ name: 'profilePicture', filename: 'me.png', content: await jpeg('#777777'), contentType: 'image/jpeg' }]);
    await postAs(t, owner.cookie, '/api/user/profile-picture', picture);
    profilePicture = (await get(t, owner, '/api/user/profile-picture')).rawPayload;

    const memoryId = idOf(
      await postAs(t, owner.cookie, '/api/memories', {
        title: 'Paris: the trip',
        content: 'The tower at dusk.\n\nWe walked back along the river.',
        eventDate: '2019-07-04',
        isPublic: false,
        tags: ['paris', 'family'],
        location: 'Paris, France',
      }),
    );
    await postAs(
      t,
      owner.cookie,
      `/api/memories/${memoryId}/attachments`,
      multipart([
        { name: 'attachments', filename: 'tower.jpg', content: attachmentJpeg, contentType: 'image/jpeg' },
        { name: 'attachments', filename: 'voice.wav', content: wav, contentType: 'audio/wav' },
        { name: 'attachments', filename: 'portrait.heic', content: HEIC, contentType: 'image/heic' },
      ]),
    );
    const documentId = idOf(
      await postAs(
        t,
        owner.cookie,
        '/api/vault',
        multipart([{ name: 'file', filename: 'letter.txt', content: letter, contentType: 'text/plain' }]),
      ),
    );
    await postAs(t, owner.cookie, `/api/memories/${memoryId}/links`, { photoIds: [linkedId], vaultFileIds: [documentId] });
    await postAs(t, owner.cookie, '/api/contacts', {
      firstName: 'Mary',
      lastName: 'Shelley',
      relationship: 'family',
      familyRelation: 'Aunt',
      email: 'mary@example.com',
      birthday: '1997-08-30',
      notes: 'Wrote Frankenstein; loves storms, rain\nand lakes',
    });
    const collectionId = idOf(await postAs(t, owner.cookie, '/api/collections', { title: 'Summer in Paris', description: 'Our trip' }));
    await postAs(t, owner.cookie, `/api/collections/${collectionId}/items`, {
      photoIds: [photoId, heicId],
      memoryIds: [memoryId],
      documentIds: [documentId],
    });
    await waitForDerivatives(t, owner);

    const started = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: owner.cookie } });
    expect(started.statusCode).toBe(202);
    exportId = (started.json() as { id: number }).id;
    job = await waitUntilFinished(t, owner, exportId);
    const download = await get(t, owner, `/api/exports/${exportId}/download`);
    expect(download.statusCode).toBe(200);
    zipBytes = download.rawPayload;
    zip = await readZip(zipBytes);
    doc = heirloomExportSchema.parse(JSON.parse(zip.get('heirloom.json')!.toString('utf8')));
  }, 120_000);
  afterAll(() => t?.close());

  it('finishes with its progress complete and a download link', () => {
    expect(job.status).toBe('ready');
    expect(job.error).toBeNull();
    expect(job.downloadUrl).toBe(`/api/exports/${exportId}/download`);
    expect(job.bytes).toBe(zipBytes.length);
    expect(job.progress.itemsTotal).toBe(zip.size);
    expect(job.progress.itemsDone).toBe(job.progress.itemsTotal);
    const libraryBytes = [...zip].filter(([name]) => name.startsWith('originals/') || name.startsWith('viewer/previews/'));
    expect(job.progress.bytesTotal).toBe(libraryBytes.reduce((sum, [, bytes]) => sum + bytes.length, 0));
    expect(job.progress.bytesDone).toBe(job.progress.bytesTotal);
    expect(new Date(job.expiresAt!).getTime() - new Date(job.finishedAt!).getTime()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  });

  it('holds every original byte for byte, under a readable name', () => {
    const originals = [...zip.keys()].filter((name) => name.startsWith('originals/'));
    const byName = (fileName: string) => {
      const record = [...doc.photos, ...doc.memories.flatMap((m) => m.attachments), ...doc.documents].find((f) => f.fileName === fileName);
      if (!record) throw new Error(`${fileName} is not in heirloom.json`);
      return record;
    };
    for (const [fileName, bytes] of uploaded) {
      const record = byName(fileName);
      expect(sha(zip.get(record.path)!), record.path).toBe(sha(bytes));
      expect(record.sha256).toBe(sha(bytes));
      expect(record.size).toBe(bytes.length);
    }
    expect(byName('eiffel.jpg').path).toBe('originals/photos/2019/2019-07-04 The tower.jpg');
    expect(byName('tower.jpg').path).toBe('originals/memories/2019-07-04 Paris_ the trip/tower.jpg');
    expect(byName('voice.wav').path).toBe('originals/memories/2019-07-04 Paris_ the trip/voice.wav');
    expect(byName('letter.txt').path).toBe('originals/documents/letter.txt');
    expect(doc.owner.profilePicture?.path).toBe('originals/profile/profile-picture.jpg');
    expect(sha(zip.get('originals/profile/profile-picture.jpg')!)).toBe(sha(profilePicture));
    // 3 photos, 3 attachments, 1 document, the profile picture: nothing else is an original
    expect(originals).toHaveLength(8);
    // never a storage key
    for (const name of zip.keys()) expect(name).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it('describes the library in heirloom.json, with previews a browser can show', () => {
    expect(doc.scope).toBe('account');
    expect(doc.includesPlaces).toBe(true);
    expect(doc.owner).toMatchObject({ firstName: 'Ada', surname: 'Lovelace', email: owner.email });
    const tower = doc.photos.find((p) => p.fileName === 'eiffel.jpg')!;
    expect(tower).toMatchObject({ title: 'The tower', tags: ['paris', 'summer'], dateTaken: '2019-07-04T13:30:00.000Z', memoryId: null });
    expect(zip.has(tower.previews.thumbnail!)).toBe(true);
    const heic = doc.photos.find((p) => p.fileName === 'tiny.heic')!;
    expect(heic.mimeType).toMatch(/heic|heif/);
    // the HEIC's JPEG copy is there, and is a JPEG
    expect(zip.get(heic.previews.display!)!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const memory = doc.memories[0]!;
    expect(memory).toMatchObject({
      title: 'Paris: the trip',
      eventDate: '2019-07-04',
      location: 'Paris, France',
      tags: ['paris', 'family'],
    });
    expect(memory.attachments.map((a) => a.fileName).sort()).toEqual(['portrait.heic', 'tower.jpg', 'voice.wav']);
    // a HEIC attachment has its JPEG copy beside it for the viewer; a recording has no preview
    const portrait = memory.attachments.find((a) => a.fileName === 'portrait.heic')!;
    expect(zip.get(portrait.previews.display!)!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(memory.attachments.find((a) => a.fileName === 'voice.wav')!.previews).toEqual({ thumbnail: null, display: null });
    expect(doc.photos.find((p) => p.fileName === 'linked.jpg')!.memoryId).toBe(memory.id);
    expect(doc.documents[0]).toMatchObject({ fileName: 'letter.txt', memoryId: memory.id });
    expect(doc.contacts).toHaveLength(1);
    const collection = doc.collections[0]!;
    expect(collection).toMatchObject({ title: 'Summer in Paris', description: 'Our trip' });
    expect(collection.items.map((i) => i.kind).sort()).toEqual(['document', 'memory', 'photo', 'photo']);
    // the JSON Schema beside it is a real JSON Schema of the same document
    const schema = JSON.parse(zip.get('heirloom.schema.json')!.toString('utf8')) as { $schema: string; properties: object };
    expect(schema.$schema).toMatch(/json-schema\.org/);
    expect(Object.keys(schema.properties)).toEqual(Object.keys(heirloomExportSchema.shape));
  });

  it('embeds the same document for the viewer as a classic script', () => {
    const script = zip.get('viewer/data.js')!.toString('utf8');
    const prefix = 'window.HEIRLOOM_EXPORT = ';
    expect(script.startsWith(prefix)).toBe(true);
    expect(JSON.parse(script.slice(prefix.length).trim().replace(/;$/, ''))).toEqual(doc);
    expect(zip.has('index.html')).toBe(true);
    expect(zip.has('viewer/viewer.js')).toBe(true);
  });

  it('lists every other entry in manifest.json, the last entry, with its real size and sha256', () => {
    const names = [...zip.keys()];
    expect(names.at(-1)).toBe('manifest.json');
    const manifest = exportManifestSchema.parse(JSON.parse(zip.get('manifest.json')!.toString('utf8')));
    expect(manifest.files.map((f) => f.path).sort()).toEqual(names.filter((n) => n !== 'manifest.json').sort());
    for (const file of manifest.files) {
      expect(file.size, file.path).toBe(zip.get(file.path)!.length);
      expect(file.sha256, file.path).toBe(sha(zip.get(file.path)!));
    }
  });

  it('writes the contacts as vCard 4.0', () => {
    const vcf = zip.get('contacts.vcf')!.toString('utf8');
    expect(vcf).toContain('BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Mary Shelley\r\nN:Shelley;Mary;;;\r\n');
    expect(vcf).toContain('EMAIL:mary@example.com\r\n');
    expect(vcf).toContain('BDAY:19970830\r\n');
    expect(vcf).toContain('CATEGORIES:family\r\n');
    expect(vcf).toContain('X-HEIRLOOM-FAMILY-RELATION:Aunt\r\n');
    expect(vcf).toContain('NOTE:Wrote Frankenstein\\; loves storms\\, rain\\nand lakes\r\n');
    expect(vcf.endsWith('END:VCARD\r\n')).toBe(true);
  });

  it('writes each memory as Markdown with YAML front matter pointing at its files', () => {
    const memory = doc.memories[0]!;
    expect(memory.markdown).toBe('memories/2019-07-04 Paris_ the trip.md');
    const md = zip.get(memory.markdown)!.toString('utf8');
    const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(md);
    expect(match).not.toBeNull();
    const front = parseYaml(match![1]!) as Record<string, unknown>;
    expect(front).toMatchObject({ title: 'Paris: the trip', date: '2019-07-04', place: 'Paris, France', tags: ['paris', 'family'] });
    const resolve = (relative: string) => path.posix.normalize(path.posix.join('memories', relative));
    const attachments = front.attachments as string[];
    expect(attachments.map(resolve).sort()).toEqual(memory.attachments.map((a) => a.path).sort());
    expect((front.photos as string[]).map(resolve)).toEqual([doc.photos.find((p) => p.fileName === 'linked.jpg')!.path]);
    expect((front.documents as string[]).map(resolve)).toEqual([doc.documents[0]!.path]);
    for (const relative of [...attachments, ...(front.photos as string[])]) expect(zip.has(resolve(relative))).toBe(true);
    expect(match![2]).toBe('The tower at dusk.\n\nWe walked back along the river.\n');
  });

  it('resumes a cut download with a Range request', async () => {
    const res = await get(t, owner, `/api/exports/${exportId}/download`, { range: 'bytes=100-1099' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${zipBytes.length}`);
    expect(res.rawPayload.equals(zipBytes.subarray(100, 1100))).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="heirloom export \d{4}-\d{2}-\d{2}\.zip"/);
  });

  it('lists the owner’s exports, latest first, and nobody else’s', async () => {
    const mine = (await get(t, owner, '/api/exports')).json() as ExportJob[];
    expect(mine.map((e) => e.id)).toEqual([exportId]);
    expect((await get(t, stranger, '/api/exports')).json()).toEqual([]);
  });

  it('answers another user 404 and a visitor 401', async () => {
    expect((await get(t, stranger, `/api/exports/${exportId}`)).statusCode).toBe(404);
    expect((await get(t, stranger, `/api/exports/${exportId}/download`)).statusCode).toBe(404);
    expect((await get(t, stranger, `/api/exports/${exportId}/download`, { range: 'bytes=0-9' })).statusCode).toBe(404);
    for (const url of ['/api/exports', `/api/exports/${exportId}`, `/api/exports/${exportId}/download`]) {
      expect((await get(t, undefined, url)).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/exports' })).statusCode).toBe(401);
  });

  it('mails the owner when the archive is ready', async () => {
    const mail = await t.smtp.waitForMail(owner.email, { subject: 'Your heirloom export is ready' });
    expect(mail.text).toContain(`${t.env.PUBLIC_URL}/settings#your-data`);
    expect(mail.text).toContain('7 days');
  });

  it('queues the removal of the archive for 7 days later', async () => {
    const { rows } = await t.pool.query<{ start_after: Date; data: { exportId: number } }>(
      `SELECT start_after, data FROM pgboss.job WHERE name = $1`,
      [EXPORT_EXPIRE_JOB],
    );
    const expiry = rows.find((r) => r.data.exportId === exportId);
    expect(expiry).toBeDefined();
    expect(Math.abs(expiry!.start_after.getTime() - new Date(job.expiresAt!).getTime())).toBeLessThan(1000);
  });

  it('refuses a second export while one is queued or running', async () => {
    // an export of the stranger's whose job waits (held back, so it stays queued for this test)
    const [row] = await t.db.insert(exports).values({ userId: stranger.user.id, status: 'queued' }).returning();
    await t.app.jobs.send(
      EXPORT_BUILD_JOB,
      { exportId: row!.id, userId: stranger.user.id },
      { startAfter: new Date(Date.now() + 3600_000) },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: stranger.cookie } });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toBe(TRANSFER_MESSAGES.exportRunning);
    await t.pool.query(`DELETE FROM pgboss.job WHERE name = $1 AND (data->>'exportId')::int = $2`, [EXPORT_BUILD_JOB, row!.id]);
    await t.db.delete(exports).where(eq(exports.id, row!.id));
  });

  it('does not stay blocked by an export whose job died on its last try', async () => {
    const [stale] = await t.db.insert(exports).values({ userId: stranger.user.id, status: 'running', startedAt: new Date() }).returning();
    const res = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: stranger.cookie } });
    expect(res.statusCode).toBe(202);
    const before = (await get(t, stranger, `/api/exports/${stale!.id}`)).json() as ExportJob;
    expect(before).toMatchObject({ status: 'failed', error: 'The export was interrupted. Please start it again.', downloadUrl: null });
    const fresh = await waitUntilFinished(t, stranger, (res.json() as { id: number }).id);
    expect(fresh.status).toBe('ready');
    await t.db.delete(exports).where(eq(exports.userId, stranger.user.id));
  });

  it('a not-ready export cannot be downloaded', async () => {
    const [row] = await t.db.insert(exports).values({ userId: stranger.user.id, status: 'queued' }).returning();
    const res = await get(t, stranger, `/api/exports/${row!.id}/download`);
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toBe(TRANSFER_MESSAGES.exportNotReady);
    await t.db.delete(exports).where(eq(exports.id, row!.id));
  });

  it('removes the archive when it expires, and then answers 410', async () => {
    const ownerArchives = async () => (await storedFiles(t)).filter((f) => f.startsWith(`users/${owner.user.id}/exports/`));
    expect(await ownerArchives()).toHaveLength(1);
    await t.app.jobs.send(EXPORT_EXPIRE_JOB, { exportId, userId: owner.user.id });
    const current = async () => (await get(t, owner, `/api/exports/${exportId}`)).json() as ExportJob;
    // the job removes the file, then clears the row's key
    for (let i = 0; i < 200 && (await current()).downloadUrl !== null; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await ownerArchives()).toEqual([]);
    const res = await get(t, owner, `/api/exports/${exportId}/download`);
    expect(res.statusCode).toBe(410);
    expect((res.json() as { message: string }).message).toBe(TRANSFER_MESSAGES.exportExpired);
    expect((await current()).downloadUrl).toBeNull();
  });
});

describe('an export that cannot be finished', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('says which file is missing, leaves no archive behind, and lets the owner start again', async () => {
    const who = await signUp(t.app, { firstName: 'Lost', surname: 'File' });
    const form = multipart([{ name: 'photo', filename: 'gone.jpg', content: await jpeg('#123456'), contentType: 'image/jpeg' }]);
    const photoId = idOf(await postAs(t, who.cookie, '/api/photos', form));
    await waitForDerivatives(t, who);
    const [row] = await t.db.select({ key: photos.filePath }).from(photos).where(eq(photos.id, photoId));
    await t.files.remove(row!.key);

    const started = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: who.cookie } });
    const job = await waitUntilFinished(t, who, (started.json() as { id: number }).id);
    expect(job).toMatchObject({ status: 'failed', downloadUrl: null, bytes: null });
    expect(job.error).toContain('the photo “gone.jpg” is missing from storage');
    expect((await storedFiles(t)).filter((f) => f.includes('/exports/'))).toEqual([]);
    expect(await tempFiles(t)).toEqual([]);
    const download = await get(t, who, `/api/exports/${job.id}/download`);
    expect(download.statusCode).toBe(409);
    expect((download.json() as { message: string }).message).toBe('This export could not be finished. Please start a new one.');
    // a failed export does not block the next one
    expect((await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: who.cookie } })).statusCode).toBe(202);
  });

  it('keeps why it stopped in the words of a German owner', async () => {
    const who = await signUp(t.app, { firstName: 'Verlorene', surname: 'Datei' });
    await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: { cookie: who.cookie }, payload: { language: 'de' } });
    const form = multipart([{ name: 'photo', filename: 'weg.jpg', content: await jpeg('#654321'), contentType: 'image/jpeg' }]);
    const photoId = idOf(await postAs(t, who.cookie, '/api/photos', form));
    await waitForDerivatives(t, who);
    const [row] = await t.db.select({ key: photos.filePath }).from(photos).where(eq(photos.id, photoId));
    await t.files.remove(row!.key);

    const started = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: who.cookie } });
    const job = await waitUntilFinished(t, who, (started.json() as { id: number }).id);
    expect(job.error).toBe(
      'Die Datei des Fotos „weg.jpg“ fehlt im Speicher, deshalb wurde der Export angehalten. Unter Einstellungen → Wartung können Sie danach suchen lassen.',
    );

    const download = await get(t, who, `/api/exports/${job.id}/download`);
    expect(download.json()).toMatchObject({
      code: 'EXPORT_FAILED',
      message: 'Dieser Export konnte nicht abgeschlossen werden. Bitte starten Sie einen neuen.',
    });

    // an export whose job died on its last try is told as interrupted, in German too
    const [stale] = await t.db.insert(exports).values({ userId: who.user.id, status: 'running', startedAt: new Date() }).returning();
    const again = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: who.cookie } });
    expect(again.statusCode).toBe(202);
    expect(((await get(t, who, `/api/exports/${stale!.id}`)).json() as ExportJob).error).toBe(
      'Der Export wurde unterbrochen. Bitte starten Sie ihn erneut.',
    );
    await waitUntilFinished(t, who, (again.json() as { id: number }).id);
  });
});
