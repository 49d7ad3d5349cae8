// A person's page beyond their photos (issue 29): who else is in their photos, the photos they share, and the
// memories that name them. Faces are written straight into the tables: what is tested here is what the page
// reads, not how the model found them (people.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '@shared/schemas/memories';
import type { PersonPage, PersonTogether } from '@shared/schemas/people';
import type { PhotoPage } from '@shared/schemas/photos';
import { eq, inArray } from 'drizzle-orm';
import { faces, people, photos } from '@server/db/schema';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;

describe('a person page: together with, and the memories that name them', () => {
  let t: TestApp;
  let owner: Session;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  const get = async <T>(who: Session, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
    return { status: res.statusCode, body: res.json() as T };
  };
  const photo = async (who: Session) => {
    const [row] = await t.db
      .insert(photos)
      .values({ userId: who.user.id, filePath: 'x/none.jpg', fileName: 'IMG.JPG', fileSize: 1, mimeType: 'image/jpeg' })
      .returning({ id: photos.id });
    return row!.id;
  };
  const person = async (who: Session, name: string | null, hidden = false) => {
    const [row] = await t.db.insert(people).values({ userId: who.user.id, name, hidden }).returning({ id: people.id });
    return row!.id;
  };
  const inPhoto = (who: Session, photoId: number, ...personIds: number[]) =>
    t.db.insert(faces).values(
      personIds.map((personId, i) => ({
        userId: who.user.id,
        photoId,
        personId,
        boxX: i * 0.2,
        boxY: 0.1,
        boxWidth: 0.1,
        boxHeight: 0.1,
        source: 'manual' as const,
      })),
    );

  it('lists who is seen with a person, the most often first, and pages the photos they share', async () => {
    const rose = await person(owner, 'Rose Martin');
    const albert = await person(owner, 'Albert Martin');
    const child = await person(owner, null);
    const stranger = await person(owner, 'A stranger', true);
    const [p1, p2, p3, p4] = [await photo(owner), await photo(owner), await photo(owner), await photo(owner)];
    await inPhoto(owner, p1!, rose, albert, stranger);
    await inPhoto(owner, p2!, rose, albert, child);
    await inPhoto(owner, p3!, rose, child);
    await inPhoto(owner, p4!, albert);

    const together = await get<PersonTogether>(owner, `/api/people/${rose}/together`);
    expect(together.status).toBe(200);
    // Albert and the child twice each (named first on a tie); the hidden stranger never.
    expect(together.body.map((t) => [t.person.id, t.photoCount])).toEqual([
      [albert, 2],
      [child, 2],
    ]);
    expect(together.body[0]!.person).toMatchObject({ name: 'Albert Martin', coverUrl: expect.stringMatching(/^\/api\/photos\/image\//) });

    const both = await get<PhotoPage>(owner, `/api/people/${rose}/photos?with=${albert}`);
    expect(both.body.items.map((p) => p.id).sort()).toEqual([p1, p2].sort());
    const gallery = await get<PhotoPage>(owner, `/api/photos/page?person=${albert}&with=${child}`);
    expect(gallery.body.items.map((p) => p.id)).toEqual([p2]);
    expect((await get(owner, `/api/photos/page?with=${child}`)).status).toBe(400);

    // Another account's people are not found, whichever way they are asked about.
    const other = await signUp(t.app);
    const theirs = await person(other, 'Rose Martin');
    expect((await get(other, `/api/people/${rose}/together`)).status).toBe(404);
    expect((await get(owner, `/api/people/${rose}/photos?with=${theirs}`)).status).toBe(404);
    expect((await get(other, `/api/people/${rose}/memories`)).status).toBe(404);
  });

  it('shows the memories that name a person, newest first, and none while they have no name', async () => {
    const write = async (title: string, content: string, eventDate: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memories',
        headers: { cookie: owner.cookie },
        payload: { title, content, eventDate, isPublic: false, tags: [] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const wedding = await write('The wedding', 'Nan Hale wore her mother’s dress.', '1962-06-02');
    const garden = await write('Her garden', 'Every summer NAN HALE grew roses.', '1975-07-10');
    await write('Another Nan', 'Nan and Hale street are different things.', '1980-01-01');
    const nan = await person(owner, 'Nan Hale');
    const memories = await get<Memory[]>(owner, `/api/people/${nan}/memories`);
    expect(memories.body.map((m) => m.id)).toEqual([garden, wedding]);
    const unnamed = await person(owner, null);
    expect((await get<Memory[]>(owner, `/api/people/${unnamed}/memories`)).body).toEqual([]);
  });

  it('finds any of the owner’s people by part of their name, or only the unnamed, a page at a time', async () => {
    const me = await signUp(t.app);
    const rose = await person(me, 'Rose Martin');
    const roseanne = await person(me, 'ROSEANNE Hale');
    const ambrose = await person(me, 'Ambrose');
    await person(me, 'Albert Martin');
    const percent = await person(me, '100% Rose');
    const small = await person(me, null);
    const big = await person(me, null);
    const gone = await person(me, null); // no face left: never listed
    const p1 = await photo(me);
    const p2 = await photo(me);
    await inPhoto(me, p1, rose, small, big);
    await inPhoto(me, p2, big);
    await t.db
      .update(people)
      .set({ faceCount: 1 })
      .where(inArray(people.id, [rose, small]));
    await t.db.update(people).set({ faceCount: 2 }).where(eq(people.id, big));
    const theirs = await signUp(t.app);
    await person(theirs, 'Rose Other');

    const ids = async (url: string) => {
      const res = await get<PersonPage>(me, url);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    // named first by name, letter case aside; another account's Rose never
    expect((await ids('/api/people?q=rOsE')).items.map((p) => p.id)).toEqual([percent, ambrose, rose, roseanne]);
    expect((await ids('/api/people?q=%25')).items.map((p) => p.id)).toEqual([percent]); // % is a character, not a wildcard
    expect((await ids('/api/people?q=_')).items).toEqual([]);
    const first = await ids('/api/people?q=rose&limit=2');
    expect(first.items.map((p) => p.id)).toEqual([percent, ambrose]);
    const second = await ids(`/api/people?q=rose&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((p) => p.id)).toEqual([rose, roseanne]);
    expect(second.nextCursor).toBeNull();

    const unnamed = await ids('/api/people?named=false');
    expect(unnamed.items.map((p) => p.id)).toEqual([big, small]); // the most seen first
    expect(unnamed.items.map((p) => p.id)).not.toContain(gone);
    expect((await ids('/api/people?named=true')).items.every((p) => p.name !== null)).toBe(true);
    expect((await ids('/api/people')).items).toHaveLength(7);

    for (const bad of ['q=', 'q=%20%20', `q=${'x'.repeat(501)}`, 'named=yes', 'q=rose&named=false', 'q=rose&limit=0']) {
      const res = await get<{ message: string }>(me, `/api/people?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/people?q=rose' })).statusCode).toBe(401);

    // described in the API's document like every query
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string; description?: string }[] } }>;
    }>();
    const described = doc.paths['/api/people']?.get?.parameters?.filter((p) => p.in === 'query' && p.description).map((p) => p.name);
    expect(described).toEqual(expect.arrayContaining(['q', 'named']));
  });
});
