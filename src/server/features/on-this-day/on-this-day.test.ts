import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, faces, memories, people, photos } from '@server/db/schema';
import type { OnThisDay } from '@shared/schemas/on-this-day';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;

describe('GET /api/on-this-day', () => {
  let t: TestApp;
  let me: Session;
  let other: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    me = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  // Rows go straight into the tables: the endpoint reads metadata only, never the files.
  const photo = async (who: Session, title: string, dateTaken: string) => {
    const [row] = await t.db
      .insert(photos)
      .values({
        userId: who.user.id,
        filePath: `x/${title}.jpg`,
        fileName: `${title}.jpg`,
        fileSize: 1,
        mimeType: 'image/jpeg',
        title,
        dateTaken: new Date(dateTaken),
      })
      .returning({ id: photos.id });
    return row!.id;
  };
  const memory = async (who: Session, title: string, eventDate: string) => {
    const [row] = await t.db
      .insert(memories)
      .values({ userId: who.user.id, title, content: 'c', eventDate })
      .returning({ id: memories.id });
    return row!.id;
  };
  const contact = async (who: Session, firstName: string, birthday: string) => {
    const [row] = await t.db
      .insert(contacts)
      .values({ ownerId: who.user.id, firstName, lastName: 'Lee', relationship: 'family', birthday })
      .returning({ id: contacts.id });
    return row!.id;
  };
  const get = (who: Session | undefined, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/on-this-day?${query}`, headers: who ? { cookie: who.cookie } : {} });
  const onThisDay = async (who: Session, query: string) => {
    const res = await get(who, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OnThisDay;
  };
  const titlesByYear = (body: OnThisDay) =>
    Object.fromEntries(body.years.map((y) => [y.year, [...y.photos.map((p) => p.title), ...y.memories.map((m) => m.title)]]));

  it('shows photos and memories of this month and day in earlier years only, grouped by year, newest first', async () => {
    const user = await signUp(t.app);
    await photo(user, 'last-year', '2024-06-15T10:00:00Z');
    await photo(user, 'decade', '2015-06-15T23:30:00Z');
    await photo(user, 'this-year', '2025-06-15T08:00:00Z');
    await photo(user, 'day-before', '2024-06-14T12:00:00Z');
    await photo(user, 'day-after', '2024-06-16T00:00:00Z');
    await memory(user, 'Wedding', '1985-06-15');
    await memory(user, 'Today, again', '2025-06-15');
    await photo(other, 'not-mine', '2020-06-15T12:00:00Z');
    await memory(other, 'Not mine', '2020-06-15');

    const body = await onThisDay(user, 'date=2025-06-15');
    expect(body.date).toBe('2025-06-15');
    expect(body.years.map((y) => [y.year, y.yearsAgo])).toEqual([
      [2024, 1],
      [2015, 10],
      [1985, 40],
    ]);
    expect(titlesByYear(body)).toEqual({ 2024: ['last-year'], 2015: ['decade'], 1985: ['Wedding'] });
    expect(body.years[0]!.photos[0]).toMatchObject({
      fileName: 'last-year.jpg',
      filePath: expect.stringMatching(/^\/api\/photos\/image\/\d+$/),
    });
    expect(body.birthdays).toEqual([]);
  });

  it('leaves out the photos of a person the owner chose to leave out, and shows them again when asked (issue 29)', async () => {
    const who = await signUp(t.app);
    const withHim = await photo(who, 'With Grandpa', '2001-06-15T12:00:00Z');
    await photo(who, 'The garden', '2001-06-15T13:00:00Z');
    const [grandpa] = await t.db.insert(people).values({ userId: who.user.id, name: 'Grandpa' }).returning({ id: people.id });
    await t.db.insert(faces).values({
      userId: who.user.id,
      photoId: withHim,
      personId: grandpa!.id,
      boxX: 0.1,
      boxY: 0.1,
      boxWidth: 0.2,
      boxHeight: 0.2,
      source: 'manual',
    });
    const query = 'date=2026-06-15&tz=UTC';
    expect(titlesByYear(await onThisDay(who, query))).toEqual({ 2001: ['With Grandpa', 'The garden'] });
    const patch = (onThisDay: boolean) =>
      t.app.inject({ method: 'PATCH', url: `/api/people/${grandpa!.id}`, headers: { cookie: who.cookie }, payload: { onThisDay } });
    expect((await patch(false)).json()).toMatchObject({ onThisDay: false });
    const without = await onThisDay(who, query);
    expect(titlesByYear(without)).toEqual({ 2001: ['The garden'] });
    expect(without.years[0]!.photoCount).toBe(1);
    await patch(true);
    expect(titlesByYear(await onThisDay(who, query))).toEqual({ 2001: ['With Grandpa', 'The garden'] });
  });

  it("puts a photo on the day it was in the viewer's time zone (UTC without tz)", async () => {
    const user = await signUp(t.app);
    // 23:30 UTC on 14 June is 01:30 on 15 June in Paris (summer time)
    await photo(user, 'late', '2020-06-14T23:30:00Z');
    expect(titlesByYear(await onThisDay(user, 'date=2025-06-15&tz=Europe/Paris'))).toEqual({ 2020: ['late'] });
    expect(titlesByYear(await onThisDay(user, 'date=2025-06-15'))).toEqual({});
    expect(titlesByYear(await onThisDay(user, 'date=2025-06-14'))).toEqual({ 2020: ['late'] });
  });

  it('caps a year at 24 photos and says how many there are', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 30; i++)
      await photo(user, `p${String(i).padStart(2, '0')}`, `2010-03-03T${String(i % 24).padStart(2, '0')}:00:00Z`);
    const [year] = (await onThisDay(user, 'date=2020-03-03')).years;
    expect(year).toMatchObject({ year: 2010, photoCount: 30 });
    expect(year!.photos).toHaveLength(24);
    expect(new Set(year!.photos.map((p) => p.id)).size).toBe(24);
  });

  it('handles 29 February: shown on 28 February of a common year, and only leap years on the 29th', async () => {
    const user = await signUp(t.app);
    await photo(user, 'leap-day', '2024-02-29T12:00:00Z');
    await photo(user, 'eve', '2024-02-28T12:00:00Z');
    await photo(user, 'eve-2023', '2023-02-28T12:00:00Z');
    expect(titlesByYear(await onThisDay(user, 'date=2025-02-28'))).toEqual({ 2024: ['eve', 'leap-day'], 2023: ['eve-2023'] });
    expect(titlesByYear(await onThisDay(user, 'date=2028-02-29'))).toEqual({ 2024: ['leap-day'] });
    expect(titlesByYear(await onThisDay(user, 'date=2028-02-28'))).toEqual({ 2024: ['eve'], 2023: ['eve-2023'] });
  });

  it('lists birthdays of the next 14 days across the year end, with the age reached', async () => {
    const user = await signUp(t.app);
    const ada = await contact(user, 'Ada', '1950-12-25');
    const bo = await contact(user, 'Bo', '1990-01-07');
    await contact(user, 'Cy', '1990-01-08'); // 14 days away: outside
    await contact(user, 'Di', '1980-12-24'); // yesterday
    await contact(other, 'Ed', '1970-12-26');
    const body = await onThisDay(user, 'date=2025-12-25');
    expect(body.birthdays).toEqual([
      { contactId: ada, firstName: 'Ada', lastName: 'Lee', relationship: 'family', date: '2025-12-25', daysAway: 0, turns: 75 },
      { contactId: bo, firstName: 'Bo', lastName: 'Lee', relationship: 'family', date: '2026-01-07', daysAway: 13, turns: 36 },
    ]);
    expect(body.years).toEqual([]);
  });

  it('keeps a 29 February birthday on 28 February in a common year', async () => {
    const user = await signUp(t.app);
    const leapling = await contact(user, 'Leap', '2000-02-29');
    expect((await onThisDay(user, 'date=2025-02-20')).birthdays).toEqual([
      expect.objectContaining({ contactId: leapling, date: '2025-02-28', daysAway: 8, turns: 25 }),
    ]);
    expect((await onThisDay(user, 'date=2028-02-20')).birthdays).toEqual([
      expect.objectContaining({ contactId: leapling, date: '2028-02-29', daysAway: 9, turns: 28 }),
    ]);
    // not born yet on a day long before
    expect((await onThisDay(user, 'date=1990-02-20')).birthdays).toEqual([]);
  });

  it("never shows another account's items", async () => {
    await photo(other, 'theirs', '2001-09-09T12:00:00Z');
    await memory(other, 'Theirs', '2001-09-09');
    await contact(other, 'Their friend', '1960-09-10');
    const body = await onThisDay(me, 'date=2025-09-09');
    expect(body).toEqual({ date: '2025-09-09', years: [], birthdays: [] });
  });

  it.each([
    [''],
    ['date='],
    ['date=2025-02-30'],
    ['date=2025-13-01'],
    ['date=25-01-01'],
    ['date=2025-1-1'],
    ['date=0000-01-01'],
    ['date=1899-12-31'],
    ['date=9999-12-31'],
    ['date=2025-06-15T00:00:00Z'],
    ["date=2025-06-15'%20or%201=1--"],
    ['date=2025-06-15&date=2025-06-16'],
    ['date=2025-06-15&tz=Mars/Base'],
    ['date=2025-06-15&tz=%2B05'],
    ['date=2025-06-15&tz=' + 'A'.repeat(100)],
  ])('refuses %s with a clear 400', async (query) => {
    const res = await get(me, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.stringMatching(/date must be|tz must be/) }));
  });

  it('needs a session', async () => {
    expect((await get(undefined, 'date=2025-06-15')).statusCode).toBe(401);
  });
});
