import { eq } from 'drizzle-orm';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { heirloomExportSchema } from '@shared/export-format';
import { readKeyCode } from '@shared/key-code';
import type { SealedLettersData } from '@shared/letter-archive';
import {
  LEGACY_MESSAGES,
  SEALED_LETTER_MAX_BYTES,
  type Heir,
  type LegacyPreview,
  type Letter,
  type Received,
  type Release,
} from '@shared/schemas/legacy';
import type { SharedCollection, SharedWithMe } from '@shared/schemas/sharing';
import { contacts, grants, heirs, letters, users } from '@server/db/schema';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import {
  addHeir,
  addRelease,
  call,
  heirPublicKey,
  makeLegacyWorld,
  newKeyCode,
  openSealed,
  openWith,
  readZip,
  release,
  sealLetter,
  type LegacyWorld,
} from './legacy.test-world';

// Counts the slow hashes the server computes (the real argon2id still runs).
const argon2Calls = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    hashRaw: (...args: Parameters<typeof real.hashRaw>) => {
      argon2Calls.count++;
      return real.hashRaw(...args);
    },
  };
});

let t: TestApp;
let w: LegacyWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await makeLegacyWorld(t);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe('heirs', () => {
  it('an heir is one of the owner’s contacts with an e-mail address, once', async () => {
    const res = await call(t, w.owner, 'POST', '/api/legacy/heirs', { contactId: w.spareContactId, dateOfBirth: '2010-05-01' });
    expect(res.statusCode).toBe(201);
    const heir = res.json() as Heir;
    expect(heir).toMatchObject({ contactId: w.spareContactId, name: 'Spare King', email: 'spare@example.com', dateOfBirth: '2010-05-01' });
    expect(heir).toMatchObject({ hasKeyCode: false, publicKey: null, keyCodeCreatedAt: null });

    const again = await call(t, w.owner, 'POST', '/api/legacy/heirs', { contactId: w.spareContactId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LEGACY_MESSAGES.alreadyHeir);

    const noEmail = await call(t, w.owner, 'POST', '/api/legacy/heirs', { contactId: w.noEmailContactId });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(LEGACY_MESSAGES.heirNeedsEmail);

    expect((await call(t, w.owner, 'POST', '/api/legacy/heirs', { contactId: w.strangerContactId })).statusCode).toBe(404);
    expect((await call(t, w.owner, 'POST', '/api/legacy/heirs', { contactId: 'x' })).statusCode).toBe(400);

    const patched = await call(t, w.owner, 'PATCH', `/api/legacy/heirs/${heir.id}`, { dateOfBirth: null });
    expect(patched.json()).toMatchObject({ dateOfBirth: null });
    expect((await call(t, w.stranger, 'PATCH', `/api/legacy/heirs/${heir.id}`, { dateOfBirth: null })).statusCode).toBe(404);

    const list = (await call(t, w.owner, 'GET', '/api/legacy/heirs')).json() as Heir[];
    expect(list.map((h) => h.id)).toContain(heir.id);
    expect((await call(t, w.stranger, 'GET', '/api/legacy/heirs')).json()).toEqual([]);

    // its letters and releases go with it
    await addRelease(t, w.owner, { heirId: heir.id, photoId: w.photoId });
    await call(t, w.owner, 'POST', '/api/legacy/letters', { heirId: heir.id, title: 'Hello', body: 'Dear Spare' });
    expect((await call(t, w.stranger, 'DELETE', `/api/legacy/heirs/${heir.id}`)).statusCode).toBe(404);
    expect((await call(t, w.owner, 'DELETE', `/api/legacy/heirs/${heir.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(grants).where(eq(grants.heirId, heir.id))).toEqual([]);
    expect(await t.db.select().from(letters).where(eq(letters.heirId, heir.id))).toEqual([]);
    expect((await call(t, w.owner, 'DELETE', `/api/legacy/heirs/${heir.id}`)).statusCode).toBe(404);
  });

  it('a key code is 130 random bits in groups of four with a check character, shown once; only its slow hash is kept', async () => {
    const heir = await addHeir(t, w.owner, w.heirContactId, '2001-03-04');
    const res = await call(t, w.owner, 'POST', `/api/legacy/heirs/${heir.id}/key-code`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { keyCode } = res.json() as { keyCode: string };
    expect(keyCode).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{2}[0-9A-HJKMNP-TV-Z*~$=U]$/);
    expect(readKeyCode(keyCode)).not.toBeNull();

    const [row] = await t.db.select().from(heirs).where(eq(heirs.id, heir.id));
    const compact = readKeyCode(keyCode)!;
    expect(row!.keyCodeHash).toBeTruthy();
    expect(row!.keyCodeHash).not.toContain(compact);
    expect(JSON.stringify(row)).not.toContain(compact);
    const listed = JSON.stringify((await call(t, w.owner, 'GET', '/api/legacy/heirs')).json());
    expect(listed).not.toContain(compact);
    expect(listed).not.toContain(keyCode);

    // the public key the owner's browser derives from it
    const publicKey = await heirPublicKey(keyCode);
    const put = await call(t, w.owner, 'PUT', `/api/legacy/heirs/${heir.id}/public-key`, { publicKey });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ hasKeyCode: true, publicKey });
    expect((await call(t, w.owner, 'PUT', `/api/legacy/heirs/${heir.id}/public-key`, { publicKey: 'short' })).statusCode).toBe(400);
    expect((await call(t, w.stranger, 'PUT', `/api/legacy/heirs/${heir.id}/public-key`, { publicKey })).statusCode).toBe(404);
    expect((await call(t, w.stranger, 'POST', `/api/legacy/heirs/${heir.id}/key-code`)).statusCode).toBe(404);

    // regenerating replaces the hash and clears the public key derived from the old code
    const second = await newKeyCode(t, w.owner, heir.id);
    expect(second).not.toBe(keyCode);
    const [after] = await t.db.select().from(heirs).where(eq(heirs.id, heir.id));
    expect(after!.keyCodeHash).not.toBe(row!.keyCodeHash);
    expect(after!.publicKey).toBeNull();
    await call(t, w.owner, 'DELETE', `/api/legacy/heirs/${heir.id}`);
  });

  it('a public key needs a key code first', async () => {
    const heir = await addHeir(t, w.owner, w.spareContactId);
    const res = await call(t, w.owner, 'PUT', `/api/legacy/heirs/${heir.id}/public-key`, { publicKey: 'A'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LEGACY_MESSAGES.noKeyCode);
    await call(t, w.owner, 'DELETE', `/api/legacy/heirs/${heir.id}`);
  });
});

describe('releases', () => {
  let heirId: number;
  let youngHeirId: number;
  beforeAll(async () => {
    heirId = (await addHeir(t, w.owner, w.heirContactId, '1990-01-01')).id;
    youngHeirId = (await addHeir(t, w.owner, w.otherHeirContactId)).id;
  });
  afterAll(async () => {
    await call(t, w.owner, 'DELETE', `/api/legacy/heirs/${heirId}`);
    await call(t, w.owner, 'DELETE', `/api/legacy/heirs/${youngHeirId}`);
  });

  const post = (body: object, who = w.owner) => call(t, who, 'POST', '/api/legacy/releases', body);

  it('each condition is stored on a grant for the heir, after death by default', async () => {
    const soon = new Date(Date.now() + 30 * DAY).toISOString();
    const death = (await post({ heirId, collectionId: w.collectionId })).json() as Release;
    expect(death).toMatchObject({
      heirId,
      condition: 'after-death',
      target: { kind: 'collection', id: w.collectionId, title: 'The garden' },
    });
    expect(death).toMatchObject({ releaseAt: null, age: null, releasedAt: null });
    const dated = (await post({ heirId, photoId: w.photoId, condition: 'on-date', releaseAt: soon })).json() as Release;
    expect(dated).toMatchObject({ condition: 'on-date', releaseAt: soon, target: { kind: 'photo', id: w.photoId } });
    const aged = (await post({ heirId, memoryId: w.memoryId, condition: 'at-age', age: 60 })).json() as Release;
    expect(aged).toMatchObject({
      condition: 'at-age',
      age: 60,
      releaseAt: '2050-01-01T00:00:00.000Z',
      target: { kind: 'memory', title: 'The lake' },
    });
    const never = (await post({ heirId, documentId: w.documentId, condition: 'never' })).json() as Release;
    expect(never).toMatchObject({ condition: 'never', target: { kind: 'document', title: 'deeds.txt' } });

    // an age already reached is a release now: said explicitly, and only to an heir with a key code
    const age = new Date().getUTCFullYear() - 1990; // born on 1 January
    const notSaid = await post({ heirId, photoId: w.otherPhotoId, condition: 'at-age', age: 18 });
    expect(notSaid.statusCode).toBe(409);
    expect(notSaid.json()).toEqual({
      message: `Grace King is already ${age}, so a release at 18 would happen now. Choose an age above ${age}, or say that it is released now (releaseNow).`,
      code: 'RELEASE_IS_NOW',
    });
    const noCode = await post({ heirId, photoId: w.otherPhotoId, condition: 'at-age', age: 18, releaseNow: true });
    expect(noCode.statusCode).toBe(409);
    expect(noCode.json()).toMatchObject({ code: 'NO_KEY_CODE', message: expect.stringMatching(/^Make .+’s key code first/) });
    const refusedNothingMade = (await call(t, w.owner, 'GET', '/api/legacy/releases')).json() as Release[];
    expect(refusedNothingMade.filter((r) => r.target.kind === 'photo' && r.target.id === w.otherPhotoId)).toEqual([]);
    await newKeyCode(t, w.owner, heirId);
    const before = Date.now();
    const reached = (await post({ heirId, photoId: w.otherPhotoId, condition: 'at-age', age: 18, releaseNow: true })).json() as Release;
    expect(new Date(reached.releaseAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(reached.releaseAt!).getTime()).toBeLessThanOrEqual(Date.now());

    // the trigger wakes up for the dated release on its moment
    const ticks = await t.pool.query("select singleton_key from pgboss.job where name = 'legacy.tick'");
    expect(ticks.rows.map((r: { singleton_key: string }) => r.singleton_key)).toContain(`${w.owner.user.id}:${new Date(soon).getTime()}`);

    const [row] = await t.db.select().from(grants).where(eq(grants.id, dated.id));
    expect(row).toMatchObject({ linkKind: 'heir', heirId, contactId: w.heirContactId, releaseCondition: 'on_date', tokenHash: null });

    const all = (await call(t, w.owner, 'GET', '/api/legacy/releases')).json() as Release[];
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([death.id, dated.id, aged.id, never.id, reached.id]));
    expect((await call(t, w.stranger, 'GET', '/api/legacy/releases')).json()).toEqual([]);
  });

  it('shows sharing "now" to an heir’s contact beside the releases, and deletes only releases', async () => {
    const link = (
      await call(t, w.owner, 'POST', `/api/collections/${w.collectionId}/links`, { kind: 'personal', contactId: w.heirContactId })
    ).json() as {
      id: number;
    };
    const all = (await call(t, w.owner, 'GET', '/api/legacy/releases')).json() as Release[];
    expect(all.find((r) => r.id === link.id)).toMatchObject({
      heirId,
      condition: 'now',
      target: { kind: 'collection', id: w.collectionId },
    });
    expect((await call(t, w.owner, 'DELETE', `/api/legacy/releases/${link.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(grants).where(eq(grants.id, link.id))).toHaveLength(1);

    const r = (await post({ heirId, photoId: w.photoId })).json() as Release;
    expect((await call(t, w.stranger, 'DELETE', `/api/legacy/releases/${r.id}`)).statusCode).toBe(404);
    expect((await call(t, w.owner, 'DELETE', `/api/legacy/releases/${r.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(grants).where(eq(grants.id, r.id))).toEqual([]);
    await call(t, w.owner, 'DELETE', `/api/collections/${w.collectionId}/links/${link.id}`);
  });

  it('a new date of birth moves the pending "at an age" releases; it cannot be removed while they wait', async () => {
    const r = (await post({ heirId, photoId: w.photoId, condition: 'at-age', age: 70 })).json() as Release;
    expect(r.releaseAt).toBe('2060-01-01T00:00:00.000Z');
    const moved = await call(t, w.owner, 'PATCH', `/api/legacy/heirs/${heirId}`, { dateOfBirth: '1995-06-15' });
    expect(moved.statusCode).toBe(200);
    const [row] = await t.db.select().from(grants).where(eq(grants.id, r.id));
    expect(row!.releaseAt!.toISOString()).toBe('2065-06-15T00:00:00.000Z');
    const cleared = await call(t, w.owner, 'PATCH', `/api/legacy/heirs/${heirId}`, { dateOfBirth: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe(LEGACY_MESSAGES.dateOfBirthNeeded);
    await call(t, w.owner, 'DELETE', `/api/legacy/releases/${r.id}`);
    expect((await call(t, w.owner, 'PATCH', `/api/legacy/heirs/${heirId}`, { dateOfBirth: '1990-01-01' })).statusCode).toBe(200);
  });

  it('refuses what cannot be released, with clear messages', async () => {
    const expect400 = async (body: object, message?: string) => {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body).toContain(message);
    };
    await expect400({ heirId, photoId: w.photoId, memoryId: w.memoryId }, LEGACY_MESSAGES.oneTarget);
    await expect400({ heirId }, LEGACY_MESSAGES.oneTarget);
    await expect400({ heirId, photoId: w.photoId, condition: 'on-date' }, LEGACY_MESSAGES.releaseAtNeeded);
    await expect400(
      { heirId, photoId: w.photoId, condition: 'on-date', releaseAt: new Date(Date.now() - DAY).toISOString() },
      LEGACY_MESSAGES.releaseAtInPast,
    );
    await expect400({ heirId, photoId: w.photoId, condition: 'at-age' }, LEGACY_MESSAGES.ageNeeded);
    await expect400({ heirId: youngHeirId, photoId: w.photoId, condition: 'at-age', age: 18 }, LEGACY_MESSAGES.dateOfBirthNeeded);
    await expect400({ heirId, photoId: w.photoId, condition: 'soon' });
    await expect400({ heirId, photoId: w.photoId, condition: 'at-age', age: 500 });
  });

  it('another user’s heir or things are 404, and nothing is made', async () => {
    const before = (await t.db.select().from(grants)).length;
    expect((await post({ heirId, photoId: w.strangerPhotoId })).statusCode).toBe(404);
    expect((await post({ heirId, collectionId: w.strangerCollectionId })).statusCode).toBe(404);
    expect((await post({ heirId, photoId: 999999 })).statusCode).toBe(404);
    expect((await post({ heirId, photoId: w.strangerPhotoId }, w.stranger)).statusCode).toBe(404);
    expect((await post({ heirId, photoId: w.photoId }, w.stranger)).statusCode).toBe(404);
    expect((await t.db.select().from(grants)).length).toBe(before);
  });

  it('a letter is released only to the heir it was written to', async () => {
    const letter = (await call(t, w.owner, 'POST', '/api/legacy/letters', { heirId, title: 'For you', body: 'Hello' })).json() as Letter;
    const res = await post({ heirId: youngHeirId, letterId: letter.id });
    expect(res.statusCode).toBe(400);
    expect(
      (await post({ heirId, letterId: letter.id, condition: 'on-date', releaseAt: new Date(Date.now() + DAY).toISOString() })).statusCode,
    ).toBe(201);
  });
});

describe('letters', () => {
  let heirId: number;
  let keyCode: string;
  beforeAll(async () => {
    heirId = (await addHeir(t, w.owner, w.heirContactId)).id;
  });
  afterAll(() => call(t, w.owner, 'DELETE', `/api/legacy/heirs/${heirId}`));

  it('a plain letter with the owner’s photos, released after death unless changed', async () => {
    const res = await call(t, w.owner, 'POST', '/api/legacy/letters', {
      heirId,
      title: 'Dear Grace',
      body: 'The garden is yours',
      photoIds: [w.photoId],
    });
    expect(res.statusCode).toBe(201);
    const letter = res.json() as Letter;
    expect(letter).toMatchObject({ heirId, title: 'Dear Grace', body: 'The garden is yours', photoIds: [w.photoId], sealed: null });
    const releases = (await call(t, w.owner, 'GET', '/api/legacy/releases')).json() as Release[];
    expect(releases.find((r) => r.target.kind === 'letter' && r.target.id === letter.id)).toMatchObject({
      heirId,
      condition: 'after-death',
    });

    const foreign = await call(t, w.owner, 'POST', '/api/legacy/letters', { heirId, title: 'x', body: 'y', photoIds: [w.strangerPhotoId] });
    expect(foreign.statusCode).toBe(404);
    expect((await call(t, w.stranger, 'POST', '/api/legacy/letters', { heirId, title: 'x', body: 'y' })).statusCode).toBe(404);
    expect((await call(t, w.owner, 'POST', '/api/legacy/letters', { heirId, title: ' ', body: 'y' })).statusCode).toBe(400);

    expect(((await call(t, w.owner, 'GET', '/api/legacy/letters')).json() as Letter[]).map((l) => l.id)).toContain(letter.id);
    expect((await call(t, w.stranger, 'GET', '/api/legacy/letters')).json()).toEqual([]);
    expect((await call(t, w.stranger, 'DELETE', `/api/legacy/letters/${letter.id}`)).statusCode).toBe(404);
    expect((await call(t, w.owner, 'DELETE', `/api/legacy/letters/${letter.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(grants).where(eq(grants.letterId, letter.id))).toEqual([]);
  });

  it('a sealed letter’s plaintext never reaches the server: not in the request, not in the database', async () => {
    const secret = 'The key to the blue box is under the third stone — Ada';
    const noCode = await call(t, w.owner, 'POST', '/api/legacy/letters', {
      heirId,
      title: 'Sealed',
      sealed: await sealLetter(secret, await heirPublicKey(await newKeyCodeElsewhere())),
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(LEGACY_MESSAGES.noKeyCode);

    keyCode = await newKeyCode(t, w.owner, heirId);
    const publicKey = await heirPublicKey(keyCode);
    await call(t, w.owner, 'PUT', `/api/legacy/heirs/${heirId}/public-key`, { publicKey });

    const wrongKey = await call(t, w.owner, 'POST', '/api/legacy/letters', {
      heirId,
      title: 'Sealed',
      sealed: await sealLetter(secret, await heirPublicKey(await newKeyCodeElsewhere())),
    });
    expect(wrongKey.statusCode).toBe(400);

    const sealed = await sealLetter(secret, publicKey);
    const body = JSON.stringify({ heirId, title: 'To open later', sealed });
    expect(body).not.toContain('blue box');
    expect(body).not.toContain(Buffer.from(secret).toString('base64url').slice(0, 16));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/legacy/letters',
      headers: { cookie: w.owner.cookie, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    // stored as it came; never sent back to the owner
    expect((res.json() as Letter).sealed).toEqual({ ...sealed, ciphertext: '' });
    const [stored] = await t.db
      .select()
      .from(letters)
      .where(eq(letters.id, (res.json() as Letter).id));
    expect(stored!.sealed).toEqual(sealed);
    expect(stored!.body).toBeNull();

    const dump = await t.pool.query('select * from letters');
    expect(JSON.stringify(dump.rows)).not.toContain('blue box');
    // and it opens with the heir's code, as the heir's browser does
    expect(await openSealed(stored!.sealed as typeof sealed, keyCode)).toBe(secret);
  });

  it('takes a sealed letter of several megabytes', async () => {
    const publicKey = await heirPublicKey(keyCode);
    const sealed = await sealLetter('x'.repeat(6 * 1024 * 1024), publicKey);
    const res = await call(t, w.owner, 'POST', '/api/legacy/letters', { heirId, title: 'Big', sealed });
    expect(res.statusCode).toBe(201);
    // the largest the contract allows (12 MB as base64) fits the route's body limit
    const largest = { ...sealed, ciphertext: 'A'.repeat(Math.ceil((SEALED_LETTER_MAX_BYTES * 4) / 3)) };
    expect((await call(t, w.owner, 'POST', '/api/legacy/letters', { heirId, title: 'Largest', sealed: largest })).statusCode).toBe(201);
    const over = { ...sealed, ciphertext: `${largest.ciphertext}A` };
    expect((await call(t, w.owner, 'POST', '/api/legacy/letters', { heirId, title: 'Over', sealed: over })).statusCode).toBe(400);
  });
});

/** A well-formed code nobody holds. */
async function newKeyCodeElsewhere() {
  const { keyCodeFromBytes } = await import('@shared/key-code');
  return keyCodeFromBytes(crypto.getRandomValues(new Uint8Array(17)));
}

describe('preview and the heir’s side', () => {
  let heirId: number;
  let otherHeirId: number;
  let keyCode: string;
  let otherKeyCode: string;
  let collectionRelease: number;
  let photoRelease: number;
  let memoryRelease: number;
  let futureRelease: number;
  let unreleased: number;
  let otherHeirRelease: number;
  let letterId: number;
  let sealedLetterId: number;
  const secret = 'Only Grace may read this';

  beforeAll(async () => {
    heirId = (await addHeir(t, w.owner, w.heirContactId, '2000-02-29')).id;
    otherHeirId = (await addHeir(t, w.owner, w.otherHeirContactId)).id;
    keyCode = await newKeyCode(t, w.owner, heirId);
    otherKeyCode = await newKeyCode(t, w.owner, otherHeirId);
    await call(t, w.owner, 'PUT', `/api/legacy/heirs/${heirId}/public-key`, { publicKey: await heirPublicKey(keyCode) });
    collectionRelease = (await addRelease(t, w.owner, { heirId, collectionId: w.collectionId })).id;
    photoRelease = (await addRelease(t, w.owner, { heirId, photoId: w.otherPhotoId })).id;
    memoryRelease = (await addRelease(t, w.owner, { heirId, memoryId: w.memoryId })).id;
    futureRelease = (await addRelease(t, w.owner, { heirId, documentId: w.documentId })).id;
    unreleased = (await addRelease(t, w.owner, { heirId, photoId: w.outsidePhotoId, condition: 'never' })).id;
    otherHeirRelease = (await addRelease(t, w.owner, { heirId: otherHeirId, photoId: w.outsidePhotoId })).id;
    letterId = (
      (
        await call(t, w.owner, 'POST', '/api/legacy/letters', { heirId, title: 'Dear Grace', body: 'With love', photoIds: [w.photoId] })
      ).json() as Letter
    ).id;
    sealedLetterId = (
      (
        await call(t, w.owner, 'POST', '/api/legacy/letters', {
          heirId,
          title: 'Sealed for Grace',
          sealed: await sealLetter(secret, await heirPublicKey(keyCode)),
        })
      ).json() as Letter
    ).id;
  });

  it('before anything is released, every code gets the same neutral answer for the same work', async () => {
    const answers = [];
    const codes = { unknown: await newKeyCodeElsewhere(), malformed: 'NOT-A-CODE', unreleased: keyCode };
    for (let i = 0; i < 3; i++) {
      for (const [kind, code] of Object.entries(codes)) {
        const before = argon2Calls.count;
        const { res, setCookie } = await openWith(t, code, `198.51.100.${i}`);
        expect(res.statusCode).toBe(200);
        expect(setCookie).toBeUndefined();
        // every answer pays for exactly one argon2id hash, so none comes back markedly sooner (no timing signal)
        expect(argon2Calls.count - before, kind).toBe(1);
        answers.push(res.body);
      }
    }
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ released: false, message: LEGACY_MESSAGES.nothingReleased })]));
  });

  it('the dry run shows what the heir receives today and on which condition the rest would come', async () => {
    await release(t, collectionRelease);
    const preview = (await call(t, w.owner, 'GET', `/api/legacy/preview?heirId=${heirId}`)).json() as LegacyPreview;
    expect(preview.heir.id).toBe(heirId);
    expect(preview.releasedToday.map((r) => r.id)).toEqual([collectionRelease]);
    expect(preview.later.map((r) => r.id)).toEqual(expect.arrayContaining([photoRelease, memoryRelease, futureRelease, unreleased]));
    expect(preview.later.map((r) => r.id)).not.toContain(otherHeirRelease);
    expect(preview.later.find((r) => r.id === unreleased)!.condition).toBe('never');
    expect((await call(t, w.stranger, 'GET', `/api/legacy/preview?heirId=${heirId}`)).statusCode).toBe(404);
    expect((await call(t, w.owner, 'GET', '/api/legacy/preview?heirId=abc')).statusCode).toBe(400);
  });

  it('a released code opens with a cookie; the heir sees only what was released to that heir', async () => {
    await release(t, photoRelease);
    await release(t, memoryRelease);
    await release(t, futureRelease, new Date(Date.now() + DAY)); // a release time not yet come is not visible
    await t.db
      .update(grants)
      .set({ releasedAt: new Date(Date.now() - 1000) })
      .where(eq(grants.letterId, letterId));
    await t.db
      .update(grants)
      .set({ releasedAt: new Date(Date.now() - 1000) })
      .where(eq(grants.letterId, sealedLetterId));

    const { res, cookie, setCookie } = await openWith(t, keyCode.toLowerCase().replace(/-/g, ' '));
    expect(res.json()).toEqual({ released: true, ownerName: 'Ada Lovelace', heirName: 'Grace King' });
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/legacy' });

    const received = (await t.app.inject({ method: 'GET', url: '/api/legacy/received', headers: { cookie } })).json() as Received;
    expect(received).toMatchObject({ ownerName: 'Ada Lovelace', heirName: 'Grace King', downloadAllUrl: '/api/legacy/received/download' });
    expect(received.releases.map((r) => r.grantId).sort()).toEqual([collectionRelease, photoRelease, memoryRelease].sort());
    expect(received.releases.find((r) => r.grantId === photoRelease)).toMatchObject({ kind: 'photo', title: 'porch.jpg' });
    const plain = received.letters.find((l) => l.id === letterId)!;
    expect(plain).toMatchObject({ title: 'Dear Grace', body: 'With love', sealed: null });
    expect(plain.photos).toHaveLength(1);
    const sealed = received.letters.find((l) => l.id === sealedLetterId)!;
    expect(sealed.body).toBeNull();
    expect(await openSealed(sealed.sealed!, keyCode)).toBe(secret);

    const photo = await t.app.inject({ method: 'GET', url: plain.photos[0]!.url, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/legacy/received/letters/${letterId}/photos/${w.outsidePhotoId}/display`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(404);

    // a collection, and single photos and memories as a collection of one
    const collection = (
      await t.app.inject({ method: 'GET', url: `/api/legacy/received/${collectionRelease}`, headers: { cookie } })
    ).json() as SharedCollection;
    expect(collection).toMatchObject({ title: 'The garden', ownerName: 'Ada Lovelace' });
    expect(collection.photos).toHaveLength(1);
    expect(collection.documents).toHaveLength(1);
    const doc = await t.app.inject({ method: 'GET', url: collection.documents[0]!.url, headers: { cookie } });
    expect(doc.body).toBe('The house deeds');
    const single = (
      await t.app.inject({ method: 'GET', url: `/api/legacy/received/${photoRelease}`, headers: { cookie } })
    ).json() as SharedCollection;
    expect(single.photos.map((p) => p.id)).toEqual([w.otherPhotoId]);
    expect(single.memories).toEqual([]);
    const download = await t.app.inject({ method: 'GET', url: single.photos[0]!.downloadUrl, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    // an id that is not the grant's own target is nothing here
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/legacy/received/${photoRelease}/photos/${w.photoId}/display`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
    const memory = (
      await t.app.inject({ method: 'GET', url: `/api/legacy/received/${memoryRelease}`, headers: { cookie } })
    ).json() as SharedCollection;
    expect(memory.memories.map((m) => m.title)).toEqual(['The lake']);
    const attachment = await t.app.inject({ method: 'GET', url: memory.memories[0]!.attachments[0]!.url, headers: { cookie } });
    expect(attachment.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/legacy/received/${memoryRelease}/attachments/999999`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);

    // not yet released, never released, another heir's, a letter's grant: 404
    for (const id of [futureRelease, unreleased, otherHeirRelease]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/legacy/received/${id}`, headers: { cookie } })).statusCode, String(id)).toBe(
        404,
      );
    }
  });

  it('another heir’s code sees none of it, and without a cookie nothing is served', async () => {
    const other = await openWith(t, otherKeyCode);
    expect(other.res.json()).toEqual({ released: false, message: LEGACY_MESSAGES.nothingReleased });
    await release(t, otherHeirRelease);
    const opened = await openWith(t, otherKeyCode);
    expect(opened.res.json()).toMatchObject({ released: true, heirName: 'Alan King' });
    const received = (
      await t.app.inject({ method: 'GET', url: '/api/legacy/received', headers: { cookie: opened.cookie } })
    ).json() as Received;
    expect(received.releases.map((r) => r.grantId)).toEqual([otherHeirRelease]);
    expect(received.letters).toEqual([]);
    for (const id of [collectionRelease, photoRelease, memoryRelease]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/legacy/received/${id}`, headers: { cookie: opened.cookie } })).statusCode,
      ).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/legacy/received/letters/${letterId}/photos/${w.photoId}/display`,
          headers: { cookie: opened.cookie },
        })
      ).statusCode,
    ).toBe(404);

    expect((await t.app.inject({ method: 'GET', url: '/api/legacy/received' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/legacy/received/${photoRelease}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/legacy/received/download' })).statusCode).toBe(401);
    const forged = `heirloom_heir=${heirId}.${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/legacy/received', headers: { cookie: forged } })).statusCode).toBe(401);
    // another heir's proof with this heir's id
    const swapped = `heirloom_heir=${heirId}.${opened.cookie!.split('.')[1]}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/legacy/received', headers: { cookie: swapped } })).statusCode).toBe(401);
  });

  it('Download everything: letters that open from the folder, sealed ones with the offline opener, and each release a collection of one archive', async () => {
    const { cookie } = await openWith(t, keyCode);
    const res = await t.app.inject({ method: 'GET', url: '/api/legacy/received/download', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await readZip(res.rawPayload);
    const names = [...zip.keys()];
    expect(names).toContain('README.txt');
    const readme = zip.get('README.txt')!.toString();
    expect(readme).toContain('letters/open-sealed.html');
    expect(readme).not.toContain('where you entered');
    expect(zip.get('letters/Dear Grace.txt')!.toString()).toBe('Dear Grace\n\nWith love\n\nWith this letter:\n- Dear Grace - garden.jpg\n');
    const sealed = JSON.parse(zip.get('letters/Sealed for Grace.sealed.json')!.toString());
    expect(await openSealed(sealed, keyCode)).toBe(secret);
    // the releases are one archive of the exporter: originals, heirloom.json (each release a collection), the viewer
    expect(names).toEqual(
      expect.arrayContaining([
        'originals/photos/undated/garden.jpg',
        'originals/documents/deeds.txt',
        'originals/photos/undated/porch.jpg',
        'index.html',
        'viewer/data.js',
        'heirloom.json',
      ]),
    );
    expect(names.at(-1)).toBe('manifest.json');
    expect(names.some((n) => n.includes('private'))).toBe(false);
    expect(zip.get('originals/documents/deeds.txt')!.toString()).toBe('The house deeds');
    const lake = zip.get('memories/1999-07-04 The lake.md')!.toString();
    expect(lake).toContain('title: "The lake"');
    expect(lake).toContain('We swam');
    const doc = heirloomExportSchema.parse(JSON.parse(zip.get('heirloom.json')!.toString('utf8')));
    expect(doc).toMatchObject({ scope: 'legacy', title: 'What Ada Lovelace left for Grace King', contacts: [] });
    expect(doc.owner).toMatchObject({ firstName: 'Ada', surname: 'Lovelace', email: null });
    expect(doc.collections.map((c) => c.title)).toEqual(expect.arrayContaining(['The garden', 'porch.jpg', 'The lake']));
    expect(doc.photos.map((p) => p.fileName).sort()).toEqual(['garden.jpg', 'porch.jpg']);
    // letters are beside the archive's document: index.html links each, and no page points at a server
    const letters = zip.get('letters/index.html')!.toString();
    expect(letters).toContain('Letters from Ada Lovelace for Grace King');
    for (const link of ['Dear%20Grace.html', 'Dear%20Grace.txt', 'Dear%20Grace%20-%20garden.jpg', 'open-sealed.html', '../index.html']) {
      expect(letters).toContain(`href="${link}"`);
    }
    // the plain letter's page shows its text and its photo (a copy without places) with no script
    const plain = zip.get('letters/Dear Grace.html')!.toString();
    expect(plain).toContain('<p class="letter-body">With love</p>');
    expect(plain).toContain('<img src="Dear%20Grace%20-%20garden.jpg" alt="garden.jpg">');
    const photo = await sharp(zip.get('letters/Dear Grace - garden.jpg')!).metadata();
    expect(photo).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(photo.exif).toBeUndefined();
    // the sealed letter opens in open-sealed.html: its data script, then the opener, both beside it
    const opener = zip.get('letters/open-sealed.html')!.toString();
    expect([...opener.matchAll(/<script([^>]*)><\/script>/g)].map((m) => m[1]!.trim())).toEqual([
      'src="sealed-letters.js"',
      'src="opener.js"',
    ]);
    expect(zip.get('letters/opener.js')!.toString()).toContain('HEIRLOOM_SEALED_LETTERS');
    const data = runInNewContext(zip.get('letters/sealed-letters.js')!.toString(), { window: {} }) as SealedLettersData;
    expect(data).toMatchObject({
      ownerName: 'Ada Lovelace',
      heirName: 'Grace King',
      language: 'en',
      messages: { keyCodeInvalid: LEGACY_MESSAGES.keyCodeInvalid },
    });
    expect(data.letters.map((l) => [l.title, l.file])).toEqual([['Sealed for Grace', 'Sealed for Grace.sealed.json']]);
    expect(await openSealed(data.letters[0]!.sealed, keyCode)).toBe(secret);
    for (const [name, bytes] of zip) {
      if (!name.startsWith('letters/') || !name.endsWith('.html')) continue;
      const html = bytes.toString('utf8');
      expect(html, name).not.toMatch(/https?:\/\//);
      expect(html, name).toContain(`content="default-src 'none'; script-src 'self' file:;`);
      if (name !== 'letters/open-sealed.html') expect(html, name).not.toContain('<script');
    }
    // the sealed letter's words are nowhere in the archive in the clear
    for (const [name, bytes] of zip) expect(bytes.toString('utf8'), name).not.toContain(secret);
  });

  it('Download everything in the heir’s language: letters, README, the archive’s title and the opener’s data', async () => {
    await t.db.update(contacts).set({ language: 'de' }).where(eq(contacts.id, w.heirContactId));
    try {
      const { cookie } = await openWith(t, keyCode);
      const res = await t.app.inject({ method: 'GET', url: '/api/legacy/received/download', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const zip = await readZip(res.rawPayload);
      const index = zip.get('letters/index.html')!.toString();
      expect(index).toContain('<html lang="de">');
      expect(index).toContain('<h1>Briefe von Ada Lovelace für Grace King</h1>');
      expect(index).toMatch(/<p class="meta">Brief · freigegeben am \d{1,2}\. \S+ \d{4}<\/p>/);
      expect(index).toContain('<a href="open-sealed.html">Öffnen Sie ihn mit Ihrem Schlüsselcode</a>');
      expect(index).toContain('<a href="Dear%20Grace.html">Den Brief lesen</a> · <a href="Dear%20Grace.txt">als Textdatei</a>');
      expect(index).not.toContain('Read the letter');
      expect(zip.get('letters/Dear Grace.html')!.toString()).toContain('<html lang="de">');
      expect(zip.get('letters/Dear Grace.txt')!.toString()).toContain('\nZu diesem Brief gehören:\n- Dear Grace - garden.jpg\n');
      const opener = zip.get('letters/open-sealed.html')!.toString();
      expect(opener).toContain('<html lang="de">');
      expect(opener).toContain('<title>Versiegelte Briefe von Ada Lovelace</title>');
      const data = runInNewContext(zip.get('letters/sealed-letters.js')!.toString(), { window: {} }) as SealedLettersData;
      expect(data.language).toBe('de');
      const readme = zip.get('README.txt')!.toString();
      expect(readme.split('\n')[0]).toBe('Was Ada Lovelace für Grace King hinterlassen hat.');
      expect(readme).toContain('letters/open-sealed.html');
      const doc = heirloomExportSchema.parse(JSON.parse(zip.get('heirloom.json')!.toString('utf8')));
      expect(doc.title).toBe('Was Ada Lovelace für Grace King hinterlassen hat');
    } finally {
      await t.db.update(contacts).set({ language: null }).where(eq(contacts.id, w.heirContactId));
    }
  });

  it('a regenerated code revokes the old code and its cookie', async () => {
    const { cookie } = await openWith(t, otherKeyCode);
    const fresh = await newKeyCode(t, w.owner, otherHeirId);
    // an old Legacy Kit says so, rather than "nothing yet" forever
    const old = (await openWith(t, otherKeyCode)).res;
    expect(old.statusCode).toBe(410);
    expect(old.json()).toEqual({ message: LEGACY_MESSAGES.keyCodeReplaced, code: 'KEY_CODE_REPLACED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/legacy/received', headers: { cookie } })).statusCode).toBe(401);
    expect((await openWith(t, fresh)).res.json()).toMatchObject({ released: true });
  });

  it('close clears the cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/legacy/close' });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'heirloom_heir');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/legacy');
  });

  it('guessing is throttled, the same for a real code and any other', async () => {
    const address = '192.0.2.99';
    const statuses = async (code: string) => {
      const out = [];
      for (let i = 0; i < 11; i++) out.push((await openWith(t, code, address)).res.statusCode);
      return out;
    };
    const unknown = await statuses(await newKeyCodeElsewhere());
    const notReleased = await statuses(await newKeyCode(t, w.owner, (await addHeir(t, w.owner, w.spareContactId)).id));
    expect(unknown.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(unknown[10]).toBe(429);
    expect(notReleased).toEqual(unknown);
    const throttled = await openWith(t, 'XXXX', address);
    expect([200, 429]).toContain(throttled.res.statusCode);
    expect((await openWith(t, await newKeyCodeElsewhere(), address)).res.headers['retry-after']).toBeUndefined();
  });
});

describe('an heir who makes an account', () => {
  it('keeps a released collection under Shared with me once the address the heir was named by is verified', async () => {
    const heirUser = await signUp(t.app, { email: 'rosalind@example.com' });
    const contact = await call(t, w.owner, 'POST', '/api/contacts', {
      firstName: 'Rosalind',
      lastName: 'King',
      relationship: 'family',
      email: 'Rosalind@Example.com',
    });
    const heir = await addHeir(t, w.owner, (contact.json() as { id: number }).id);
    const grant = await addRelease(t, w.owner, { heirId: heir.id, collectionId: w.collectionId, condition: 'after-death' });
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, heirUser.user.id));
    const listed = async () =>
      ((await call(t, heirUser, 'GET', '/api/shared-with-me')).json() as SharedWithMe).flatMap((o) => o.collections.map((c) => c.grantId));

    expect(await listed()).toEqual([]); // not released yet
    expect((await call(t, heirUser, 'GET', `/api/shared-with-me/${grant.id}`)).statusCode).toBe(404);
    await release(t, grant.id);
    expect(await listed()).toEqual([grant.id]);
    const view = (await call(t, heirUser, 'GET', `/api/shared-with-me/${grant.id}`)).json() as SharedCollection;
    expect(view.title).toBe('The garden');
    expect((await call(t, w.stranger, 'GET', `/api/shared-with-me/${grant.id}`)).statusCode).toBe(404);
  });
});

describe('key codes from one address', () => {
  it('are limited like sign-ins, whatever the code, with the same answer for all', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses = [];
      for (const code of ['NOT-A-CODE', await newKeyCodeElsewhere(), 'ABCD', await newKeyCodeElsewhere()]) {
        statuses.push((await openWith(limited, code, '198.51.100.200')).res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // another address is not held back
      expect((await openWith(limited, 'NOT-A-CODE', '198.51.100.201')).res.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
