// The round trip of issue 14: a library with every kind of item is exported from one instance, imported into
// a new account on a second, fresh instance, and exported again. Every original's sha256 and every memory,
// tag, date, place, attachment, link, contact and collection are equal (ids differ: compared by content).
// Importing the same archive a second time skips every photo and document as a duplicate. The people in the
// photos (decision 059) come back with their names, contact links, boxes, hidden and On This Day, once.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heirloomExportSchema, type HeirloomExport } from '@shared/export-format';
import type { SearchResult } from '@shared/schemas/search';
import type { ExportJob } from '@shared/schemas/transfers';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';
import { readZip } from '@tests/helpers/zip';
import { importArchives, waitForImport } from './import-helpers';
import { wavFile } from '@tests/helpers/audio';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/files');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function exportArchive(t: TestApp, cookie: string): Promise<Map<string, Buffer>> {
  const started = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie } });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().id as number;
  let job: ExportJob | undefined;
  for (let i = 0; i < 1200 && !(job && (job.status === 'ready' || job.status === 'failed')); i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 50));
    job = (await t.app.inject({ method: 'GET', url: `/api/exports/${id}`, headers: { cookie } })).json();
  }
  expect(job?.status, job?.error ?? '').toBe('ready');
  const download = await t.app.inject({ method: 'GET', url: `/api/exports/${id}/download`, headers: { cookie } });
  expect(download.statusCode).toBe(200);
  return readZip(download.rawPayload);
}

/** Everything an archive says, by content instead of ids. */
function byContent(data: HeirloomExport) {
  const memoryTitle = (id: number | null) => (id === null ? null : data.memories.find((m) => m.id === id)!.title);
  const photoSha = (id: number) => data.photos.find((p) => p.id === id)!.sha256;
  const documentSha = (id: number) => data.documents.find((d) => d.id === id)!.sha256;
  const sort = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    photos: sort(
      data.photos.map((p) => ({
        sha256: p.sha256,
        size: p.size,
        fileName: p.fileName,
        mimeType: p.mimeType,
        title: p.title,
        description: p.description,
        dateTaken: p.dateTaken,
        dateTakenPrecision: p.dateTakenPrecision,
        dateTakenMargin: p.dateTakenMargin,
        location: p.location,
        cameraInfo: p.cameraInfo,
        tags: p.tags,
        memory: memoryTitle(p.memoryId),
      })),
    ),
    memories: sort(
      data.memories.map((m) => ({
        title: m.title,
        content: m.content,
        eventDate: m.eventDate,
        eventDatePrecision: m.eventDatePrecision,
        eventDateMargin: m.eventDateMargin,
        location: m.location,
        tags: m.tags,
        attachments: sort(m.attachments.map((a) => ({ sha256: a.sha256, fileName: a.fileName, mimeType: a.mimeType, size: a.size }))),
      })),
    ),
    documents: sort(
      data.documents.map((d) => ({
        sha256: d.sha256,
        fileName: d.fileName,
        mimeType: d.mimeType,
        description: d.description,
        memory: memoryTitle(d.memoryId),
        text: d.text,
      })),
    ),
    contacts: sort(data.contacts.map(({ id: _id, ...rest }) => rest)),
    collections: sort(
      data.collections.map((c) => ({
        title: c.title,
        description: c.description,
        cover: c.coverPhotoId === null ? null : photoSha(c.coverPhotoId),
        items: sort(
          c.items.map((item) =>
            item.kind === 'photo'
              ? `photo:${photoSha(item.id)}`
              : item.kind === 'memory'
                ? `memory:${memoryTitle(item.id)}`
                : `document:${documentSha(item.id)}`,
          ),
        ),
      })),
    ),
  };
}

const metadataOf = (archive: Map<string, Buffer>) => heirloomExportSchema.parse(JSON.parse(archive.get('heirloom.json')!.toString('utf8')));

