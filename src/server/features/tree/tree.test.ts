import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faces, people, photos } from '@server/db/schema';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;
interface Person {
  id: number;
  givenNames: string;
  surname: string;
  [key: string]: unknown;
}

describe('/api/tree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const call = (who: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/tree${url}`, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const person = async (who: Session, payload: Record<string, unknown>): Promise<Person> => {
    const res = await call(who, 'POST', '/persons', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const named = (who: Session, givenNames: string, surname: string, more: Record<string, unknown> = {}) =>
    person(who, { givenNames, surname, ...more });
  const link = (who: Session, payload: Record<string, unknown>) => call(who, 'POST', '/relations', payload);
  const parent = async (who: Session, from: number, to: number, type = 'birth') => {
    const res = await link(who, { kind: 'parent', from, to, type });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const me = async (who: Session): Promise<Person> => (await call(who, 'GET', '/me')).json();

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tree/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/tree/persons', payload: {} })).statusCode).toBe(401);
  });

  it('makes the owner a person from their profile, once, and never lets it be removed', async () => {
    const ada = await signUp(t.app, { firstName: 'Ada', surname: 'Martin', dateOfBirth: '1960-12-10', gender: 'female' });
    const [first, second] = await Promise.all([call(ada, 'GET', '/me'), call(ada, 'GET', '/me')]);
    expect(first.json()).toMatchObject({
      givenNames: 'Ada',
      surname: 'Martin',
      sex: 'female',
      birth: { date: '1960-12-10' },
      isOwner: true,
      living: true,
      death: null,
      warnings: [],
    });
    expect(second.json().id).toBe(first.json().id);
    const removed = await call(ada, 'DELETE', `/persons/${first.json().id}`);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toBe('You cannot remove yourself from your own tree');
  });

  it('creates, reads, changes and removes a person, and derives whether they are living', async () => {
    const ada = await signUp(t.app);
    const rose = await named(ada, ' Rose ', 'Martin', { birthSurname: 'Dupont', sex: 'female', birth: { date: 'c. 1890', place: 'Lyon' } });
    expect(rose).toMatchObject({ givenNames: 'Rose', birthSurname: 'Dupont', birth: { date: 'c. 1890', place: 'Lyon' }, living: false });
    const changed = await call(ada, 'PATCH', `/persons/${rose.id}`, { death: { date: '1962-03' }, note: 'Kept the bakery.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ death: { date: '1962-03', place: null }, note: 'Kept the bakery.', birth: { place: 'Lyon' } });
    const young = await named(ada, 'Lia', 'Martin', { birth: { date: '2001' } });
    expect(young.living).toBe(true);
    expect((await call(ada, 'PATCH', `/persons/${young.id}`, { living: false })).json().living).toBe(false);
    expect((await call(ada, 'GET', `/persons/${rose.id}`)).json().note).toBe('Kept the bakery.');
    expect((await call(ada, 'DELETE', `/persons/${rose.id}`)).statusCode).toBe(204);
    expect((await call(ada, 'GET', `/persons/${rose.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a clear 400', async () => {
    const ada = await signUp(t.app);
    const bad = await call(ada, 'POST', '/persons', { sex: 'robot' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Sex must be female, male, other or unknown');
    const kind = await link(ada, { kind: 'cousin', from: 1, to: 2 });
    expect(kind.statusCode).toBe(400);
    expect((await call(ada, 'GET', '/graph?up=99')).statusCode).toBe(400);
  });

  it('answers 404 for another user’s persons, links and contacts, and links nothing of theirs', async () => {
    const ada = await signUp(t.app);
    const eve = await signUp(t.app);
    const theirs = await named(eve, 'Eve', 'Other');
    const mine = await named(ada, 'Rose', 'Martin');
    const theirLink = await parent(eve, theirs.id, (await named(eve, 'Kid', 'Other')).id);
    for (const [method, url] of [
      ['GET', `/persons/${theirs.id}`],
      ['PATCH', `/persons/${theirs.id}`],
      ['DELETE', `/persons/${theirs.id}`],
      ['GET', `/persons/${theirs.id}/relations`],
      ['GET', `/persons/${theirs.id}/relation-to-me`],
      ['GET', `/graph?root=${theirs.id}`],
      ['DELETE', `/relations/${theirLink.id}`],
    ] as const) {
      const res = await call(ada, method, url, method === 'PATCH' ? { note: 'x' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await link(ada, { kind: 'parent', from: mine.id, to: theirs.id })).statusCode).toBe(404);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { cookie: eve.cookie },
      payload: { firstName: 'Sam', relationship: 'friend' },
    });
    const stolen = await call(ada, 'PATCH', `/persons/${mine.id}`, { contactId: contact.json().id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Contact not found');
    expect((await call(ada, 'POST', '/persons', { givenNames: 'X', personId: 2_000_000 })).statusCode).toBe(404);
  });

  it('keeps one tree person per contact', async () => {
    const ada = await signUp(t.app);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { cookie: ada.cookie },
      payload: { firstName: 'Sam', relationship: 'friend' },
    });
    const sam = await named(ada, 'Sam', '', { contactId: contact.json().id });
    const twice = await call(ada, 'POST', '/persons', { givenNames: 'Sam again', contactId: contact.json().id });
    expect(twice.statusCode).toBe(409);
    // the Family page's "Show in the tree" finds them by their contact; another account finds no one
    const found = await call(ada, 'GET', `/persons?contactId=${contact.json().id}`);
    expect((found.json() as { items: Person[] }).items.map((p) => p.id)).toEqual([sam.id]);
    const other = await signUp(t.app);
    expect((await call(other, 'GET', `/persons?contactId=${contact.json().id}`)).json().items).toEqual([]);
    expect((await call(ada, 'GET', '/persons?contactId=0x1')).statusCode).toBe(400);
    expect((await call(ada, 'GET', '/persons?personId=2147483648')).statusCode).toBe(400);
  });

  it('shows the face of the photos’ person as the picture', async () => {
    const ada = await signUp(t.app);
    const [photo] = await t.db
      .insert(photos)
      .values({ userId: ada.user.id, filePath: 'users/x/p.jpg', fileName: 'p.jpg', fileSize: 1, mimeType: 'image/jpeg' })
      .returning({ id: photos.id });
    const [seen] = await t.db.insert(people).values({ userId: ada.user.id, name: 'Rose' }).returning({ id: people.id });
    const box = { boxX: 0.2, boxY: 0.2, boxWidth: 0.2, boxHeight: 0.2, source: 'manual' as const };
    await t.db.insert(faces).values({ userId: ada.user.id, photoId: photo!.id, personId: seen!.id, ...box });
    const rose = await named(ada, 'Rose', 'Martin', { personId: seen!.id });
    expect(rose.pictureUrl).toBe(`/api/photos/image/${photo!.id}?size=thumb`);
    const byFace = await call(ada, 'GET', `/persons?personId=${seen!.id}`);
    expect((byFace.json() as { items: Person[] }).items.map((p) => p.id)).toEqual([rose.id]);
    expect((await named(ada, 'No', 'Face')).pictureUrl).toBeNull();
    const twice = await call(ada, 'POST', '/persons', { givenNames: 'Rose again', personId: seen!.id });
    expect(twice.statusCode).toBe(409);
  });

  it('lists persons a page at a time by surname, and finds them by part of a name', async () => {
    const ada = await signUp(t.app, { firstName: 'Ada', surname: 'Zeller' });
    await named(ada, 'Rose', 'Martin', { birthSurname: 'Dupont' });
    await named(ada, 'Albert', 'Martin');
    await named(ada, 'Jean', 'Dupont');
    const page = async (query: string) => {
      const res = await call(ada, 'GET', `/persons?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: Person[]; nextCursor: string | null };
      return { names: body.items.map((p) => `${p.givenNames} ${p.surname}`), nextCursor: body.nextCursor };
    };
    expect((await page('')).names).toEqual(['Jean Dupont', 'Albert Martin', 'Rose Martin', 'Ada Zeller']);
    expect((await page('q=dupont')).names).toEqual(['Jean Dupont', 'Rose Martin']);
    const first = await page('limit=2');
    expect(first.names).toEqual(['Jean Dupont', 'Albert Martin']);
    const second = await page(`limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second).toEqual({ names: ['Rose Martin', 'Ada Zeller'], nextCursor: null });
    expect((await call(ada, 'GET', '/persons?cursor=nonsense')).statusCode).toBe(400);
  });

  it('warns about impossible dates and keeps them', async () => {
    const ada = await signUp(t.app);
    const odd = await named(ada, 'Odd', 'Dates', { birth: { date: '1900' }, death: { date: '1890' } });
    expect(odd.warnings).toEqual(['Died (1890) before being born (1900)']);
    const mother = await named(ada, 'Young', 'Mother', { birth: { date: '1900' } });
    const child = await named(ada, 'Early', 'Child', { birth: { date: '1908' } });
    await parent(ada, mother.id, child.id);
    expect((await call(ada, 'GET', `/persons/${child.id}`)).json().warnings).toEqual(['Young Mother was 8 at the birth of Early Child']);
    // said in the reader's language
    const german = await t.app.inject({
      method: 'GET',
      url: `/api/tree/persons/${odd.id}`,
      headers: { cookie: ada.cookie, 'accept-language': 'de' },
    });
    expect(german.json().warnings).toEqual(['Gestorben (1890) vor der Geburt (1900)']);
  });

  it('refuses a cycle, naming the chain', async () => {
    const ada = await signUp(t.app);
    const anna = await named(ada, 'Anna', 'Martin', { sex: 'female' });
    const rose = await named(ada, 'Rose', 'Martin', { sex: 'female' });
    const paul = await named(ada, 'Paul', 'Martin', { sex: 'male' });
    await parent(ada, anna.id, rose.id);
    const direct = await link(ada, { kind: 'parent', from: rose.id, to: anna.id });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toBe("Rose Martin cannot be a parent of Anna Martin: Anna Martin is already Rose Martin's mother");
    await parent(ada, rose.id, paul.id);
    const longer = await link(ada, { kind: 'parent', from: paul.id, to: anna.id });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().message).toBe(
      "Paul Martin cannot be a parent of Anna Martin: Anna Martin is already Paul Martin's grandmother (Anna Martin, parent of Rose Martin, parent of Paul Martin)",
    );
    expect((await link(ada, { kind: 'parent', from: anna.id, to: anna.id })).statusCode).toBe(400);
    expect((await link(ada, { kind: 'parent', from: anna.id, to: rose.id, type: 'adoptive' })).statusCode).toBe(409);
  });

  it('refuses a third birth parent but takes a step-parent', async () => {
    const ada = await signUp(t.app);
    const child = await named(ada, 'Kid', 'Martin');
    const [a, b, c] = await Promise.all([named(ada, 'A', 'One'), named(ada, 'B', 'Two'), named(ada, 'C', 'Three')]);
    await parent(ada, a.id, child.id);
    await parent(ada, b.id, child.id);
    const third = await link(ada, { kind: 'parent', from: c.id, to: child.id, type: 'birth' });
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe('Kid Martin already has two birth parents: A One and B Two');
    await parent(ada, c.id, child.id, 'step');
  });

  it('stores a partnership once, either way round, and removes links', async () => {
    const ada = await signUp(t.app);
    const a = await named(ada, 'A', 'One');
    const b = await named(ada, 'B', 'Two');
    const made = await link(ada, { kind: 'partner', from: b.id, to: a.id, start: '1950-06-01' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ kind: 'partner', from: a.id, to: b.id, type: 'married', start: '1950-06-01' });
    expect((await link(ada, { kind: 'partner', from: a.id, to: b.id })).statusCode).toBe(409);
    expect((await call(ada, 'DELETE', `/relations/${made.json().id}`)).statusCode).toBe(204);
    expect((await call(ada, 'DELETE', `/relations/${made.json().id}`)).statusCode).toBe(404);
  });

  it('derives siblings, half-siblings, grandparents and in-laws, and names them from the owner', async () => {
    const ada = await signUp(t.app, { gender: 'female' });
    const owner = await me(ada);
    const mum = await named(ada, 'Rose', 'Martin', { sex: 'female' });
    const dad = await named(ada, 'Paul', 'Martin', { sex: 'male' });
    const other = await named(ada, 'Vera', 'Klein', { sex: 'female' });
    const sister = await named(ada, 'Lia', 'Martin', { sex: 'female' });
    const half = await named(ada, 'Tom', 'Klein', { sex: 'male' });
    const grandma = await named(ada, 'Anna', 'Martin', { sex: 'female' });
    const husband = await named(ada, 'Max', 'Weber', { sex: 'male' });
    const motherInLaw = await named(ada, 'Greta', 'Weber', { sex: 'female' });
    const daughter = await named(ada, 'Mia', 'Weber', { sex: 'female' });
    const granddaughter = await named(ada, 'Ella', 'Weber', { sex: 'female' });
    for (const [p, c] of [
      [mum, owner],
      [dad, owner],
      [mum, sister],
      [dad, sister],
      [dad, half],
      [other, half],
      [grandma, mum],
      [motherInLaw, husband],
      [owner, daughter],
      [daughter, granddaughter],
    ] as const)
      await parent(ada, p.id, c.id);
    expect((await link(ada, { kind: 'partner', from: owner.id, to: husband.id })).statusCode).toBe(201);

    const res = await call(ada, 'GET', `/persons/${owner.id}/relations`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { relatives: Array<{ personId: number; kind: string; label: string | null }>; persons: Person[] };
    const kinds = Object.fromEntries(body.relatives.map((r) => [r.personId, [r.kind, r.label]]));
    expect(kinds[sister.id]).toEqual(['sibling', 'sister']);
    expect(kinds[half.id]).toEqual(['half-sibling', 'half-brother']);
    expect(kinds[grandma.id]).toEqual(['grandparent', 'grandmother']);
    expect(kinds[motherInLaw.id]).toEqual(['parent-in-law', 'mother-in-law']);
    expect(kinds[granddaughter.id]).toEqual(['grandchild', 'granddaughter']);
    expect(kinds[husband.id]).toEqual(['partner', 'husband']);
    expect(body.persons.map((p) => p.id)).toContain(grandma.id);
    const husbandsView = (await call(ada, 'GET', `/persons/${husband.id}/relations`)).json() as typeof body;
    expect(husbandsView.relatives.find((r) => r.personId === sister.id)).toMatchObject({ kind: 'sibling-in-law', label: 'sister-in-law' });

    const toMe = await call(ada, 'GET', `/persons/${grandma.id}/relation-to-me`);
    expect(toMe.json()).toMatchObject({ label: 'your grandmother', path: [{ personId: mum.id }, { personId: grandma.id }] });
    const stranger = await named(ada, 'No', 'Tie');
    expect((await call(ada, 'GET', `/persons/${stranger.id}/relation-to-me`)).json()).toEqual({ label: null, labels: [], path: [] });
    // the owner's daughter looking at the owner: what the Legacy Plan and an heir's view ask the service
    expect(await t.app.services.tree.relationWord(ada.user.id, daughter.id, owner.id)).toBe('your mother');
    expect(await t.app.services.tree.relationWord(ada.user.id, daughter.id, mum.id)).toBe('your grandmother');
    const graph = await t.app.services.tree.familyGraph(ada.user.id);
    expect(graph.ownerId).toBe(String(owner.id));
    expect(graph.parents).toHaveLength(10);

    const view = await call(ada, 'GET', `/graph?up=1&down=1`);
    expect(view.statusCode, view.body).toBe(200);
    const shown = view.json() as { rootId: number; persons: Array<Person & { relationToViewer: string | null }>; truncated: boolean };
    expect(shown.rootId).toBe(owner.id);
    const words = Object.fromEntries(shown.persons.map((p) => [p.id, p.relationToViewer]));
    expect(words[mum.id]).toBe('your mother');
    expect(words[sister.id]).toBe('your sister');
    expect(words[husband.id]).toBe('your husband');
    expect(words[grandma.id]).toBeUndefined();
    expect(shown.truncated).toBe(true);
  });

  it('places a family contact chosen as Mother as the owner’s mother, once, and keeps them when the contact goes', async () => {
    const ada = await signUp(t.app);
    const contacts = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/contacts${url}`, headers: { cookie: ada.cookie }, ...(payload ? { payload } : {}) });
    const made = await contacts('POST', '', {
      firstName: 'Rose',
      lastName: 'Martin',
      birthday: '1935-04-02',
      relationship: 'family',
      familyRelation: 'Mother',
    });
    expect(made.statusCode).toBe(201);
    expect(Object.keys(made.json()).sort()).toEqual(
      [
        'address',
        'birthday',
        'createdAt',
        'email',
        'familyRelation',
        'firstName',
        'id',
        'language',
        'lastName',
        'linkedUserId',
        'notes',
        'ownerId',
        'phoneNumber',
        'relationship',
        'updatedAt',
      ].sort(),
    );
    const owner = await me(ada);
    const relations = async () =>
      (await call(ada, 'GET', `/persons/${owner.id}/relations`)).json() as {
        relatives: Array<{ personId: number; kind: string; label: string }>;
        persons: Person[];
      };
    const first = await relations();
    const mother = first.persons.find((p) => p.contactId === made.json().id)!;
    expect(mother).toMatchObject({ givenNames: 'Rose', surname: 'Martin', sex: 'female', birth: { date: '1935-04-02' } });
    expect(first.relatives).toEqual([{ personId: mother.id, kind: 'parent', label: 'mother' }]);
    expect((await contacts('PATCH', `/${made.json().id}`, { familyRelation: 'Mother', notes: 'again' })).statusCode).toBe(200);
    expect((await relations()).relatives).toHaveLength(1);

    await contacts('POST', '', { firstName: 'Paul', lastName: 'Martin', relationship: 'family', familyRelation: 'Father' });
    const brother = await contacts('POST', '', { firstName: 'Leo', lastName: 'Martin', relationship: 'family', familyRelation: 'Brother' });
    const cousin = await contacts('POST', '', { firstName: 'Kim', relationship: 'family', familyRelation: 'Cousin' });
    await contacts('POST', '', { firstName: 'Pat', relationship: 'friend' });
    const after = await relations();
    const leo = after.persons.find((p) => p.contactId === brother.json().id)!;
    expect(after.relatives.find((r) => r.personId === leo.id)).toMatchObject({ kind: 'sibling', label: 'brother' });
    const all = (await call(ada, 'GET', '/persons')).json() as { items: Person[] };
    expect(all.items.map((p) => p.givenNames).sort()).toEqual(['Ada', 'Kim', 'Leo', 'Paul', 'Rose']);
    expect(all.items.find((p) => p.contactId === cousin.json().id)).toBeDefined();

    expect((await contacts('DELETE', `/${made.json().id}`)).statusCode).toBe(204);
    expect((await call(ada, 'GET', `/persons/${mother.id}`)).json()).toMatchObject({ givenNames: 'Rose', contactId: null });
  });
});
