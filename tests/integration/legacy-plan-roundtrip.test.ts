// The owner's export holds the Legacy Plan and the import restores it (decision 047): two heirs with key codes,
// releases of every kind and condition, verifiers and a waiting time, a plain letter with a photo and a voice
// recording, a sealed letter. Exported, imported into a fresh account and compared; the sealed letter still
// opens with its heir's key code, and on the server whose salt made the code, the heir opens it as before.
// A version 1 archive still imports, and a hostile plan costs lines in the report, never the library.
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heirloomExportSchema, type HeirloomExport } from '@shared/export-format';
import type { Heir, Letter, Release, SealedLetter, LegacyPlan } from '@shared/schemas/legacy';
import type { ExportJob } from '@shared/schemas/transfers';
import { heirs, letters } from '@server/db/schema';
import {
  addHeir,
  addRelease,
  call,
  heirPublicKey,
  makeLegacyWorld,
  newKeyCode,
  openSealed,
  openWith,
  release,
  sealLetter,
  type Actor,
  type LegacyWorld,
} from '@server/features/legacy/legacy.test-world';
import { wavFile } from '@tests/helpers/audio';
import { hostileZip } from '@tests/helpers/hostile-zips';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { readZip } from '@tests/helpers/zip';
import { importArchives } from './import-helpers';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function ok<T>(t: TestApp, who: Actor, method: string, url: string, payload?: object): Promise<T> {
  const res = await call(t, who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return (res.statusCode === 204 ? undefined : res.json()) as T;
}

async function exportArchive(t: TestApp, who: Actor): Promise<Map<string, Buffer>> {
  const { id } = await ok<{ id: number }>(t, who, 'POST', '/api/exports');
  let job: ExportJob | undefined;
  for (let i = 0; i < 1200 && !(job && (job.status === 'ready' || job.status === 'failed')); i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 50));
    job = await ok<ExportJob>(t, who, 'GET', `/api/exports/${id}`);
  }
  expect(job?.status, job?.error ?? '').toBe('ready');
  const download = await call(t, who, 'GET', `/api/exports/${id}/download`);
  return readZip(download.rawPayload);
}

const zipOf = (entries: Map<string, Buffer>) => hostileZip([...entries].map(([name, data]) => ({ name, data })));
const metadataOf = (entries: Map<string, Buffer>) => JSON.parse(entries.get('heirloom.json')!.toString('utf8')) as HeirloomExport;
/** The archive with heirloom.json changed by `edit` (and any files replaced). */
function edited(entries: Map<string, Buffer>, edit: (data: HeirloomExport) => void, files: Record<string, Buffer> = {}) {
  const copy = new Map(entries);
  for (const [path, bytes] of Object.entries(files)) copy.set(path, bytes);
  const data = metadataOf(entries);
  edit(data);
  copy.set('heirloom.json', Buffer.from(JSON.stringify(data)));
  return zipOf(copy);
}

/** The plan as the owner sees it, by content: names instead of ids. */
async function planOf(t: TestApp, who: Actor) {
  const heirList = await ok<Heir[]>(t, who, 'GET', '/api/legacy/heirs');
  const releases = await ok<Release[]>(t, who, 'GET', '/api/legacy/releases');
  const letterList = await ok<Letter[]>(t, who, 'GET', '/api/legacy/letters');
  const plan = await ok<LegacyPlan>(t, who, 'GET', '/api/legacy/plan');
  const heirName = (id: number) => heirList.find((h) => h.id === id)!.name;
  const sort = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    heirs: sort(heirList.map((h) => ({ name: h.name, email: h.email, dateOfBirth: h.dateOfBirth, publicKey: h.publicKey }))),
    releases: sort(
      releases.map((r) => ({
        heir: heirName(r.heirId),
        condition: r.condition,
        kind: r.target.kind,
        title: r.target.title,
        releaseAt: r.releaseAt,
        age: r.age,
        releasedAt: r.releasedAt,
        includeNames: r.includeNames,
      })),
    ),
    letters: sort(
      letterList.map((l) => ({
        heir: heirName(l.heirId),
        title: l.title,
        body: l.body,
        photos: l.photoIds.length,
        attachments: l.attachments,
        sealedFor: l.sealed?.recipientPublicKey ?? null,
      })),
    ),
    settings: { checkInMonths: plan.checkInMonths, vetoDays: plan.vetoDays, verifiersRequired: plan.verifiersRequired },
    verifiers: plan.verifiers.map((v) => ({ name: v.name, email: v.email, confirmedAt: v.confirmedAt })),
  };
}