describe('export → import → export round trip', () => {
  let a: TestApp;
  let b: TestApp;
  /** The first test's export of the full library. */
  let exported: Map<string, Buffer> | undefined;

  beforeAll(async () => {
    [a, b] = [await buildTestApp(), await buildTestApp()];
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  async function buildLibrary(t: TestApp, cookie: string) {
    const inject = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie }, payload });
    const upload = async (url: string, parts: Parameters<typeof multipart>[0]) => {
      const form = multipart(parts);
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie, ...form.headers }, payload: form.payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
      .withExif({
        IFD0: { Make: 'Apple', Model: 'iPhone 12 Pro' },
        IFD2: { DateTimeOriginal: '2019:07:04 15:30:00', OffsetTimeOriginal: '+02:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 3024/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
      })
      .jpeg()
      .toBuffer();
    const plain = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#936' } })
      .png()
      .toBuffer();
    const heic = fs.readFileSync(path.join(FIXTURES, 'tiny.heic'));

    const memory = (
      await inject('POST', '/api/memories', {
        title: 'Summer in Paris',
        content: 'We walked along the Seine.\n\nIt rained.',
        eventDate: '2019-07-04',
        isPublic: false,
        tags: ['family', 'travel'],
        location: 'Paris, France',
      })
    ).json();
    const quiet = (
      await inject('POST', '/api/memories', {
        title: 'A quiet day',
        content: 'Nothing happened.',
        eventDate: '1987-03-01',
        eventDatePrecision: 'about',
        eventDateMargin: 4,
        tags: [],
      })
    ).json();
    await upload(`/api/memories/${memory.id}/attachments`, [
      { name: 'attachments', filename: 'voice note.wav', content: wavFile(0.1), contentType: 'audio/wav' },
      { name: 'attachments', filename: 'sketch.png', content: plain, contentType: 'image/png' },
    ]);
    const tower = await upload('/api/photos', [{ name: 'photo', filename: 'tower.jpg', content: jpeg, contentType: 'image/jpeg' }]);
    await inject('PATCH', `/api/photos/${tower.id}`, { title: 'The tower' });
    // no route sets a photo's description or tags yet; the archive carries them, so the import must too
    await t.db.execute(sql`UPDATE photos SET description = 'At dusk', tags = '{paris,tower}' WHERE id = ${tower.id}`);
    const heicPhoto = await upload('/api/photos', [{ name: 'photo', filename: 'tiny.heic', content: heic, contentType: 'image/heic' }]);
    // a date the owner set, not the one in the picture's EXIF: the import keeps the archive's word
    await inject('PATCH', `/api/photos/${heicPhoto.id}`, { dateTaken: '1999-12-31T23:00:00.000Z', dateTakenPrecision: 'day' });
    await inject('POST', `/api/memories/${memory.id}/links`, { photoIds: [tower.id] });
    const letter = await upload('/api/vault', [
      { name: 'file', filename: 'letter.txt', content: Buffer.from('Dear grandchild,\nkeep this.\n'), contentType: 'text/plain' },
      { name: 'description', value: 'A letter for later' },
      { name: 'memoryId', value: String(memory.id) },
    ]);
    // its words, as the text job saves them (decision 058; these servers do not read documents): the archive keeps them
    await t.db.execute(sql`UPDATE vault_files SET text_status = 'done', text = 'Dear grandchild, keep this.' WHERE id = ${letter.id}`);
    await upload('/api/vault', [
      { name: 'file', filename: 'deed.pdf', content: Buffer.from('%PDF-1.4\n%fake but sniffed\n'), contentType: 'application/pdf' },
    ]);
    await inject('POST', '/api/contacts', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+44 20 7946 0000',
      address: '12 St James Square, London',
      birthday: '1915-12-10',
      relationship: 'family',
      familyRelation: 'Great-aunt',
      notes: 'Loved numbers.',
    });
    await inject('POST', '/api/contacts', { firstName: 'Bob', relationship: 'friend' });
    const collection = (await inject('POST', '/api/collections', { title: 'For the grandchildren', description: 'The best of it' })).json();
    const added = await inject('POST', `/api/collections/${collection.id}/items`, {
      photoIds: [tower.id, heicPhoto.id],
      memoryIds: [memory.id, quiet.id],
      documentIds: [letter.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await inject('PATCH', `/api/collections/${collection.id}`, { coverPhotoId: heicPhoto.id })).statusCode).toBe(200);
    const portrait = multipart([{ name: 'profilePicture', filename: 'me.jpg', content: jpeg, contentType: 'image/jpeg' }]);
    const pictured = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-picture',
      headers: { cookie, ...portrait.headers },
      payload: portrait.payload,
    });
    expect(pictured.statusCode, pictured.body).toBe(200);
  }

  it('keeps every original byte for byte and every item equal by content', async () => {
    const alice = await signUp(a.app);
    await buildLibrary(a, alice.cookie);
    const first = await exportArchive(a, alice.cookie);
    exported = first;
    const before = metadataOf(first);
    expect(before.photos).toHaveLength(2);
    expect(before.photos.find((p) => p.fileName === 'tower.jpg')).toMatchObject({ description: 'At dusk', tags: ['paris', 'tower'] });
    expect(before.photos.find((p) => p.fileName === 'tiny.heic')).toMatchObject({
      dateTaken: '1999-12-31T23:00:00.000Z',
      dateTakenPrecision: 'day',
      dateTakenMargin: null,
    });
    // the camera's own date is exact; a memory known about a year keeps its margin (decision 067)
    expect(before.photos.find((p) => p.fileName === 'tower.jpg')).toMatchObject({ dateTakenPrecision: 'exact' });
    expect(before.memories.find((m) => m.title === 'A quiet day')).toMatchObject({
      eventDate: '1987-01-01',
      eventDatePrecision: 'about',
      eventDateMargin: 4,
    });
    expect(before.memories.flatMap((m) => m.attachments)).toHaveLength(2);
    // the words read from a document go with it; a document not read (yet) has none
    expect(before.documents.find((d) => d.fileName === 'letter.txt')?.text).toBe('Dear grandchild, keep this.');
    expect(before.documents.find((d) => d.fileName === 'deed.pdf')).not.toHaveProperty('text');

    const bob = await signUp(b.app);
    const zip = await zipOf(first);
    const job = await importArchives(b, bob.cookie, [zip]);
    expect(job.error).toBeNull();
    expect(job.report).toEqual({
      format: 'heirloom',
      // an account's archive has its people (none here), so the report counts them
      imported: { photos: 2, memories: 2, attachments: 2, documents: 2, contacts: 2, collections: 1, people: 0, namedFaces: 0 },
      skipped: { count: 0, items: [] },
      refused: { count: 0, items: [] },
    });

    // the imported letter is found by its words at once, without reading it again; the deed waits to be read
    const found = await b.app.inject({ method: 'GET', url: '/api/search?q=grandchild', headers: { cookie: bob.cookie } });
    const hits = (found.json() as SearchResult).groups.flatMap((g) => g.items).filter((hit) => hit.kind === 'document');
    expect(hits.map((hit) => hit.title.text)).toEqual(['letter.txt']);
    const texts = await b.pool.query(`SELECT original_name, text_status, text FROM vault_files WHERE user_id = $1 ORDER BY original_name`, [
      bob.user.id,
    ]);
    expect(texts.rows).toEqual([
      { original_name: 'deed.pdf', text_status: 'pending', text: '' },
      { original_name: 'letter.txt', text_status: 'done', text: 'Dear grandchild, keep this.' },
    ]);

    const second = await exportArchive(b, bob.cookie);
    const after = metadataOf(second);
    expect(byContent(after)).toEqual(byContent(before));
    // every original in the new archive is the very bytes of the first
    // (the profile picture is re-encoded on import, as on upload: it is compared apart, below)
    const originals = (archive: Map<string, Buffer>) =>
      [...archive]
        .filter(([name]) => name.startsWith('originals/') && !name.startsWith('originals/profile/'))
        .map(([, data]) => sha(data))
        .sort();
    expect(originals(second)).toEqual(originals(first));
    expect(originals(second)).toHaveLength(2 + 2 + 2);
    expect(before.owner.profilePicture).not.toBeNull();
    expect(after.owner.profilePicture).toMatchObject({ mimeType: 'image/jpeg' });

    // the same archive again: every photo and document is already there
    const again = await importArchives(b, bob.cookie, [zip]);
    expect(again.status).toBe('done');
    expect(again.report?.imported).toMatchObject({ photos: 0, documents: 0 });
    expect(again.report?.skipped.count).toBe(4 + 1); // and the profile picture: the account has one now
    const photos = (await b.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: bob.cookie } })).json();
    expect(photos).toHaveLength(2);
  });

  it('refuses, item by item, an original that is missing, differs from its checksum, or holds more than it declared', async () => {
    expect(exported, 'the round trip ran first').toBeDefined();
    const data = metadataOf(exported!);
    const tower = data.photos.find((p) => p.fileName === 'tower.jpg')!;
    const heic = data.photos.find((p) => p.fileName === 'tiny.heic')!;
    const letter = data.documents.find((d) => d.fileName === 'letter.txt')!;
    const entries = new Map(exported!);
    const damaged = Buffer.from(entries.get(tower.path)!);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 3) ^ 0xff, damaged.length - 3);
    entries.set(tower.path, damaged);
    entries.delete(letter.path);
    const zip = understateSize(await zipOf(entries), heic.path);

    const carol = await signUp(b.app);
    const job = await importArchives(b, carol.cookie, [zip]);
    expect(job.status).toBe('done');
    expect(job.report?.imported).toEqual({
      photos: 0,
      memories: 2,
      attachments: 2,
      documents: 1,
      contacts: 2,
      collections: 1,
      people: 0,
      namedFaces: 0,
    });
    expect(job.report?.refused.items.sort((x, y) => x.path.localeCompare(y.path))).toEqual(
      [
        { path: tower.path, reason: 'The file differs from its checksum in heirloom.json (damaged).' },
        { path: heic.path, reason: 'The file is damaged in the archive.' },
        { path: letter.path, reason: 'The file is missing from the archive.' },
      ].sort((x, y) => x.path.localeCompare(y.path)),
    );
    const photos = (await b.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: carol.cookie } })).json();
    expect(photos).toEqual([]);
  });

  it('links a photo the library already has to the imported memory the archive puts it in', async () => {
    expect(exported, 'the round trip ran first').toBeDefined();
    const tower = metadataOf(exported!).photos.find((p) => p.fileName === 'tower.jpg')!;
    const dave = await signUp(b.app);
    const form = multipart([{ name: 'photo', filename: 'mine.jpg', content: exported!.get(tower.path)!, contentType: 'image/jpeg' }]);
    const own = await b.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie: dave.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(own.statusCode).toBe(201);

    const job = await importArchives(b, dave.cookie, [await zipOf(exported!)]);
    expect(job.report?.imported.photos).toBe(1);
    expect(job.report?.skipped.items).toEqual([{ path: tower.path, reason: 'Already in your library (same file).' }]);
    const memories = (await b.app.inject({ method: 'GET', url: '/api/memories', headers: { cookie: dave.cookie } })).json() as Array<{
      id: number;
      title: string;
    }>;
    const paris = memories.find((m) => m.title === 'Summer in Paris')!;
    const photos = (await b.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: dave.cookie } })).json() as Array<{
      id: number;
      memoryId: number | null;
    }>;
    expect(photos.find((p) => p.id === own.json().id)?.memoryId).toBe(paris.id);
  });

  describe('the people in the photos', () => {
    /** The people and faces of an archive by content: photos by sha256, people by name and their contact's name. */
    function peopleByContent(data: HeirloomExport) {
      const person = (id: number | null) => {
        const p = id === null ? undefined : data.people?.find((x) => x.id === id);
        if (!p) return null;
        const c = p.contactId === null ? undefined : data.contacts.find((x) => x.id === p.contactId);
        return { name: p.name, contact: c ? `${c.firstName} ${c.lastName}` : null, hidden: p.hidden, onThisDay: p.onThisDay };
      };
      return {
        people: (data.people ?? []).map((p) => person(p.id)).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
        faces: data.photos
          .flatMap((p) => (p.faces ?? []).map((f) => ({ photo: p.sha256, box: f.box, source: f.source, person: person(f.personId) })))
          .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
        labels: data.photos.map((p) => ({ photo: p.sha256, labels: p.labels })).sort((x, y) => x.photo.localeCompare(y.photo)),
      };
    }

    let archive: Map<string, Buffer> | undefined;

    it('keeps people, names, contact links, boxes, hidden and On This Day, and the model does not look at those photos again', async () => {
      const owner = await signUp(a.app);
      const upload = async (name: string, background: string) => {
        const form = multipart([
          {
            name: 'photo',
            filename: name,
            content: await sharp({ create: { width: 60, height: 40, channels: 3, background } })
              .jpeg()
              .toBuffer(),
            contentType: 'image/jpeg',
          },
        ]);
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/photos',
          headers: { cookie: owner.cookie, ...form.headers },
          payload: form.payload,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as number;
      };
      const picnic = await upload('picnic.jpg', '#c33');
      const beach = await upload('beach.jpg', '#33c');
      const empty = await upload('sky.jpg', '#3cc');
      const contact = await a.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { cookie: owner.cookie },
        payload: { firstName: 'Rose', lastName: 'Martin', relationship: 'family', familyRelation: 'Grandmother' },
      });
      expect(contact.statusCode, contact.body).toBe(201);
      // faces come from the model, the files or the owner's hand: written here as any of them would write them
      const uid = owner.user.id;
      const person = async (values: string) =>
        (await a.pool.query(`INSERT INTO people (user_id, name, contact_id, hidden, on_this_day) VALUES (${values}) RETURNING id`)).rows[0]
          .id as number;
      const rose = await person(`${uid}, 'Rose Martin', ${contact.json().id}, false, false`);
      const stranger = await person(`${uid}, NULL, NULL, true, true`);
      const ted = await person(`${uid}, 'Uncle Ted', NULL, false, true`);
      const face = (photo: number, who: number | null, box: [number, number, number, number], source: string) =>
        a.pool.query(
          `INSERT INTO faces (user_id, photo_id, person_id, box_x, box_y, box_width, box_height, source, embedding, score)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0.9)`,
          [uid, photo, who, ...box, source, source === 'detected' ? [0.1, 0.2, 0.3] : null],
        );
      await face(picnic, rose, [0.1, 0.2, 0.25, 0.3], 'detected');
      await face(picnic, stranger, [0.6, 0.1, 0.1, 0.15], 'detected');
      await face(picnic, null, [0.4, 0.5, 0.1, 0.1], 'detected');
      await face(beach, rose, [0.05, 0.05, 0.5, 0.6], 'manual');
      await face(beach, ted, [0.7, 0.3, 0.2, 0.25], 'imported');
      await a.pool.query(`UPDATE photos SET labels = '{dog,boat}', face_status = 'done' WHERE id = $1`, [beach]);

      const roseCollection = await a.app.inject({
        method: 'POST',
        url: '/api/collections',
        headers: { cookie: owner.cookie },
        payload: { title: 'Every photo of Rose', personId: rose },
      });
      expect(roseCollection.statusCode, roseCollection.body).toBe(201);

      archive = await exportArchive(a, owner.cookie);
      expect(archive.get('heirloom.json')!.toString()).not.toContain('embedding');
      const before = metadataOf(archive);
      expect(before.version).toBe(3);
      expect(before.people).toHaveLength(3);
      expect(before.photos.find((p) => p.fileName === 'picnic.jpg')!.faces).toHaveLength(3);
      expect(before.photos.find((p) => p.fileName === 'beach.jpg')!.labels).toEqual(['dog', 'boat']);
      expect(archive.get('viewer/data.js')!.toString()).toContain('"Uncle Ted"');

      const heir = await signUp(b.app);
      const job = await importArchives(b, heir.cookie, [await zipOf(archive)]);
      expect(job.status, job.error ?? '').toBe('done');
      expect(job.report?.refused).toEqual({ count: 0, items: [] });
      // the report counts them: Rose, the stranger and Ted; Rose's two faces and Ted's are named (the stranger's is not)
      expect(job.report?.imported).toMatchObject({ photos: 3, people: 3, namedFaces: 3 });
      const after = metadataOf(await exportArchive(b, heir.cookie));
      expect(peopleByContent(after)).toEqual(peopleByContent(before));
      expect(peopleByContent(after).faces).toHaveLength(5);

      // the API shows them as the owner's: Rose named by the imported contact
      const people = (await b.app.inject({ method: 'GET', url: '/api/people', headers: { cookie: heir.cookie } })).json() as {
        items: Array<{ name: string | null; contactId: number | null; faceCount: number; hidden: boolean; onThisDay: boolean }>;
      };
      const contacts = (await b.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie: heir.cookie } })).json() as Array<{
        id: number;
        firstName: string;
      }>;
      expect(people.items.find((p) => p.name === 'Rose Martin')).toMatchObject({
        contactId: contacts.find((c) => c.firstName === 'Rose')!.id,
        faceCount: 2,
        hidden: false,
        onThisDay: false,
      });
      // her collection follows the Rose the import made: both her photos, found from her faces
      const imported = (await b.app.inject({ method: 'GET', url: '/api/collections', headers: { cookie: heir.cookie } })).json() as Array<{
        title: string;
        person: { id: number; name: string | null } | null;
        photoCount: number;
      }>;
      expect(imported.find((c) => c.title === 'Every photo of Rose')).toMatchObject({ person: { name: 'Rose Martin' }, photoCount: 2 });
      // photos with faces are looked at already (the model would replace boxes it did not find); the one without waits
      const { rows } = await b.pool.query(`SELECT file_name, face_status, labels FROM photos WHERE user_id = $1 ORDER BY file_name`, [
        heir.user.id,
      ]);
      expect(rows).toEqual([
        { file_name: 'beach.jpg', face_status: 'done', labels: ['dog', 'boat'] },
        { file_name: 'picnic.jpg', face_status: 'done', labels: [] },
        { file_name: 'sky.jpg', face_status: 'pending', labels: [] },
      ]);
      const embeddings = await b.pool.query(`SELECT count(*)::int AS n FROM faces WHERE user_id = $1 AND embedding IS NOT NULL`, [
        heir.user.id,
      ]);
      expect(embeddings.rows[0].n).toBe(0);
      expect(empty).toBeGreaterThan(0);

      // the import's job run again (as after a kill -9): nothing doubled
      const counts = async () =>
        (
          await b.pool.query(
            `SELECT (SELECT count(*)::int FROM faces WHERE user_id = $1) AS faces, (SELECT count(*)::int FROM people WHERE user_id = $1) AS people`,
            [heir.user.id],
          )
        ).rows[0];
      expect(await counts()).toEqual({ faces: 5, people: 3 });
      const { rows: keys } = await b.pool.query(`UPDATE imports SET status = 'running' WHERE id = $1 RETURNING source_keys`, [job.id]);
      for (const key of keys[0].source_keys as string[]) {
        while (await b.files.exists(key)) await new Promise((r) => setTimeout(r, 20));
        await b.files.writeBuffer(key, await zipOf(archive));
      }
      await b.app.jobs.send('import.run', { importId: job.id });
      const again = await waitForImport(b, heir.cookie, job.id);
      expect(again.status).toBe('done');
      expect(again.report?.imported.photos).toBe(3);
      expect(await counts()).toEqual({ faces: 5, people: 3 });
      // and the same archive imported anew: its photos are there already, and so are their faces
      await importArchives(b, heir.cookie, [await zipOf(archive)]);
      expect(await counts()).toEqual({ faces: 5, people: 3 });
    });

    it('leaves out a face with a bad box or a person with a name too long, says why, and imports the rest', async () => {
      expect(archive, 'the people round trip ran first').toBeDefined();
      const data = JSON.parse(archive!.get('heirloom.json')!.toString()) as HeirloomExport;
      const picnic = data.photos.find((p) => p.fileName === 'picnic.jpg')!;
      picnic.faces![0]!.box = { x: 1.5, y: 0.2, width: 0.1, height: 0.1 };
      picnic.faces![1]!.box = { x: 0.2, y: 0.2, width: 0, height: 0.1 };
      const ted = data.people!.find((p) => p.name === 'Uncle Ted')!;
      ted.name = 'T'.repeat(600);
      const entries = new Map(archive!);
      entries.set('heirloom.json', Buffer.from(JSON.stringify(data)));

      const other = await signUp(b.app);
      const job = await importArchives(b, other.cookie, [await zipOf(entries)]);
      expect(job.status, job.error ?? '').toBe('done');
      expect(job.report?.imported.photos).toBe(3);
      expect(job.report?.refused.items).toEqual(
        expect.arrayContaining([
          {
            path: 'people/' + 'T'.repeat(80),
            reason: 'Not imported: this person does not follow the export format (name: A name has at most 500 characters).',
          },
          {
            path: picnic.path,
            reason:
              'A face in this photo was not imported: it does not follow the export format (box.x: Too big: expected number to be <=1).',
          },
          {
            path: picnic.path,
            reason: 'A face in this photo was not imported: it does not follow the export format (box.width: A face box needs a width).',
          },
        ]),
      );
      expect(job.report?.refused.count).toBe(3);
      const { rows } = await b.pool.query(
        `SELECT f.source, p.name FROM faces f LEFT JOIN people p ON p.id = f.person_id WHERE f.user_id = $1 ORDER BY f.box_x`,
        [other.user.id],
      );
      // Rose's face on the beach and the unnamed one at the picnic; Ted's face is kept, without a name
      expect(rows).toEqual([
        { source: 'manual', name: 'Rose Martin' },
        { source: 'detected', name: null },
        { source: 'imported', name: null },
      ]);
    });
  });

  describe('the interviews', () => {
    /** The interviews of an archive by content: the storyteller by the contact's name, answers by the memory's title. */
    function interviewsByContent(data: HeirloomExport) {
      const contactName = (id: number | null) => {
        const c = id === null ? undefined : data.contacts.find((x) => x.id === id);
        return c ? `${c.firstName} ${c.lastName}` : null;
      };
      return (data.interviews ?? []).map((i) => ({
        storyteller: i.storyteller,
        contact: contactName(i.contactId),
        storytellerName: i.storytellerName,
        schedule: i.schedule,
        createdAt: i.createdAt,
        questions: i.questions.map((q) => ({
          text: q.text,
          theme: q.theme,
          libraryId: q.libraryId,
          position: q.position,
          status: q.status,
          sentAt: q.sentAt,
          answeredAt: q.answeredAt,
          remindersSent: q.remindersSent,
          memory: q.memoryId === null ? null : data.memories.find((m) => m.id === q.memoryId)!.title,
          followUpOf: q.followUpOf === null ? null : i.questions.find((x) => x.id === q.followUpOf)!.text,
        })),
      }));
    }

    let archive: Map<string, Buffer> | undefined;

    it('keeps the storyteller, each question as it was and the memory each answer became; an active interview arrives paused', async () => {
      const owner = await signUp(a.app, { firstName: 'Grace' });
      const as = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        a.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload && { payload }) });
      const ada = (
        await as('POST', '/api/contacts', { firstName: 'Ada', lastName: 'Byron', relationship: 'family', email: 'ada.byron@example.com' })
      ).json() as { id: number };
      const answer = (
        await as('POST', '/api/memories', {
          title: 'What was your first job?',
          content: 'I sold flowers at the station.',
          eventDate: '2026-11-02',
          isPublic: false,
          tags: ['interview'],
        })
      ).json() as { id: number };
      // weekly on a day and hour long past: nothing is mailed while the test sets the questions' states
      const started = await as('POST', '/api/interviews', {
        storytellerContactId: ada.id,
        schedule: { weekday: 3, hour: 4, timeZone: 'Europe/London' },
        questions: [{ text: 'Who taught you to cook?' }, { text: 'What did you dream of?' }],
      });
      expect(started.statusCode, started.body).toBe(201);
      const interview = started.json() as { id: number; questions: Array<{ id: number; text: string }> };
      const [first, second] = [interview.questions[0]!, interview.questions[1]!];
      const third = (
        await as('PATCH', `/api/interviews/${interview.id}`, {
          questions: [{ id: first.id }, { id: second.id }, { libraryId: 'childhood-01' }],
        })
      ).json().questions[2] as { id: number; text: string };
      expect(third.text).toMatch(/^What is the first house you remember/);
      // answered (its memory is the answer, told by Ada), sent and reminded once, still waiting; sent within the
      // last hours, after the week's hour, so nothing more is due while the test runs
      await a.db.execute(sql`UPDATE interview_questions SET status = 'answered', sent_at = now() - interval '3 hours',
        answered_at = now() - interval '2 hours', answered_memory_id = ${answer.id} WHERE id = ${first.id}`);
      await a.db.execute(sql`UPDATE interview_questions SET status = 'sent', sent_at = now() - interval '1 hour',
        reminders_sent = 1 WHERE id = ${second.id}`);
      await a.db.execute(sql`UPDATE memories SET storyteller_contact_id = ${ada.id} WHERE id = ${answer.id}`);
      const followUp = await as('POST', `/api/interviews/${interview.id}/questions/${first.id}/follow-up`, {
        text: 'Which flowers sold best?',
      });
      expect(followUp.statusCode, followUp.body).toBe(200);
      // the owner interviews themself too, and stopped
      const own = await as('POST', '/api/interviews', {
        storytellerContactId: null,
        schedule: { weekday: 3, hour: 4, timeZone: 'Europe/London' },
        questions: [{ text: 'What do you want them to know?' }],
      });
      expect(own.statusCode, own.body).toBe(201);
      expect((await as('PATCH', `/api/interviews/${own.json().id}`, { status: 'stopped' })).statusCode).toBe(200);

      archive = await exportArchive(a, owner.cookie);
      const json = archive.get('heirloom.json')!.toString('utf8');
      const before = metadataOf(archive);
      expect(before.interviews).toHaveLength(2);
      const mine = before.interviews!.find((i) => i.storyteller === 'contact')!;
      expect(mine).toMatchObject({ contactId: before.contacts.find((c) => c.firstName === 'Ada')!.id, status: 'active' });
      expect(mine.questions.map((q) => [q.text, q.status, q.followUpOf !== null])).toEqual([
        ['Who taught you to cook?', 'answered', false],
        ['What did you dream of?', 'sent', false],
        ['Which flowers sold best?', 'waiting', true],
        [third.text, 'waiting', false],
      ]);
      expect(mine.questions[3]).toMatchObject({ theme: 'childhood', libraryId: 'childhood-01' });
      expect(mine.questions[0]!.memoryId).toBe(before.memories.find((m) => m.title === 'What was your first job?')!.id);
      expect(before.memories.find((m) => m.title === 'What was your first job?')!.storytellerContactId).toBe(mine.contactId);
      // answer links and suggestions stay on the server
      expect(json).not.toMatch(/nonce|token|suggest/i);

      const heir = await signUp(b.app);
      const job = await importArchives(b, heir.cookie, [await zipOf(archive)]);
      expect(job.status, job.error ?? '').toBe('done');
      expect(job.report?.imported).toMatchObject({ memories: 1, contacts: 1, interviews: 2 });
      expect(job.report?.refused.items).toEqual([]);

      const restored = (await b.app.inject({ method: 'GET', url: '/api/interviews', headers: { cookie: heir.cookie } })).json() as Array<{
        storytellerContactId: number | null;
        status: string;
        questions: Array<{ text: string; status: string; answeredMemoryId: number | null; followUpOf: number | null; id: number }>;
      }>;
      const contacts = (await b.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie: heir.cookie } })).json() as Array<{
        id: number;
        firstName: string;
      }>;
      const memories = (await b.app.inject({ method: 'GET', url: '/api/memories', headers: { cookie: heir.cookie } })).json() as Array<{
        id: number;
        title: string;
      }>;
      const adaHere = contacts.find((c) => c.firstName === 'Ada')!.id;
      const answerHere = memories.find((m) => m.title === 'What was your first job?')!;
      const hers = restored.find((i) => i.storytellerContactId === adaHere)!;
      // never mailing by itself: the active interview waits, paused; the stopped one stays stopped
      expect(restored.map((i) => i.status).sort()).toEqual(['paused', 'stopped']);
      expect(hers.questions.find((q) => q.status === 'answered')?.answeredMemoryId).toBe(answerHere.id);
      const followed = hers.questions.find((q) => q.text === 'Which flowers sold best?')!;
      expect(hers.questions.find((q) => q.id === followed.followUpOf)?.text).toBe('Who taught you to cook?');
      const told = await b.app.inject({ method: 'GET', url: `/api/memories/${answerHere.id}`, headers: { cookie: heir.cookie } });
      expect(told.json().storyteller).toMatchObject({ contactId: adaHere, name: 'Ada Byron' });
      const { rows } = await b.pool.query(`SELECT count(*)::int AS n FROM interview_links WHERE owner_id = $1`, [heir.user.id]);
      expect(rows[0].n).toBe(0);

      const after = metadataOf(await exportArchive(b, heir.cookie));
      const active = (data: HeirloomExport) => interviewsByContent(data).sort((x, y) => x.storyteller.localeCompare(y.storyteller));
      expect(active(after)).toEqual(active(before));
      expect(after.interviews!.map((i) => i.status).sort()).toEqual(['paused', 'stopped']);
    });

    it('leaves out an interview that breaks the format or does not hold together, says why, and imports the rest', async () => {
      expect(archive, 'the interviews round trip ran first').toBeDefined();
      const data = JSON.parse(archive!.get('heirloom.json')!.toString()) as HeirloomExport;
      const good = data.interviews!.find((i) => i.storyteller === 'contact')!;
      const unknownStatus = { ...good, id: 9001, storytellerName: 'Unknown status', status: 'exploded' };
      const strayMemory = {
        ...good,
        id: 9002,
        storytellerName: 'Stray memory',
        questions: good.questions.map((q) => (q.memoryId === null ? q : { ...q, memoryId: 424242 })),
      };
      const longQuestion = {
        ...good,
        id: 9003,
        storytellerName: 'Long question',
        questions: [{ ...good.questions[0]!, text: 'Q'.repeat(501) }],
      };
      const raw = data as unknown as { interviews: unknown[] };
      raw.interviews = [unknownStatus, ...data.interviews!, strayMemory, longQuestion];
      const entries = new Map(archive!);
      entries.set('heirloom.json', Buffer.from(JSON.stringify(data)));

      const other = await signUp(b.app);
      const job = await importArchives(b, other.cookie, [await zipOf(entries)]);
      expect(job.status, job.error ?? '').toBe('done');
      expect(job.report?.imported).toMatchObject({ memories: 1, contacts: 1, interviews: 2 });
      expect(job.report?.refused.items).toEqual([
        {
          path: 'interviews/Unknown status',
          reason: expect.stringMatching(/^Not imported: this interview does not follow the export format \(status: /),
        },
        {
          path: 'interviews/Long question',
          reason:
            'Not imported: this interview does not follow the export format (questions.0.text: A question has at most 500 characters).',
        },
        {
          path: 'interviews/Stray memory',
          reason:
            'Not imported: this interview does not hold together (the answer to “Who taught you to cook?” is not one of the archive’s memories).',
        },
      ]);
      const { rows } = await b.pool.query(`SELECT status FROM interviews WHERE owner_id = $1 ORDER BY status`, [other.user.id]);
      expect(rows).toEqual([{ status: 'paused' }, { status: 'stopped' }]);
    });

    it('imports the library without the interviews when they are not a list, or name a contact the archive does not have', async () => {
      expect(archive, 'the interviews round trip ran first').toBeDefined();
      const data = JSON.parse(archive!.get('heirloom.json')!.toString()) as HeirloomExport;
      const notAList = { ...data, interviews: 'all of them' };
      const strangers = { ...data, interviews: data.interviews!.map((i) => (i.contactId === null ? i : { ...i, contactId: 31337 })) };
      const job = async (json: object) => {
        const entries = new Map(archive!);
        entries.set('heirloom.json', Buffer.from(JSON.stringify(json)));
        return importArchives(b, (await signUp(b.app)).cookie, [await zipOf(entries)]);
      };

      const first = await job(notAList);
      expect(first.status, first.error ?? '').toBe('done');
      expect(first.report?.imported).toMatchObject({ memories: 1, contacts: 1 });
      expect(first.report?.imported).not.toHaveProperty('interviews');
      expect(first.report?.refused.items).toEqual([
        { path: 'interviews', reason: expect.stringMatching(/^Not imported: heirloom.json's interviews do not follow the export format/) },
      ]);

      const second = await job(strangers);
      expect(second.status, second.error ?? '').toBe('done');
      expect(second.report?.imported).toMatchObject({ memories: 1, contacts: 1, interviews: 1 });
      expect(second.report?.refused.items).toEqual([
        {
          path: 'interviews/Ada Byron',
          reason: 'Not imported: this interview does not hold together (its storyteller is not one of the archive’s contacts).',
        },
      ]);
    });
  });
});

/** Lowers what the central directory says an entry inflates to: its bytes are then more than it declared. */
function understateSize(zip: Buffer, name: string): Buffer {
  const nameBytes = Buffer.from(name);
  for (let at = zip.indexOf(nameBytes); at !== -1; at = zip.indexOf(nameBytes, at + 1)) {
    const header = at - 46;
    if (header >= 0 && zip.readUInt32LE(header) === 0x02014b50) {
      zip.writeUInt32LE(zip.readUInt32LE(header + 24) - 100, header + 24);
      return zip;
    }
  }
  throw new Error(`${name} not in the central directory`);
}

/** The exported archive as the zip the user downloaded (readZip unpacked it; yazl packs it again). */
async function zipOf(entries: Map<string, Buffer>): Promise<Buffer> {
  const { zipOf: pack } = await import('@tests/helpers/takeout-fixture');
  return pack([...entries]);
}
