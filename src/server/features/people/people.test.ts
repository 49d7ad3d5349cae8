// Who is in the photos (issue 29), end to end with the real model (decision 057): photos uploaded through the
// API are looked at in the background, their faces grouped into people, and the owner's switch removes what the
// model found. Pictures: a portrait from the model's own package, a mirrored copy of it ("another photo of the
// same person"), and a picture of other people.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WriteTags } from 'exiftool-vendored';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Face, PeopleStatus, PersonPage } from '@shared/schemas/people';
import { faces, people } from '@server/db/schema';
import { exiftool } from '@server/lib/exiftool';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';
import { importArchives } from '@tests/integration/import-helpers';

const assets = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'assets');

describe('/api/people', () => {
  let t: TestApp;
  let portrait: Buffer;
  let mirrored: Buffer;
  let others: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({ FACE_RECOGNITION: 'on' });
    portrait = fs.readFileSync(path.join(assets, 'screenshot-faceid.jpg'));
    mirrored = await sharp(portrait).flop().modulate({ brightness: 1.15 }).resize(640).jpeg().toBuffer();
    others = await sharp(path.join(assets, 'samples.jpg')).resize(1024).jpeg().toBuffer();
  });
  afterAll(async () => {
    t.pool.on('error', () => {});
    await t.close();
  });

  const get = async <T>(cookie: string, url: string): Promise<{ status: number; body: T }> => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    return { status: res.statusCode, body: res.json() as T };
  };
  const upload = async (cookie: string, content: Buffer, filename: string) => {
    const body = multipart([{ name: 'photo', filename, content, contentType: 'image/jpeg' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/photos', headers: { cookie, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };
  async function untilLookedAt(cookie: string, photos: number) {
    for (let i = 0; i < 600; i++) {
      const { body } = await get<PeopleStatus>(cookie, '/api/people/status');
      if (body.photosDone + body.photosFailed >= photos) return body;
      await sleep(100);
    }
    throw new Error('the photos were not looked at in time');
  }

  it('finds the faces of uploaded photos, puts the same face in two photos into one person, and keeps each owner to their own', async () => {
    const { cookie } = await signUp(t.app);
    const first = await upload(cookie, portrait, 'portrait.jpg');
    const second = await upload(cookie, mirrored, 'portrait-mirrored.jpg');
    const crowd = await upload(cookie, others, 'friends.jpg');
    const status = await untilLookedAt(cookie, 3);
    expect(status).toEqual({ available: true, enabled: true, photosTotal: 3, photosDone: 3, photosPending: 0, photosFailed: 0 });

    const facesOf = async (id: number) => (await get<Face[]>(cookie, `/api/photos/${id}/faces`)).body;
    const [a] = await facesOf(first);
    const [b] = await facesOf(second);
    expect(a).toMatchObject({ source: 'detected', personId: expect.any(Number) });
    expect(b!.personId).toBe(a!.personId);
    for (const v of [a!.box.x, a!.box.y, a!.box.x + a!.box.width, a!.box.y + a!.box.height]) expect(v).toBeGreaterThanOrEqual(0);
    const crowdFaces = await facesOf(crowd);
    expect(crowdFaces.length).toBeGreaterThan(0);
    expect(crowdFaces.map((f) => f.personId)).not.toContain(a!.personId);

    const { body: people } = await get<PersonPage>(cookie, '/api/people');
    const person = people.items.find((p) => p.id === a!.personId)!;
    expect(person).toMatchObject({ name: null, faceCount: 2, hidden: false });
    expect(person.coverUrl).toMatch(/^\/api\/photos\/image\/\d+\?size=thumb$/);
    expect(people.items[0]!.faceCount).toBeGreaterThanOrEqual(people.items.at(-1)!.faceCount); // the most seen first

    // A photo deleted takes its faces with it, and its person counts one face fewer.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/photos/${second}`, headers: { cookie } })).statusCode).toBe(204);
    const after = (await get<PersonPage>(cookie, '/api/people')).body.items.find((p) => p.id === a!.personId);
    expect(after?.faceCount).toBe(1);

    // Another account sees none of it: a 404 for the photo's faces, an empty list of people.
    const stranger = await signUp(t.app);
    expect((await get(stranger.cookie, `/api/photos/${first}/faces`)).status).toBe(404);
    expect((await get<PersonPage>(stranger.cookie, '/api/people')).body.items).toEqual([]);
  }, 120_000);

  it('turned off, removes at once every face and person the model made; turned on, looks at every photo again', async () => {
    const { cookie } = await signUp(t.app);
    const id = await upload(cookie, portrait, 'portrait.jpg');
    await untilLookedAt(cookie, 1);
    expect((await get<Face[]>(cookie, `/api/photos/${id}/faces`)).body).toHaveLength(1);

    const off = await t.app.inject({ method: 'PUT', url: '/api/people/settings', headers: { cookie }, payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await get<Face[]>(cookie, `/api/photos/${id}/faces`)).body).toEqual([]);
    expect((await get<PersonPage>(cookie, '/api/people')).body.items).toEqual([]);

    const on = await t.app.inject({ method: 'PUT', url: '/api/people/settings', headers: { cookie }, payload: { enabled: true } });
    expect(on.json()).toMatchObject({ enabled: true, photosPending: 1 });
    await untilLookedAt(cookie, 1);
    expect((await get<Face[]>(cookie, `/api/photos/${id}/faces`)).body).toHaveLength(1);
    expect((await get<PersonPage>(cookie, '/api/people')).body.items).toHaveLength(1);
  }, 120_000);

  it("names, hides and merges people, shows a person's photos, and answers the faces it asks about", async () => {
    const { cookie } = await signUp(t.app);
    const first = await upload(cookie, portrait, 'portrait.jpg');
    const second = await upload(cookie, mirrored, 'portrait-mirrored.jpg');
    const crowd = await upload(cookie, others, 'friends.jpg');
    await untilLookedAt(cookie, 3);
    const send = (method: 'PATCH' | 'POST', url: string, payload: object, as = cookie) =>
      t.app.inject({ method, url, headers: { cookie: as }, payload });
    const [face] = (await get<Face[]>(cookie, `/api/photos/${first}/faces`)).body;
    const grandma = face!.personId!;

    // Named by a contact: the contact's name, and named people come first.
    const contact = (await send('POST', '/api/contacts', { firstName: 'Rose', lastName: 'Martin', relationship: 'family' })).json() as {
      id: number;
    };
    const named = await send('PATCH', `/api/people/${grandma}`, { contactId: contact.id });
    expect(named.json()).toMatchObject({ id: grandma, name: 'Rose Martin', contactId: contact.id });
    expect((await get<PersonPage>(cookie, '/api/people')).body.items[0]!.id).toBe(grandma);
    // Another account's contact names nobody.
    const stranger = await signUp(t.app);
    const theirs = (await send('POST', '/api/contacts', { firstName: 'Eve', relationship: 'friend' }, stranger.cookie)).json() as {
      id: number;
    };
    expect((await send('PATCH', `/api/people/${grandma}`, { contactId: theirs.id })).statusCode).toBe(404);
    expect((await get<{ contactId: number }>(cookie, `/api/people/${grandma}`)).body.contactId).toBe(contact.id);
    expect((await send('PATCH', `/api/people/${grandma}`, { name: 'Eve' }, stranger.cookie)).statusCode).toBe(404);

    // Her photos: the two she is in, not the crowd.
    const hers = (await get<{ items: { id: number }[] }>(cookie, `/api/people/${grandma}/photos?sortBy=dateTaken`)).body.items.map(
      (p) => p.id,
    );
    expect(hers.sort()).toEqual([first, second].sort());

    // Merging someone of the crowd into her: their faces become hers; into herself is refused.
    const [someone] = (await get<Face[]>(cookie, `/api/photos/${crowd}/faces`)).body;
    expect((await send('POST', `/api/people/${grandma}/merge`, { intoId: grandma })).statusCode).toBe(400);
    const merged = await send('POST', `/api/people/${someone!.personId}/merge`, { intoId: grandma });
    expect(merged.json()).toMatchObject({ id: grandma, name: 'Rose Martin', faceCount: 3 });
    expect((await get(cookie, `/api/people/${someone!.personId}`)).status).toBe(404);

    // A face it was unsure of: asked about, answered, and never asked about a hidden person.
    const [asked] = await t.db
      .insert(faces)
      .values({
        userId: (await get<{ id: number }>(cookie, '/api/user')).body.id,
        photoId: crowd,
        personId: null,
        suggestedPersonId: grandma,
        similarity: 0.65,
        boxX: 0.1,
        boxY: 0.1,
        boxWidth: 0.1,
        boxHeight: 0.1,
        source: 'detected',
      })
      .returning({ id: faces.id });
    expect((await get<{ faceId: number }[]>(cookie, '/api/people/suggestions')).body.map((s) => s.faceId)).toEqual([asked!.id]);
    await send('PATCH', `/api/people/${grandma}`, { hidden: true });
    expect((await get<unknown[]>(cookie, '/api/people/suggestions')).body).toEqual([]);
    await send('PATCH', `/api/people/${grandma}`, { hidden: false });
    expect((await send('PATCH', `/api/faces/${asked!.id}`, { personId: grandma })).statusCode).toBe(204);
    expect((await get<unknown[]>(cookie, '/api/people/suggestions')).body).toEqual([]);
    expect((await get<{ faceCount: number }>(cookie, `/api/people/${grandma}`)).body.faceCount).toBe(4);
    expect((await send('PATCH', `/api/faces/${asked!.id}`, { personId: grandma }, stranger.cookie)).statusCode).toBe(404);
  }, 120_000);

  it('takes the people a file names (XMP face regions) as named faces, without a second face for the same one', async () => {
    const { cookie } = await signUp(t.app);
    // the portrait's face, as digiKam or Lightroom would have written it: an MWG region with a name
    const tagged = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-regions-')), 'tagged.jpg');
    fs.writeFileSync(tagged, portrait);
    await exiftool.write(
      tagged,
      {
        RegionInfo: {
          RegionList: [{ Area: { X: 0.105, Y: 0.37, W: 0.17, H: 0.24, Unit: 'normalized' }, Name: 'Rose Martin', Type: 'Face' }],
        },
      } as WriteTags,
      { writeArgs: ['-overwrite_original'] },
    );
    const id = await upload(cookie, fs.readFileSync(tagged), 'tagged.jpg');
    await untilLookedAt(cookie, 1);
    const facesOfPhoto = (await get<Face[]>(cookie, `/api/photos/${id}/faces`)).body;
    expect(facesOfPhoto).toHaveLength(1);
    expect(facesOfPhoto[0]).toMatchObject({ source: 'imported', box: { x: expect.closeTo(0.02, 2), y: expect.closeTo(0.25, 2) } });
    const people = (await get<PersonPage>(cookie, '/api/people')).body.items;
    expect(people).toEqual([expect.objectContaining({ id: facesOfPhoto[0]!.personId, name: 'Rose Martin', faceCount: 1 })]);

    // Another photo of her without a name in it is put with her: the named face gave her the model's embedding.
    const again = await upload(cookie, mirrored, 'mirrored.jpg');
    await untilLookedAt(cookie, 2);
    const [face] = (await get<Face[]>(cookie, `/api/photos/${again}/faces`)).body;
    expect(face).toMatchObject({ source: 'detected', personId: facesOfPhoto[0]!.personId });
  }, 120_000);

  it("gives the faces an archive brought back the model's embeddings, so a new photo of a restored person is put with them", async () => {
    const owner = await signUp(t.app);
    const photo = await upload(owner.cookie, portrait, 'portrait.jpg');
    await untilLookedAt(owner.cookie, 1);
    const [found] = (await get<Face[]>(owner.cookie, `/api/photos/${photo}/faces`)).body;
    const named = await t.app.inject({
      method: 'PATCH',
      url: `/api/people/${found!.personId}`,
      headers: { cookie: owner.cookie },
      payload: { name: 'Rose Martin' },
    });
    expect(named.statusCode, named.body).toBe(200);
    const started = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: owner.cookie } });
    expect(started.statusCode, started.body).toBe(202);
    const exportId = (started.json() as { id: number }).id;
    for (let i = 0; i < 600; i++) {
      const job = (await get<{ status: string }>(owner.cookie, `/api/exports/${exportId}`)).body;
      if (job.status === 'ready') break;
      expect(job.status).not.toBe('failed');
      await sleep(100);
    }
    const archive = await t.app.inject({ method: 'GET', url: `/api/exports/${exportId}/download`, headers: { cookie: owner.cookie } });
    expect(archive.statusCode).toBe(200);

    // restored into a new account: Rose and her box come back, without an embedding (an archive carries none)
    const heir = await signUp(t.app);
    const job = await importArchives(t, heir.cookie, [archive.rawPayload]);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.report?.imported).toMatchObject({ photos: 1, people: 1, namedFaces: 1 });
    const rose = (await get<PersonPage>(heir.cookie, '/api/people')).body.items.find((p) => p.name === 'Rose Martin')!;
    expect(rose).toBeDefined();
    // the model looks at the imported photo once its copies exist: the archive's face gets the found face's embedding
    let restored: { embedding: boolean; centroidFaces: number } | undefined;
    for (let i = 0; i < 600 && !restored?.embedding; i++) {
      if (i > 0) await sleep(100);
      const { rows } = await t.pool.query(
        `SELECT f.embedding IS NOT NULL AS embedding, p.centroid_faces AS "centroidFaces", f.source
         FROM faces f JOIN people p ON p.id = f.person_id WHERE f.user_id = $1`,
        [heir.user.id],
      );
      expect(rows).toHaveLength(1); // one face: the archive's, not a second one found on the same spot
      restored = rows[0];
    }
    expect(restored).toMatchObject({ embedding: true, centroidFaces: 1, source: 'detected' });

    // so another photo of her is put with her, not with a new unnamed person
    const again = await upload(heir.cookie, mirrored, 'mirrored.jpg');
    await untilLookedAt(heir.cookie, 2);
    const [face] = (await get<Face[]>(heir.cookie, `/api/photos/${again}/faces`)).body;
    expect(face).toMatchObject({ source: 'detected', personId: rose.id });
  }, 180_000);

  it('lets the owner draw a face the detector missed and remove a face; bad boxes and other people’s ids change nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const blank = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a7' } })
      .jpeg()
      .toBuffer();
    const photo = await upload(cookie, blank, 'blank.jpg');
    const send = (method: 'POST' | 'DELETE', url: string, payload?: object, as = cookie) =>
      t.app.inject({ method, url, headers: { cookie: as }, ...(payload ? { payload } : {}) });
    const facesOf = async () => (await get<Face[]>(cookie, `/api/photos/${photo}/faces`)).body.filter((f) => f.source === 'manual');
    const box = { x: 0.1, y: 0.2, width: 0.25, height: 0.3 };

    // Bad boxes: outside the picture, no size, not a box at all.
    for (const bad of [
      { ...box, width: 0 },
      { ...box, height: -0.1 },
      { ...box, x: 1.2 },
      { ...box, x: 0.9 },
      { ...box, y: -0.01 },
      { x: 0.1, y: 0.1 },
      'a face',
    ]) {
      const res = await send('POST', `/api/photos/${photo}/faces`, { box: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await send('POST', `/api/photos/${photo}/faces`, {})).statusCode).toBe(400);
    expect(await facesOf()).toEqual([]);

    // Drawn without a name, then one drawn as someone the owner already has.
    const drawn = await send('POST', `/api/photos/${photo}/faces`, { box });
    expect(drawn.statusCode).toBe(201);
    expect(drawn.json()).toMatchObject({ id: expect.any(Number), box, personId: null, source: 'manual' });
    const [rose, nobody] = await t.db
      .insert(people)
      .values([
        { userId: user.id, name: 'Rose Martin' },
        { userId: user.id, name: null },
      ])
      .returning({ id: people.id });
    const hers = await send('POST', `/api/photos/${photo}/faces`, { box: { x: 0.6, y: 0.1, width: 0.2, height: 0.2 }, personId: rose!.id });
    expect(hers.json()).toMatchObject({ personId: rose!.id, source: 'manual' });
    expect((await get<{ faceCount: number }>(cookie, `/api/people/${rose!.id}`)).body.faceCount).toBe(1);

    // Another account's photo, person or face: a 404, and nothing changes.
    const stranger = await signUp(t.app);
    const theirPhoto = await upload(stranger.cookie, blank, 'theirs.jpg');
    expect((await send('POST', `/api/photos/${photo}/faces`, { box }, stranger.cookie)).statusCode).toBe(404);
    expect((await send('POST', `/api/photos/${theirPhoto}/faces`, { box, personId: rose!.id }, stranger.cookie)).statusCode).toBe(404);
    const [theirPerson] = await t.db.insert(people).values({ userId: stranger.user.id }).returning({ id: people.id });
    expect((await send('POST', `/api/photos/${photo}/faces`, { box, personId: theirPerson!.id })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/faces/${hers.json<Face>().id}`, undefined, stranger.cookie)).statusCode).toBe(404);
    expect((await get(stranger.cookie, `/api/photos/${theirPhoto}/faces`)).body).toEqual([]);
    expect(await facesOf()).toHaveLength(2);

    // A typed name: the owner's person of that name, made when there is none, found again whatever the letter case.
    const named = await send('POST', `/api/photos/${photo}/faces`, { box, name: 'Grandpa Joe' });
    const joe = named.json<Face>().personId!;
    expect((await get<{ name: string }>(cookie, `/api/people/${joe}`)).body.name).toBe('Grandpa Joe');
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/faces/${drawn.json<Face>().id}`,
      headers: { cookie },
      payload: { name: ' grandpa joe ' },
    });
    expect(again.statusCode).toBe(204);
    expect((await get<{ faceCount: number }>(cookie, `/api/people/${joe}`)).body.faceCount).toBe(2);
    expect((await send('POST', `/api/photos/${photo}/faces`, { box, name: 'Joe', personId: rose!.id })).statusCode).toBe(400);
    expect((await send('POST', `/api/photos/${photo}/faces`, { box, name: '  ' })).statusCode).toBe(400);
    expect((await send('POST', `/api/photos/${photo}/faces`, { box, name: 'Mallory' }, stranger.cookie)).statusCode).toBe(404);
    expect((await get<PersonPage>(stranger.cookie, '/api/people')).body.items).toEqual([]);
    expect((await send('DELETE', `/api/faces/${named.json<Face>().id}`)).statusCode).toBe(204);

    // Removed: a named person stays (with no face), an unnamed one left with none is no more.
    expect((await send('DELETE', `/api/faces/${hers.json<Face>().id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/faces/${hers.json<Face>().id}`)).statusCode).toBe(404);
    expect((await get<{ faceCount: number }>(cookie, `/api/people/${rose!.id}`)).body.faceCount).toBe(0);
    const his = await send('POST', `/api/photos/${photo}/faces`, { box, personId: nobody!.id });
    expect((await send('DELETE', `/api/faces/${his.json<Face>().id}`)).statusCode).toBe(204);
    expect((await get(cookie, `/api/people/${nobody!.id}`)).status).toBe(404);
    // Moved to someone else, the same: the unnamed person it leaves with no face is no more.
    const [someone] = await t.db.insert(people).values({ userId: user.id }).returning({ id: people.id });
    const theirs = await send('POST', `/api/photos/${photo}/faces`, { box, personId: someone!.id });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/faces/${theirs.json<Face>().id}`,
      headers: { cookie },
      payload: { personId: rose!.id },
    });
    expect(moved.statusCode).toBe(204);
    expect((await get(cookie, `/api/people/${someone!.id}`)).status).toBe(404);
    expect((await get<{ faceCount: number }>(cookie, `/api/people/${rose!.id}`)).body.faceCount).toBe(1);
    expect((await send('DELETE', `/api/faces/${theirs.json<Face>().id}`)).statusCode).toBe(204);
    expect((await facesOf()).map((f) => f.id)).toEqual([drawn.json<Face>().id]);
  }, 60_000);

  it('answers bad input with a 4xx that changes nothing', async () => {
    const { cookie } = await signUp(t.app);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/people/settings', headers: { cookie }, payload: { enabled: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect((await get<PeopleStatus>(cookie, '/api/people/status')).body.enabled).toBe(true);
    expect((await get(cookie, '/api/people?cursor=nonsense')).status).toBe(400);
    expect((await get(cookie, '/api/photos/abc/faces')).status).toBe(404); // an id that cannot be one is not found
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/people/1', headers: { cookie }, payload });
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ name: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await patch({ contactId: -1 })).statusCode).toBe(400);
    expect((await get(cookie, '/api/photos/page?person=0')).status).toBe(400);
  });
});
