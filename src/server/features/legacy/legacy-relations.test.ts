// Releases chosen by relation (decision 065): "to each of my grandchildren" is expanded into heir grants from
// the family tree, follows the tree as it grows (a new grandchild receives what their cousins receive, and the
// owner is told by mail), shows who cannot receive and why, and an heir in the tree reads the owner as
// "your grandmother".
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_MESSAGES, type Heir, type ReceivedFamily, type RelationRule, type Release } from '@shared/schemas/legacy';
import { grants, heirs, treePersons, treeRelations } from '@server/db/schema';
import { multipart, signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';
import { call, jpeg, newKeyCode, openWith, release } from './legacy.test-world';

let t: MailTestApp;
type Actor = Awaited<ReturnType<typeof signUp>>;
let owner: Actor;
let stranger: Actor;
let collectionId: number;
let strangerCollectionId: number;
let ownerPerson: number;

beforeAll(async () => {
  t = await buildTestAppWithSmtp();
  owner = await signUp(t.app, { firstName: 'Rose', surname: 'King' });
  stranger = await signUp(t.app);
  const collection = async (who: Actor, title: string) =>
    (await call(t, who, 'POST', '/api/collections', { title })).json<{ id: number }>().id;
  collectionId = await collection(owner, 'Summers at the lake');
  strangerCollectionId = await collection(stranger, 'Not yours');
  ownerPerson = await person(owner, { givenNames: 'Rose', surname: 'King', sex: 'female', isOwner: true });
}, 60_000);
afterAll(async () => t?.close());

async function contact(who: Actor, firstName: string, email: string | null) {
  const res = await call(t, who, 'POST', '/api/contacts', { firstName, lastName: 'King', relationship: 'family', email });
  return Number(res.json<{ id: string | number }>().id);
}

async function person(
  who: Actor,
  values: {
    givenNames: string;
    surname?: string;
    sex?: 'female' | 'male';
    isOwner?: boolean;
    contactId?: number;
    birthDate?: string;
    died?: boolean;
  },
) {
  // a contact of the family, or the owner, may already have been placed in the tree: that person is the one
  const placed = values.contactId
    ? eq(treePersons.contactId, values.contactId)
    : values.isOwner
      ? and(eq(treePersons.userId, who.user.id), eq(treePersons.isOwner, true))
      : undefined;
  const [existing] = placed ? await t.db.select({ id: treePersons.id }).from(treePersons).where(placed) : [];
  if (existing) {
    await t.db.update(treePersons).set(values).where(eq(treePersons.id, existing.id));
    return existing.id;
  }
  const [row] = await t.db
    .insert(treePersons)
    .values({ userId: who.user.id, surname: 'King', ...values })
    .returning({ id: treePersons.id });
  return row!.id;
}

const childOf = (who: Actor, parent: number, child: number) =>
  t.db.insert(treeRelations).values({ userId: who.user.id, kind: 'parent', fromId: parent, toId: child, type: 'birth' });

const rules = async () => (await call(t, owner, 'GET', '/api/legacy/relation-rules')).json<RelationRule[]>();

let carol: number;
let anna: { personId: number; contactId: number };
let ruleId: number;

describe('a rule by relation', () => {
  it('gives the collection to each grandchild who can receive, and says who cannot and why', async () => {
    carol = await person(owner, { givenNames: 'Carol', sex: 'female', contactId: await contact(owner, 'Carol', 'carol@example.com') });
    await childOf(owner, ownerPerson, carol);
    anna = { contactId: await contact(owner, 'Anna', 'anna@example.com'), personId: 0 };
    anna.personId = await person(owner, { givenNames: 'Anna', sex: 'female', contactId: anna.contactId, birthDate: '2004-03-09' });
    const ben = await person(owner, { givenNames: 'Ben', sex: 'male', contactId: await contact(owner, 'Ben', null) });
    const cleo = await person(owner, { givenNames: 'Cleo', sex: 'female' });
    const gone = await person(owner, {
      givenNames: 'Tom',
      sex: 'male',
      died: true,
      contactId: await contact(owner, 'Tom', 'tom@example.com'),
    });
    for (const child of [anna.personId, ben, cleo, gone]) await childOf(owner, carol, child);

    const res = await call(t, owner, 'POST', '/api/legacy/relation-rules', { relation: 'grandchildren', collectionId });
    expect(res.statusCode).toBe(201);
    const rule = res.json<RelationRule>();
    ruleId = rule.id;
    expect(rule).toMatchObject({
      relation: 'grandchildren',
      label: 'each of your grandchildren',
      condition: 'after-death',
      target: { kind: 'collection', id: collectionId, title: 'Summers at the lake' },
      ownerInTree: true,
    });
    const byName = new Map(rule.members.map((m) => [m.name, m]));
    // the dead grandson is named by nobody; Carol is a child, not a grandchild
    expect([...byName.keys()].sort()).toEqual(['Anna King', 'Ben King', 'Cleo King']);
    expect(byName.get('Anna King')).toMatchObject({ status: 'receives', relation: 'your granddaughter', hasKeyCode: false });
    expect(byName.get('Anna King')!.message).toMatch(/key code/);
    expect(byName.get('Ben King')).toMatchObject({
      status: 'no-email',
      heirId: null,
      message: expect.stringMatching(/^Ben King has no e-mail address yet/),
    });
    expect(byName.get('Cleo King')).toMatchObject({ status: 'no-contact', heirId: null });

    // Anna became an heir (date of birth from the tree) with an ordinary heir grant of the collection
    const heirList = (await call(t, owner, 'GET', '/api/legacy/heirs')).json<Heir[]>();
    const annaHeir = heirList.find((h) => h.contactId === anna.contactId)!;
    expect(annaHeir).toMatchObject({ dateOfBirth: '2004-03-09', hasKeyCode: false });
    expect(byName.get('Anna King')!.heirId).toBe(annaHeir.id);
    const releases = (await call(t, owner, 'GET', '/api/legacy/releases')).json<Release[]>();
    const annaRelease = releases.find((r) => r.heirId === annaHeir.id)!;
    expect(Object.keys(annaRelease).sort()).toEqual(
      ['age', 'condition', 'createdAt', 'heirId', 'id', 'includeNames', 'releaseAt', 'releasedAt', 'target'].sort(),
    );
    expect(annaRelease).toMatchObject({ condition: 'after-death', target: { kind: 'collection', id: collectionId } });

    // such a grant goes with its rule, and its heir stays while the rule names them
    const del = await call(t, owner, 'DELETE', `/api/legacy/releases/${annaRelease.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ message: LEGACY_MESSAGES.releaseFromRule, code: 'RELEASE_FROM_RULE' });
    expect((await call(t, owner, 'DELETE', `/api/legacy/heirs/${annaHeir.id}`)).statusCode).toBe(409);
  });

  it('hands a new grandchild what their cousins receive, and tells the owner', async () => {
    const dora = await person(owner, { givenNames: 'Dora', sex: 'female', contactId: await contact(owner, 'Dora', 'dora@example.com') });
    const eli = await person(owner, { givenNames: 'Eli', sex: 'male' });
    // one statement: adding Dora's contact queued a look at the family that may run at any moment, and it must
    // see both grandchildren or neither
    await t.db
      .insert(treeRelations)
      .values([dora, eli].map((toId) => ({ userId: owner.user.id, kind: 'parent' as const, fromId: carol, toId, type: 'birth' as const })));
    await t.app.services.legacyRelations.familyChanged(owner.user.id);

    const mail = await t.smtp.waitForMail(owner.user.email, { subject: /Legacy Plan follows your family/ });
    expect(mail.subject).toContain('Dora King');
    expect(mail.text).toContain(
      'Dora King (your granddaughter) now receives “Summers at the lake” (each of your grandchildren, after your death).',
    );
    expect(mail.text).toMatch(
      /Eli King \(your grandson\) cannot receive “Summers at the lake” \(each of your grandchildren, after your death\) yet\. Eli King is not linked to a contact yet/,
    );
    // the grandchildren the owner already knew of are not announced again
    expect(mail.text).not.toContain('Anna King');

    const [doraHeir] = await t.db
      .select()
      .from(heirs)
      .where(eq(heirs.contactId, (await t.db.select().from(treePersons).where(eq(treePersons.id, dora)))[0]!.contactId!));
    const [annaHeir] = await t.db.select().from(heirs).where(eq(heirs.contactId, anna.contactId));
    const shape = async (heirId: number) => {
      const [g] = await t.db
        .select()
        .from(grants)
        .where(and(eq(grants.heirId, heirId), eq(grants.relationRuleId, ruleId)));
      return {
        collectionId: g!.collectionId,
        condition: g!.releaseCondition,
        includePlaces: g!.includePlaces,
        includeNames: g!.includeNames,
        kind: g!.linkKind,
      };
    };
    expect(await shape(doraHeir!.id)).toEqual(await shape(annaHeir!.id));

    // reading the rules again tells nobody twice
    await rules();
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.received.filter((m) => m.to.includes(owner.user.email) && /follows your family/.test(m.subject))).toHaveLength(1);
  });

  it('follows a grandchild added through the family tree’s own API, and the owner is told', async () => {
    const res = await call(t, owner, 'POST', '/api/contacts', {
      firstName: 'Gina',
      lastName: 'King',
      relationship: 'friend',
      email: 'gina@example.com',
    });
    const ginaContact = Number(res.json<{ id: string | number }>().id);
    const gina = await call(t, owner, 'POST', '/api/tree/persons', {
      givenNames: 'Gina',
      surname: 'King',
      sex: 'female',
      contactId: ginaContact,
    });
    expect(gina.statusCode, gina.body).toBe(201);
    const link = await call(t, owner, 'POST', '/api/tree/relations', {
      kind: 'parent',
      type: 'birth',
      from: carol,
      to: gina.json<{ id: number }>().id,
    });
    expect(link.statusCode, link.body).toBe(201);

    const mail = await t.smtp.waitForMail(owner.user.email, { subject: /Legacy Plan follows your family: Gina King/ });
    expect(mail.text).toContain('Gina King (your granddaughter) now receives “Summers at the lake”');
    const rule = (await rules()).find((r) => r.id === ruleId)!;
    expect(rule.members.find((m) => m.name === 'Gina King')).toMatchObject({ status: 'receives', relation: 'your granddaughter' });
  });

  it('takes back an unreleased grant from someone the rule no longer names, and the rule takes its grants with it', async () => {
    const frank = await person(owner, { givenNames: 'Frank', sex: 'male', contactId: await contact(owner, 'Frank', 'frank@example.com') });
    await childOf(owner, carol, frank);
    let rule = (await rules()).find((r) => r.id === ruleId)!;
    const frankHeir = rule.members.find((m) => m.name === 'Frank King')!.heirId!;
    // a mistake in the tree, put right
    await t.db.delete(treeRelations).where(eq(treeRelations.toId, frank));
    rule = (await rules()).find((r) => r.id === ruleId)!;
    expect(rule.members.map((m) => m.name)).not.toContain('Frank King');
    expect(await t.db.select().from(grants).where(eq(grants.heirId, frankHeir))).toHaveLength(0);

    const other = (await call(t, owner, 'POST', '/api/legacy/relation-rules', { relation: 'children', collectionId })).json<RelationRule>();
    expect(other.members.map((m) => [m.name, m.relation, m.status])).toEqual([['Carol King', 'your daughter', 'receives']]);
    expect((await call(t, owner, 'DELETE', `/api/legacy/relation-rules/${other.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(grants).where(eq(grants.relationRuleId, other.id))).toHaveLength(0);
  });

  it('is the owner’s alone, for the owner’s own things', async () => {
    expect((await call(t, stranger, 'DELETE', `/api/legacy/relation-rules/${ruleId}`)).statusCode).toBe(404);
    expect((await call(t, stranger, 'GET', '/api/legacy/relation-rules')).json()).toEqual([]);
    const theirs = await call(t, owner, 'POST', '/api/legacy/relation-rules', {
      relation: 'descendants',
      collectionId: strangerCollectionId,
    });
    expect(theirs.statusCode).toBe(404);
    const bad = await call(t, owner, 'POST', '/api/legacy/relation-rules', { relation: 'cousins', collectionId });
    expect(bad.statusCode).toBe(400);
    const two = await call(t, owner, 'POST', '/api/legacy/relation-rules', { relation: 'children', collectionId, photoId: 1 });
    expect(two.json()).toMatchObject({ message: LEGACY_MESSAGES.oneRuleTarget });
    expect((await call(t, undefined, 'GET', '/api/legacy/relation-rules')).statusCode).toBe(401);
  });
});

describe("the heir's view", () => {
  it('names the owner, and the people named in what was released, as the heir would: "your grandmother"', async () => {
    // Rose's mother, in the tree with no contact, named on a photo of a collection released with its names
    const ada = await person(owner, { givenNames: 'Ada', sex: 'female' });
    await childOf(owner, ada, ownerPerson);
    const upload = multipart([{ name: 'photo', filename: 'ada.jpg', content: await jpeg(), contentType: 'image/jpeg' }]);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie: owner.cookie, ...upload.headers },
      payload: upload.payload,
    });
    const uploaded = photo.json<{ id: string | number } | Array<{ id: string | number }>>();
    const photoId = Number((Array.isArray(uploaded) ? uploaded[0]! : uploaded).id);
    const face = await call(t, owner, 'POST', `/api/photos/${photoId}/faces`, {
      box: { x: 0.1, y: 0.1, width: 0.3, height: 0.3 },
      name: 'Ada King',
    });
    expect(face.statusCode, face.body).toBe(201);
    const album = (await call(t, owner, 'POST', '/api/collections', { title: 'Ada in 1962' })).json<{ id: number }>().id;
    await call(t, owner, 'POST', `/api/collections/${album}/items`, { photoIds: [photoId] });

    const [annaHeir] = await t.db.select().from(heirs).where(eq(heirs.contactId, anna.contactId));
    const added = await call(t, owner, 'POST', '/api/legacy/releases', { heirId: annaHeir!.id, collectionId: album, includeNames: true });
    expect(added.statusCode, added.body).toBe(201);
    const keyCode = await newKeyCode(t, owner, annaHeir!.id);
    for (const g of await t.db.select().from(grants).where(eq(grants.heirId, annaHeir!.id))) await release(t, g.id);
    const { cookie } = await openWith(t, keyCode);
    const res = await t.app.inject({ method: 'GET', url: '/api/legacy/received/family', headers: { cookie: cookie! } });
    expect(res.statusCode).toBe(200);
    expect(res.json<ReceivedFamily>()).toEqual({
      ownerName: 'Rose King',
      heirInTree: true,
      ownerRelation: 'your grandmother',
      relatives: [{ name: 'Ada King', relation: 'your great-grandmother' }],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/legacy/received/family' })).statusCode).toBe(401);
  });
});
