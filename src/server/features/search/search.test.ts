import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { faces, people, photos, vaultFiles } from '@server/db/schema';
import type { SearchHit, SearchResult } from '@shared/schemas/search';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;

describe('GET /api/search', () => {
  let t: TestApp;
  let owner: Session;
  let other: Session;

  const get = (who: Session | null, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: who ? { cookie: who.cookie } : {} });
  const search = async (who: Session, q: string, extra = ''): Promise<SearchResult> => {
    const res = await get(who, `q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const hits = (result: SearchResult) => result.groups.flatMap((g) => g.items);
  const titles = (result: SearchResult) => hits(result).map((h) => `${h.kind}:${h.title.text}`);
  const marked = (h: { text: string; ranges: Array<[number, number]> }) => h.ranges.map(([a, b]) => h.text.slice(a, b));

  const memory = async (who: Session, payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie: who.cookie },
      payload: { content: 'A day.', eventDate: '1990-05-01', isPublic: false, tags: [], ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const contact = async (who: Session, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts', headers: { cookie: who.cookie }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  // Photos and documents are rows with a file; search reads only the rows, so no bytes are stored for them.
  const photo = async (who: Session, values: Partial<typeof photos.$inferInsert>) => {
    const [row] = await t.db
      .insert(photos)
      .values({ userId: who.user.id, filePath: 'x/none.jpg', fileName: 'IMG_0001.JPG', fileSize: 1, mimeType: 'image/jpeg', ...values })
      .returning({ id: photos.id });
    return row!.id;
  };
  const document = async (who: Session, values: Partial<typeof vaultFiles.$inferInsert>) => {
    const [row] = await t.db
      .insert(vaultFiles)
      .values({
        userId: who.user.id,
        fileName: 'f',
        originalName: 'file.pdf',
        filePath: 'x/none.pdf',
        fileSize: 1,
        mimeType: 'application/pdf',
        ...values,
      })
      .returning({ id: vaultFiles.id });
    return row!.id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('finds a contact by the accent-less name, and highlights the accented one', async () => {
    await contact(owner, { firstName: 'José', lastName: 'Müller', relationship: 'family', familyRelation: 'Grandfather' });
    const result = await search(owner, 'jose muller');
    const hit = hits(result).find((h) => h.kind === 'contact')!;
    expect(hit.title.text).toBe('José Müller');
    expect(marked(hit.title)).toEqual(['José', 'Müller']);
    expect(hit.relationship).toBe('family');
  });

  it('finds by the prefix of the word being typed, and not once the word is finished', async () => {
    await memory(owner, { title: 'Wedding in Saint-Tropez', content: 'Everyone danced until morning.' });
    expect(titles(await search(owner, 'wedd'))).toContain('memory:Wedding in Saint-Tropez');
    // "wedd " (a space after it) is a whole word: nothing is called "wedd".
    expect(titles(await search(owner, 'wedd '))).not.toContain('memory:Wedding in Saint-Tropez');
    // Names are found whole, not stemmed away: the prefix of a surname works mid-typing too.
    expect(titles(await search(owner, 'Mül'))).toContain('contact:José Müller');
  });

  it('finds stemmed prose: "birthdays" finds a birthday', async () => {
    await memory(owner, { title: 'Grandma turns ninety', content: 'Her birthday party lasted all night.' });
    const result = await search(owner, 'birthdays party');
    const hit = hits(result).find((h) => h.title.text === 'Grandma turns ninety')!;
    expect(hit.snippet!.text).toContain('birthday party');
    expect(marked(hit.snippet!)).toContain('party');
  });

  it('finds by tag and place across kinds, grouped in a fixed order', async () => {
    const m = await memory(owner, { title: 'Summer', tags: ['lakehouse'], location: 'Annecy' });
    const p = await photo(owner, { title: 'Jetty at dusk', tags: ['lakehouse'], location: 'Annecy', cameraInfo: 'Canon EOS 5D' });
    const d = await document(owner, { originalName: 'lakehouse deed.pdf', description: 'Bought in 1972' });
    await contact(owner, { firstName: 'Pierre', lastName: 'Dubois', relationship: 'friend', notes: 'Neighbour at the lakehouse' });
    const result = await search(owner, 'lakehouse');
    expect(result.groups.map((g) => g.kind)).toEqual(['memory', 'photo', 'document', 'contact']);
    expect(result.groups[0]!.items.map((h) => h.id)).toContain(m);
    const photoHit = result.groups[1]!.items.find((h) => h.id === p)!;
    expect(photoHit.thumbnailUrl).toBe(`/api/photos/image/${p}?size=thumb`);
    expect(result.groups[2]!.items.map((h) => h.id)).toEqual([d]);
    expect(titles(await search(owner, 'annecy canon'))).toEqual(['photo:Jetty at dusk']);
  });

  it('finds a photo by what the model saw in it (its automatic labels, issue 29)', async () => {
    const walk = await photo(owner, { title: 'Sunday walk', labels: ['dog', 'bicycle'] });
    await photo(owner, { title: 'Sunday lunch', labels: ['cake'] });
    expect(titles(await search(owner, 'dog'))).toEqual(['photo:Sunday walk']);
    expect(titles(await search(owner, 'sunday cake'))).toEqual(['photo:Sunday lunch']);

    // A wrong label is removed by the owner; none is added by hand (their own words are tags).
    const patch = (labels: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/photos/${walk}`, headers: { cookie: owner.cookie }, payload: { labels } });
    const kept = await patch(['bicycle', 'cake']);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ labels: ['bicycle'] });
    expect(titles(await search(owner, 'dog'))).toEqual([]);
    expect(titles(await search(owner, 'cake'))).toEqual(['photo:Sunday lunch']);
    expect((await patch('dog')).statusCode).toBe(400);
    expect((await patch(['x'.repeat(500)])).statusCode).toBe(400);
    const stranger = await t.app.inject({
      method: 'PATCH',
      url: `/api/photos/${walk}`,
      headers: { cookie: other.cookie },
      payload: { labels: [] },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("finds the people in the photos by name, never a hidden one, and only the owner's (issue 29)", async () => {
    const [rose] = await t.db.insert(people).values({ userId: owner.user.id, name: 'Rose Martin' }).returning({ id: people.id });
    await t.db.insert(people).values([
      { userId: owner.user.id, name: 'Rosalind the stranger', hidden: true },
      { userId: owner.user.id, name: null },
    ]);
    await t.db.insert(people).values({ userId: other.user.id, name: 'Rose Other' });
    const result = await search(owner, 'ros');
    const group = result.groups.find((g) => g.kind === 'person')!;
    expect(group.items.map((h) => [h.id, h.title.text])).toEqual([[rose!.id, 'Rose Martin']]);
    expect(marked(group.items[0]!.title)).toEqual(['Rose']);
  });

  it('finds a photo by the names of the people in it, as they are renamed, hidden and moved (issue 29)', async () => {
    const beach = await photo(owner, { title: 'At the beach', location: 'Brighton' });
    const garden = await photo(owner, { title: 'In the garden' });
    const [nan] = await t.db.insert(people).values({ userId: owner.user.id, name: 'Winifred Hale' }).returning({ id: people.id });
    const box = { boxX: 0.1, boxY: 0.1, boxWidth: 0.2, boxHeight: 0.2, source: 'manual' as const };
    const [face] = await t.db
      .insert(faces)
      .values([
        { userId: owner.user.id, photoId: beach, personId: nan!.id, ...box },
        { userId: owner.user.id, photoId: garden, personId: null, ...box },
      ])
      .returning({ id: faces.id });
    const photosFound = async (q: string) => hits(await search(owner, q, '&kind=photo')).map((h) => h.id);

    expect(await photosFound('winifred')).toEqual([beach]);
    expect(await photosFound('winifred brighton')).toEqual([beach]); // her name and the place together
    expect(await photosFound('winifred')).not.toContain(garden);
    await t.db.update(people).set({ name: 'Nan Hale' }).where(eq(people.id, nan!.id));
    expect(await photosFound('winifred')).toEqual([]);
    expect(await photosFound('nan')).toEqual([beach]);
    await t.db.update(people).set({ hidden: true }).where(eq(people.id, nan!.id));
    expect(await photosFound('nan')).toEqual([]);
    await t.db.update(people).set({ hidden: false }).where(eq(people.id, nan!.id));
    // her face moved to the garden photo: found there, no longer at the beach
    await t.db.update(faces).set({ photoId: garden }).where(eq(faces.id, face!.id));
    expect(await photosFound('nan')).toEqual([garden]);
    await t.db.delete(faces).where(eq(faces.id, face!.id));
    expect(await photosFound('nan')).toEqual([]);
    expect(hits(await search(other, 'nan'))).toEqual([]);
  });

  it('says which photo hits are videos, with their length, and leaves out a poster not made yet (decision 038)', async () => {
    const ready = await photo(owner, {
      title: 'Harbour film ready',
      mimeType: 'video/mp4',
      videoPlayback: 'original',
      durationMs: 42_000,
      derivativeStatus: 'ready',
    });
    const pending = await photo(owner, { title: 'Harbour film pending', mimeType: 'video/quicktime', videoPlayback: 'preparing' });
    const picture = await photo(owner, { title: 'Harbour picture', derivativeStatus: 'ready' });
    await memory(owner, { title: 'Harbour walk' });
    for (const extra of ['', '&kind=photo']) {
      const byId = new Map(hits(await search(owner, 'harbour', extra)).map((h) => [`${h.kind}:${h.id}`, h]));
      expect(byId.get(`photo:${ready}`)).toMatchObject({
        mediaType: 'video',
        durationMs: 42_000,
        thumbnailUrl: `/api/photos/image/${ready}?size=thumb`,
      });
      expect(byId.get(`photo:${pending}`)).toMatchObject({ mediaType: 'video', durationMs: null, thumbnailUrl: null });
      expect(byId.get(`photo:${picture}`)).toMatchObject({
        mediaType: 'image',
        durationMs: null,
        thumbnailUrl: `/api/photos/image/${picture}?size=thumb`,
      });
    }
    const memoryHit = hits(await search(owner, 'harbour')).find((h) => h.kind === 'memory')!;
    expect(memoryHit).toMatchObject({ mediaType: null, durationMs: null, thumbnailUrl: null });
  });

  it('supports websearch syntax: "phrases", -exclusions and or', async () => {
    await memory(owner, { title: 'Red boat', content: 'The red boat sank.' });
    await memory(owner, { title: 'Red car', content: 'A red car.' });
    expect(titles(await search(owner, '"red boat"'))).toEqual(['memory:Red boat']);
    expect(titles(await search(owner, 'red -boat'))).toEqual(['memory:Red car']);
    expect(titles(await search(owner, 'boat or car')).sort()).toEqual(['memory:Red boat', 'memory:Red car']);
  });

  it("never returns another account's items", async () => {
    await memory(other, { title: 'Secret zanzibar trip' });
    await contact(other, { firstName: 'Zanzibar', lastName: 'Stranger', relationship: 'friend' });
    await photo(other, { title: 'zanzibar beach' });
    await document(other, { originalName: 'zanzibar.pdf' });
    expect((await search(owner, 'zanzibar')).groups).toEqual([]);
    expect(hits(await search(other, 'zanzibar'))).toHaveLength(4);
    expect((await search(owner, 'zanzibar', '&kind=photo')).groups).toEqual([]);
  });

  it('pages one kind with a cursor: every match exactly once, best first', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 45; i++)
      ids.push(await photo(owner, i % 3 === 0 ? { title: 'Orchard' } : { title: `Photo ${i}`, description: 'the orchard' }));
    const seen: SearchHit[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchResult = await search(owner, 'orchard', `&kind=photo${cursor ? `&cursor=${cursor}` : ''}`);
      const group = page.groups[0]!;
      expect(group.items.length).toBeLessThanOrEqual(20);
      seen.push(...group.items);
      cursor = group.nextCursor;
    } while (cursor);
    expect(seen.map((h) => h.id).sort((a, b) => a - b)).toEqual(ids);
    // A match in the title ranks above one in the description: all of those come first.
    expect(seen.slice(0, 15).every((h) => h.title.text === 'Orchard')).toBe(true);
    // Without kind, a group shows the first few and says there is more (paging is asked for by kind).
    const all = await search(owner, 'orchard');
    expect(all.groups[0]!.items).toHaveLength(5);
    expect(all.groups[0]!.hasMore).toBe(true);
    expect(all.groups[0]!.nextCursor).toBeNull();
  });

  it('keeps typed markup and tsquery syntax as plain text', async () => {
    const id = await memory(owner, { title: '<b>bold</b> & <i>odd</i>', content: 'it\'s a "test" | !x' });
    const hit = hits(await search(owner, 'bold')).find((h) => h.id === id)!;
    expect(hit.title.text).toBe('<b>bold</b> & <i>odd</i>');
    expect(marked(hit.title)).toEqual(['bold']);
    for (const q of ["it's", '!x', 'a | b', "'':*", '(((', 'x:*', '& bold', 'bold:A', '\\'])
      expect((await get(owner, `q=${encodeURIComponent(q)}`)).statusCode, q).toBeLessThan(500);
  });

  it('refuses an empty, blank, wordless or too long q, a bad kind and a bad cursor with a clear 400', async () => {
    const cases: Array<[string, RegExp]> = [
      ['', /q is required/],
      ['q=', /Type something/],
      ['q=%20%20', /Type something/],
      ['q=%22%22%20-%20!!', /at least one word/],
      ['q=-boat', /at least one word/],
      [`q=${'a'.repeat(201)}`, /at most 200/],
      ['q=a&kind=song', /kind must be/],
      ['q=a&kind=photo&cursor=nope', /Invalid cursor/],
      [`q=a&kind=photo&cursor=${Buffer.from('1:99999999999').toString('base64url')}`, /Invalid cursor/],
      [`q=a&cursor=${Buffer.from('0.5:3').toString('base64url')}`, /pass kind/],
    ];
    for (const [query, message] of cases) {
      const res = await get(owner, query);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { message: string }).message, query).toMatch(message);
    }
  });

  it('is for signed-in users only', async () => {
    expect((await get(null, 'q=lakehouse')).statusCode).toBe(401);
  });
});