const SECRET = 'To Alan, sealed: the key is under the third stone.';

describe('the Legacy Plan travels with the owner’s export', () => {
  let t: TestApp;
  let w: LegacyWorld;
  let entries: Map<string, Buffer>;
  let alanCode: string;
  let graceCode: string;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await makeLegacyWorld(t);
    const grace = await addHeir(t, w.owner, w.heirContactId, '2010-03-01');
    const alan = await addHeir(t, w.owner, w.otherHeirContactId);
    graceCode = await newKeyCode(t, w.owner, grace.id);
    alanCode = await newKeyCode(t, w.owner, alan.id);
    for (const [id, code] of [
      [grace.id, graceCode],
      [alan.id, alanCode],
    ] as const) {
      await ok(t, w.owner, 'PUT', `/api/legacy/heirs/${id}/public-key`, { publicKey: await heirPublicKey(code) });
    }
    const future = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000).toISOString();
    await addRelease(t, w.owner, { heirId: grace.id, collectionId: w.collectionId, includeNames: true });
    await addRelease(t, w.owner, { heirId: grace.id, photoId: w.otherPhotoId, condition: 'on-date', releaseAt: future });
    await addRelease(t, w.owner, { heirId: grace.id, memoryId: w.memoryId, condition: 'at-age', age: 30 });
    await addRelease(t, w.owner, { heirId: alan.id, documentId: w.documentId, condition: 'never' });
    await ok(t, w.owner, 'PUT', '/api/legacy/plan', {
      checkInMonths: 9,
      vetoDays: 7,
      verifierContactIds: [w.spareContactId],
      verifiersRequired: 1,
    });
    const voice = wavFile();
    await ok(t, w.owner, 'POST', '/api/legacy/letters', {
      heirId: grace.id,
      title: 'For Grace',
      body: 'Look after the garden.',
      photoIds: [w.photoId],
      attachments: [{ name: 'hello.wav', type: 'audio/wav', data: voice.toString('base64') }],
    });
    await ok(t, w.owner, 'POST', '/api/legacy/letters', {
      heirId: alan.id,
      title: 'For Alan',
      sealed: await sealLetter(SECRET, await heirPublicKey(alanCode)),
    });
    entries = await exportArchive(t, w.owner);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('writes the plan into heirloom.json, version 3, with sealed letters and recordings as checked files', () => {
    const data = heirloomExportSchema.parse(metadataOf(entries));
    expect(data.version).toBe(3);
    const plan = data.legacyPlan!;
    expect(plan.heirs).toHaveLength(2);
    expect(plan.releases.map((r) => r.condition).sort()).toEqual([
      'after-death',
      'after-death',
      'after-death',
      'at-age',
      'never',
      'on-date',
    ]);
    expect(plan.settings).toEqual({ checkInMonths: 9, vetoDays: 7, verifiersRequired: 1 });
    expect(plan.verifiers).toEqual([{ contactId: w.spareContactId }]);
    const sealed = plan.letters.find((l) => l.sealed)!;
    const file = entries.get(sealed.sealed!.file.path)!;
    expect(sha(file)).toBe(sealed.sealed!.file.sha256);
    expect(entries.get('heirloom.json')!.toString()).not.toContain((JSON.parse(file.toString()) as SealedLetter).ciphertext);
    const plain = plan.letters.find((l) => !l.sealed)!;
    expect(entries.get(plain.attachments[0]!.path)!.equals(wavFile())).toBe(true);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as { files: Array<{ path: string }> };
    expect(manifest.files.map((f) => f.path)).toContain(sealed.sealed!.file.path);
  });

  it('restores the plan into a fresh account; the sealed letter opens with the same key code', async () => {
    const before = await planOf(t, w.owner);
    const fresh = await signUp(t.app);
    const job = await importArchives(t, fresh.cookie, [await zipOf(entries)]);
    expect(job.status, job.error ?? '').toBe('done');
    const after = await planOf(t, fresh);
    // the original heirs here still hold their codes: the copies keep the public keys, not the codes' hashes
    expect(after).toEqual(before);
    const restored = await ok<Heir[]>(t, fresh, 'GET', '/api/legacy/heirs');
    expect(restored.every((h) => !h.hasKeyCode)).toBe(true);
    expect(job.report!.refused.items.filter((i) => i.path.startsWith('Legacy Plan/heirs/'))).toHaveLength(2);

    const sealedRows = (await t.db.select().from(letters).where(eq(letters.userId, fresh.user.id))).filter((l) => l.sealed);
    expect(sealedRows).toHaveLength(1);
    expect(await openSealed(sealedRows[0]!.sealed as SealedLetter, alanCode)).toBe(SECRET);
    await expect(openSealed(sealedRows[0]!.sealed as SealedLetter, graceCode)).rejects.toThrow();
  });

  it('on the server whose salt made the codes, the heir opens the restored plan with the same code', async () => {
    // the original account is gone (as when an account is restored from its export)
    await t.db.delete(heirs).where(eq(heirs.userId, w.owner.user.id));
    const restoredOwner = await signUp(t.app);
    const job = await importArchives(t, restoredOwner.cookie, [await zipOf(entries)]);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.report!.refused.items.filter((i) => i.path.startsWith('Legacy Plan'))).toEqual([]);
    const restored = await ok<Heir[]>(t, restoredOwner, 'GET', '/api/legacy/heirs');
    expect(restored.every((h) => h.hasKeyCode)).toBe(true);

    const releases = await ok<Release[]>(t, restoredOwner, 'GET', '/api/legacy/releases');
    const alanLetter = releases.find((r) => r.target.kind === 'letter' && r.target.title === 'For Alan')!;
    await release(t, alanLetter.id);
    const opened = await openWith(t, alanCode);
    expect(opened.res.json()).toMatchObject({ released: true, heirName: 'Alan King' });
    const received = (await t.app.inject({ method: 'GET', url: '/api/legacy/received', headers: { cookie: opened.cookie! } })).json() as {
      letters: Array<{ sealed: SealedLetter | null }>;
    };
    expect(await openSealed(received.letters[0]!.sealed!, alanCode)).toBe(SECRET);
  });

  it('from another server, an heir’s old key code opens the restored plan the first time it is entered here', async () => {
    // no heir here holds these codes or their keys any more (as on a server the owner moved to)
    await t.db.delete(heirs).where(inArray(heirs.publicKey, [await heirPublicKey(alanCode), await heirPublicKey(graceCode)]));
    const movedOwner = await signUp(t.app);
    const moved = edited(entries, (data) => {
      data.legacyPlan!.keyCodeSalt = 'f'.repeat(64); // made by a server with another salt
    });
    const job = await importArchives(t, movedOwner.cookie, [await moved]);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.report!.refused.items.filter((i) => i.path.startsWith('Legacy Plan'))).toEqual([]);
    expect((await ok<Heir[]>(t, movedOwner, 'GET', '/api/legacy/heirs')).every((h) => !h.hasKeyCode)).toBe(true);

    const releases = await ok<Release[]>(t, movedOwner, 'GET', '/api/legacy/releases');
    await release(t, releases.find((r) => r.target.kind === 'letter' && r.target.title === 'For Alan')!.id);
    expect((await openWith(t, graceCode)).res.json()).toMatchObject({ released: false }); // nothing for Grace yet
    const opened = await openWith(t, alanCode);
    expect(opened.res.json()).toMatchObject({ released: true, heirName: 'Alan King' });
    const after = await ok<Heir[]>(t, movedOwner, 'GET', '/api/legacy/heirs');
    expect(after.map((h) => [h.name, h.hasKeyCode]).sort()).toEqual([
      ['Alan King', true],
      ['Grace King', true],
    ]);
  });

  it('into an account with a plan of its own: its settings stay, the archive’s heirs and verifiers are added', async () => {
    const other = edited(entries, (data) => {
      data.legacyPlan!.settings!.checkInMonths = 12;
    });
    const job = await importArchives(t, w.owner.cookie, [await other]);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.report!.skipped.items).toContainEqual({
      path: 'Legacy Plan/settings',
      reason: 'Your Legacy Plan’s own settings were kept.',
    });
    const plan = await ok<LegacyPlan>(t, w.owner, 'GET', '/api/legacy/plan');
    expect(plan.checkInMonths).toBe(9);
    expect(plan.verifiers.map((v) => v.name)).toEqual(['Spare King', 'Spare King']);
    expect((await ok<Heir[]>(t, w.owner, 'GET', '/api/legacy/heirs')).map((h) => h.name).sort()).toEqual(['Alan King', 'Grace King']);
  });

  it('imports a version 1 archive as before: no plan, everything else', async () => {
    const someone = await signUp(t.app);
    const v1 = edited(entries, (data) => {
      (data as { version: number }).version = 1;
      delete data.legacyPlan;
    });
    const job = await importArchives(t, someone.cookie, [await v1]);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.report!.imported.contacts).toBe(4);
    expect(await ok<Heir[]>(t, someone, 'GET', '/api/legacy/heirs')).toEqual([]);
    expect(job.report!.refused.items).toEqual([]);
  });

  it('a plan that does not follow the format is left out with one line; the library is imported', async () => {
    const someone = await signUp(t.app);
    const bad = edited(entries, (data) => {
      (data.legacyPlan!.heirs[0] as { id: unknown }).id = 'abc';
      (data.legacyPlan!.releases[0] as { condition: unknown }).condition = 42;
    });
    const job = await importArchives(t, someone.cookie, [await bad]);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.report!.imported.contacts).toBe(4);
    expect(job.report!.refused.items).toEqual([
      {
        path: 'Legacy Plan',
        reason: expect.stringMatching(
          /^Not imported: heirloom.json's Legacy Plan does not follow the export format \(legacyPlan\.heirs\.0\.id: /,
        ),
      },
    ]);
    expect(await ok<Heir[]>(t, someone, 'GET', '/api/legacy/heirs')).toEqual([]);

    const yearZero = edited(entries, (data) => {
      data.legacyPlan!.heirs[0]!.dateOfBirth = '0000-01-01';
    });
    const again = await importArchives(t, someone.cookie, [await yearZero]);
    expect(again.status, again.error ?? '').toBe('done');
    expect(again.report!.refused.items).toEqual([
      { path: 'Legacy Plan', reason: expect.stringContaining('(legacyPlan.heirs.0.dateOfBirth: Year 0 does not exist)') },
    ]);
  });

  it('a release of a missing item and a sealed letter with a broken ciphertext are refused, each with a line', async () => {
    const someone = await signUp(t.app);
    const data = metadataOf(entries);
    const sealed = data.legacyPlan!.letters.find((l) => l.sealed)!.sealed!.file;
    const broken = Buffer.from(JSON.stringify({ ...JSON.parse(entries.get(sealed.path)!.toString()), ciphertext: 'not base64url!' }));
    const archive = edited(
      entries,
      (d) => {
        d.legacyPlan!.releases.find((r) => r.target.kind === 'photo')!.target.id = 999_999;
        const file = d.legacyPlan!.letters.find((l) => l.sealed)!.sealed!.file;
        Object.assign(file, { size: broken.length, sha256: sha(broken) });
      },
      { [sealed.path]: broken },
    );
    const job = await importArchives(t, someone.cookie, [await archive]);
    expect(job.status, job.error ?? '').toBe('done');
    const lines = job.report!.refused.items.map((i) => `${i.path} | ${i.reason}`);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Legacy Plan\/releases\/Grace King: photo 999999 \| Not imported: the photo it releases/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/\.sealed\.json \| Not imported: the sealed letter is not one heirloom can keep \(Expected base64url\)/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^Legacy Plan\/releases\/Alan King: For Alan \| Not imported: the letter it releases/),
    );
    const plan = await planOf(t, someone);
    expect(plan.letters.map((l) => l.title)).toEqual(['For Grace']);
    expect(plan.releases).toHaveLength(4);
    expect(plan.heirs).toHaveLength(2);
  });
});
