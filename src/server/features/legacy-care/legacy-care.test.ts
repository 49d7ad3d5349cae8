// Care access (decision 077) on a real database, real HTTP (inject) and a real mail server, with the timer run on
// an injected clock: a caregiver is named and mailed, asks, the owner is mailed and refuses; asked again, the
// waiting time passes, and the caregiver reads exactly the chosen documents, collection and contacts until the
// owner ends it or the plan's release does. Every step is in the plan's audit chain.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CareSettings, CareView } from '@shared/schemas/care';
import type { AuditLog } from '@shared/schemas/legacy';
import { collectionItems, grants, heirs, legacyPlans, letters } from '@server/db/schema';
import { buildTestAppWithSmtp, linkToken, type MailTestApp } from '@tests/helpers/smtp';
import sharp from 'sharp';
import { idOf, multipart, postAs, signUp } from '@tests/helpers/server';
import type { SignedUp } from '@tests/helpers/users';
import { createLegacyAuditService } from '../legacy-trigger/legacy-audit.service';
import { createLegacyCareRepo } from './legacy-care.repo';
import { CARE_OPEN_JOB, createLegacyCareService } from './legacy-care.service';

const DAY = 24 * 60 * 60 * 1000;

let t: MailTestApp;
/** An owner with a collection chosen for care, another collection, documents, and a personal share of the first. */
interface CareWorld {
  owner: SignedUp;
  recipient: SignedUp;
  contactId: number;
  collectionId: number;
  otherCollectionId: number;
  photoId: number;
  outsidePhotoId: number;
  /** collection_items ids of the other collection. */
  otherItemIds: number[];
  personalGrantId: number;
}
let w: CareWorld;
let caregiverEmail: string;
let strangerDocumentId: number;
let letterGrantId: number;
let releaseGrantId: number;

const send = (cookie: string | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const settings = { caregivers: [] as number[], scope: { documents: true, collectionIds: [] as number[], contacts: true }, waitingDays: 3 };

/** A care service on the app's database and queue whose clock the test moves: what the timer job runs. */
function clocked() {
  const clock = { now: new Date() };
  const service = createLegacyCareService({
    repo: createLegacyCareRepo(t.db),
    audit: createLegacyAuditService(t.db),
    jobs: t.app.jobs,
    linkTokens: t.app.linkTokens,
    shared: t.app.services.sharedView,
    publicUrl: t.env.PUBLIC_URL,
    now: () => clock.now,
  });
  return { service, at: (date: Date) => (clock.now = date) };
}

const careTokenOf = (mail: { text: string }) => {
  const match = /\/care\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.text);
  if (!match) throw new Error(`No care link in: ${mail.text}`);
  return match[1]!;
};
const view = async (token: string) => (await send(undefined, 'GET', `/api/care/${token}`)).json<CareView>();
const events = async () => (await send(w.owner.cookie, 'GET', '/api/legacy/audit')).json<AuditLog>();

const png = (background: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
const upload = (name: string, content: Buffer, field: string, contentType: string) =>
  multipart([{ name: field, filename: name, content, contentType }]);

async function makeWorld(): Promise<CareWorld> {
  const owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
  const recipient = await signUp(t.app, { firstName: 'Mary', surname: 'Shelley' });
  const post = (url: string, body: object) => postAs(t, owner.cookie, url, body);
  const photoId = idOf(await post('/api/photos', upload('garden.png', await png('#c96'), 'photo', 'image/png')));
  const secondPhotoId = idOf(await post('/api/photos', upload('house.png', await png('#69c'), 'photo', 'image/png')));
  const outsidePhotoId = idOf(await post('/api/photos', upload('private.png', await png('#333'), 'photo', 'image/png')));
  const memoryId = idOf(await post('/api/memories', { title: 'The garden', content: 'Roses in June', eventDate: '2019-06-01', tags: [] }));
  const documentIds: number[] = [];
  for (const [name, words] of [
    ['letter.txt', 'Dear reader'],
    ['insurance.txt', 'Policy 42'],
    ['will.txt', 'Private will'],
  ] as const)
    documentIds.push(idOf(await post('/api/vault', upload(name, Buffer.from(words), 'file', 'text/plain'))));
  const contactId = idOf(
    await post('/api/contacts', { firstName: 'Mary', lastName: 'Shelley', relationship: 'family', email: recipient.email }),
  );
  const collectionId = idOf(await post('/api/collections', { title: 'Summer in Paris' }));
  await post(`/api/collections/${collectionId}/items`, {
    photoIds: [photoId, secondPhotoId],
    memoryIds: [memoryId],
    documentIds: [documentIds[0]!],
  });
  const otherCollectionId = idOf(await post('/api/collections', { title: 'Private things' }));
  await post(`/api/collections/${otherCollectionId}/items`, { photoIds: [outsidePhotoId], documentIds: [documentIds[2]!] });
  const otherItemIds = (
    await t.db.select({ id: collectionItems.id }).from(collectionItems).where(eq(collectionItems.collectionId, otherCollectionId))
  ).map((r) => r.id);
  const personal = (await post(`/api/collections/${collectionId}/links`, { kind: 'personal', contactId })) as { id: number };
  return {
    owner,
    recipient,
    contactId,
    collectionId,
    otherCollectionId,
    photoId,
    outsidePhotoId,
    otherItemIds,
    personalGrantId: personal.id,
  };
}

async function itemIdOf(collectionId: number, photoId: number) {
  const rows = await t.db.select().from(collectionItems).where(eq(collectionItems.collectionId, collectionId));
  return rows.find((r) => r.photoId === photoId)!.id;
}

beforeAll(async () => {
  t = await buildTestAppWithSmtp();
  w = await makeWorld();
  caregiverEmail = w.recipient.email;
  settings.caregivers = [w.contactId];
  settings.scope.collectionIds = [w.collectionId];
  // an heir with a letter and a release of the other collection, both already released: never part of care
  const [heir] = await t.db.insert(heirs).values({ userId: w.owner.user.id, contactId: w.contactId, keyCodeHash: 'care-test' }).returning();
  const [letter] = await t.db
    .insert(letters)
    .values({ userId: w.owner.user.id, heirId: heir!.id, title: 'For you', body: 'Love' })
    .returning();
  const released = { userId: w.owner.user.id, contactId: w.contactId, heirId: heir!.id, linkKind: 'heir' as const, releasedAt: new Date() };
  const grantOf = async (target: { letterId: number } | { collectionId: number }) =>
    (
      await t.db
        .insert(grants)
        .values({ ...released, ...target, releaseCondition: 'after_death' })
        .returning()
    )[0]!.id;
  letterGrantId = await grantOf({ letterId: letter!.id });
  releaseGrantId = await grantOf({ collectionId: w.otherCollectionId });
  const stranger = await signUp(t.app);
  const form = multipart([{ name: 'file', filename: 'theirs.txt', content: Buffer.from('Not yours'), contentType: 'text/plain' }]);
  strangerDocumentId = (
    await t.app.inject({ method: 'POST', url: '/api/vault', headers: { cookie: stranger.cookie, ...form.headers }, payload: form.payload })
  ).json<{ id: number }>().id;
}, 120_000);
afterAll(async () => t?.close());

describe('care access', () => {
  let token: string;

  it('names a caregiver, who is mailed their link; a contact without an address or another owner’s collection is refused', async () => {
    const noAddress = (
      await send(w.owner.cookie, 'POST', '/api/contacts', { firstName: 'Nell', lastName: 'Gwyn', relationship: 'friend' })
    ).json<{ id: number }>().id;
    const refused = await send(w.owner.cookie, 'PUT', '/api/legacy/care', { ...settings, caregivers: [noAddress] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Nell Gwyn has no e-mail address. Add one to make them a caregiver.');
    expect((await send(w.recipient.cookie, 'PUT', '/api/legacy/care', settings)).statusCode).toBe(404);
    expect((await send(w.owner.cookie, 'PUT', '/api/legacy/care', { ...settings, waitingDays: 31 })).statusCode).toBe(400);

    const saved = await send(w.owner.cookie, 'PUT', '/api/legacy/care', settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CareSettings>()).toMatchObject({
      caregivers: [{ contactId: w.contactId, name: 'Mary Shelley', state: 'idle' }],
      scope: settings.scope,
      waitingDays: 3,
    });
    const mail = await t.smtp.waitForMail(caregiverEmail, { subject: 'Ada Lovelace named you a caregiver on heirloom' });
    expect(mail.text).toContain('the documents in the vault, one collection and the contacts after 3 days');
    expect(mail.text).toContain('Nothing meant for after their death is ever shown.');
    token = careTokenOf(mail);
    expect(await view(token)).toMatchObject({ ownerName: 'Ada Lovelace', state: 'idle', documents: [], collections: [], contacts: [] });
    const unknown = await send(undefined, 'GET', `/api/care/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('mails the owner when the caregiver asks; refusing during the wait gives no access and tells the caregiver', async () => {
    const asked = await send(undefined, 'POST', `/api/care/${token}/ask`, { message: 'Mum, I can pay the bills while you rest.' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json<CareView>()).toMatchObject({ state: 'asked', collections: [] });
    const mail = await t.smtp.waitForMail(w.owner.email, { subject: 'Mary Shelley asked for care access to your heirloom' });
    expect(mail.text).toContain('Mum, I can pay the bills while you rest.');

    const refuse = linkToken(mail, 'care/refuse');
    const refused = await send(undefined, 'POST', '/api/care/refuse', { token: refuse });
    expect(refused.json()).toEqual({ message: 'Refused. Mary Shelley will not see anything, and has been told.' });
    expect((await send(undefined, 'POST', '/api/care/refuse', { token: refuse })).statusCode).toBe(400);
    await t.smtp.waitForMail(caregiverEmail, { subject: 'Ada Lovelace refused care access' });
    expect((await view(token)).state).toBe('idle');
    // the timer of the refused request finds nothing to open, even after its moment
    const timer = clocked();
    timer.at(new Date(Date.now() + 4 * DAY));
    const [row] = await t.db.execute<{ id: number }>(sql`select id from caregivers where contact_id = ${w.contactId}`).then((r) => r.rows);
    await timer.service.openDue(row!.id);
    expect((await view(token)).state).toBe('idle');
  });

  it('opens when the waiting time has passed: exactly the documents, the chosen collection and the contacts, read-only', async () => {
    const before = Date.now();
    expect((await send(undefined, 'POST', `/api/care/${token}/ask`, {})).json<CareView>().state).toBe('asked');
    await t.smtp.waitForMail(w.owner.email, { subject: 'Mary Shelley asked for care access to your heirloom', count: 2 });
    // the timer is a durable job on the queue, due when the waiting time ends
    const jobs = await t.db.execute<{ start_after: Date; data: { caregiverId: number } }>(
      sql`select start_after, data from pgboss.job where name = ${CARE_OPEN_JOB} and state = 'created' order by created_on desc limit 1`,
    );
    const job = jobs.rows[0]!;
    expect(new Date(job.start_after).getTime()).toBeGreaterThanOrEqual(before + 3 * DAY);

    const timer = clocked();
    timer.at(new Date(Date.now() + 2 * DAY));
    await timer.service.openDue(job.data.caregiverId);
    expect((await view(token)).state).toBe('asked');
    timer.at(new Date(Date.now() + 3 * DAY + 60_000));
    await timer.service.openDue(job.data.caregiverId);
    await t.smtp.waitForMail(caregiverEmail, { subject: 'You can now see what Ada Lovelace chose to show you' });

    const open = await view(token);
    expect(open.state).toBe('open');
    expect(open.documents.map((d) => d.name).sort()).toEqual(['insurance.txt', 'letter.txt', 'will.txt']);
    expect(open.collections.map((c) => c.title)).toEqual(['Summer in Paris']);
    expect(open.contacts.map((c) => c.name)).toContain('Mary Shelley');
    const letterDoc = open.documents.find((d) => d.name === 'letter.txt')!;
    const doc = await send(undefined, 'GET', letterDoc.url);
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toBe('Dear reader');
    expect(doc.headers['cache-control']).toBe('private, no-store');

    const collection = await send(undefined, 'GET', open.collections[0]!.url);
    expect(collection.statusCode).toBe(200);
    expect(collection.json<{ photos: unknown[]; memories: unknown[] }>().photos).toHaveLength(2);
    const item = await itemIdOf(w.collectionId, w.photoId);
    expect((await send(undefined, 'GET', `${open.collections[0]!.url}/photos/${item}/thumbnail`)).statusCode).toBe(200);

    // nothing outside the scope: another collection, its photo, a letter, a release, another owner's document
    const base = `/api/care/${token}`;
    for (const url of [
      `${base}/collections/${releaseGrantId}`,
      `${base}/collections/${letterGrantId}`,
      `${base}/collections/${w.personalGrantId}`,
      `${open.collections[0]!.url}/photos/${w.otherItemIds[0]}/thumbnail`,
      `${open.collections[0]!.url}/photos/${w.outsidePhotoId}/thumbnail`,
      `${base}/documents/${strangerDocumentId}`,
    ])
      expect((await send(undefined, 'GET', url)).statusCode, url).toBe(404);
    // read-only: the caregiver's link changes nothing of the owner's
    expect((await send(undefined, 'POST', `${open.collections[0]!.url}`, {})).statusCode).toBe(404);
    // the owner sees the access open, for the banner
    const owner = (await send(w.owner.cookie, 'GET', '/api/legacy/care')).json<CareSettings>();
    expect(owner.caregivers[0]).toMatchObject({ state: 'open', openedAt: expect.any(String) });
  });

  it('ends when the owner ends it: the caregiver is told and everything is 404 again', async () => {
    const open = await view(token);
    const ended = await send(w.owner.cookie, 'POST', '/api/legacy/care/end');
    expect(ended.statusCode).toBe(200);
    expect(ended.json<CareSettings>().caregivers[0]!.state).toBe('idle');
    await t.smtp.waitForMail(caregiverEmail, { subject: "Care access to Ada Lovelace's heirloom has ended" });
    for (const url of [open.collections[0]!.url, open.documents[0]!.url])
      expect((await send(undefined, 'GET', url)).statusCode, url).toBe(404);
    expect(await view(token)).toMatchObject({ state: 'idle', documents: [], collections: [], contacts: [] });
  });

  it("ends when the plan is released after the owner's death, and cannot be asked for again", async () => {
    await send(w.owner.cookie, 'PUT', '/api/legacy/care', { ...settings, waitingDays: 0 });
    const open = (await send(undefined, 'POST', `/api/care/${token}/ask`, {})).json<CareView>();
    expect(open.state).toBe('open');
    await t.db.insert(legacyPlans).values({ userId: w.owner.user.id, state: 'released', releasedAt: new Date() });
    expect((await send(undefined, 'GET', open.collections[0]!.url)).statusCode).toBe(404);
    expect(await view(token)).toMatchObject({ state: 'idle', ended: true, collections: [] });
    await t.smtp.waitForMail(caregiverEmail, { subject: "Care access to Ada Lovelace's heirloom has ended", count: 2 });
    expect((await send(undefined, 'POST', `/api/care/${token}/ask`, {})).statusCode).toBe(409);
  });

  it('wrote every step into the plan’s audit chain', async () => {
    const log = await events();
    expect(log.chainIntact).toBe(true);
    expect(log.entries.map((e) => e.event)).toEqual([
      'care access settings saved',
      'caregiver named',
      'care access asked',
      'care access refused',
      'care access asked',
      'care access opened',
      'care access ended',
      'care access settings saved',
      'care access asked',
      'care access opened',
      'care access ended',
    ]);
    expect(log.entries.find((e) => e.event === 'care access opened')!.detail).toMatchObject({
      contactId: w.contactId,
      documents: true,
      collections: [w.collectionId],
      contacts: true,
    });
  });
});
