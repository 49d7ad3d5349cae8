// Decision 067: dates as old photos have them. Precision and margin through the photo, bulk and memory routes;
// On This Day only for day-precise dates; the timeline and search carry them; a year, a decade or a month typed
// into search finds what is dated in it. Real app, real PostgreSQL.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '@shared/schemas/memories';
import type { OnThisDay } from '@shared/schemas/on-this-day';
import type { Photo } from '@shared/schemas/photos';
import type { SearchResult } from '@shared/schemas/search';
import type { TimelinePeriod } from '@shared/schemas/timeline';
import { buildTestApp, idOf, multipart, postAs, signUp, type TestApp } from '@tests/helpers/server';

describe('dates known to a day, a month, a year, a decade or about a year', () => {
  let t: TestApp;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    // no EXIF: a scan, with no date of its own
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#963' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  const upload = async (cookie: string) =>
    idOf(
      await postAs(
        t,
        cookie,
        '/api/photos',
        multipart([{ name: 'photo', filename: 'scan.jpg', content: jpeg, contentType: 'image/jpeg' }]),
      ),
    );
  const inject = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  const photo = async (cookie: string, id: number): Promise<Photo> => (await inject(cookie, 'GET', `/api/photos/${id}`)).json();
  const memory = async (cookie: string, payload: object): Promise<Memory> => {
    const res = await inject(cookie, 'POST', '/api/memories', { title: 'A day', content: 'What happened.', ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const found = async (cookie: string, q: string, kind: 'photo' | 'memory') => {
    const res = await inject(cookie, 'GET', `/api/search?q=${encodeURIComponent(q)}&kind=${kind}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SearchResult).groups.flatMap((g) => g.items.map((i) => i.id)).sort((a, b) => a - b);
  };

  it('keeps a scan without a date undated, and PATCH sets, keeps and clears precision', async () => {
    const { cookie } = await signUp(t.app);
    const id = await upload(cookie);
    expect(await photo(cookie, id)).toMatchObject({ dateTaken: null, dateTakenPrecision: null, dateTakenMargin: null });

    // a month: stored at the first day of the month, noon UTC
    let res = await inject(cookie, 'PATCH', `/api/photos/${id}`, { dateTaken: '1962-06-14T15:05:00-04:00', dateTakenPrecision: 'month' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dateTaken: '1962-06-01T12:00:00.000Z', dateTakenPrecision: 'month', dateTakenMargin: null });

    // about a year give or take five; a margin with another precision is not kept
    res = await inject(cookie, 'PATCH', `/api/photos/${id}`, {
      dateTaken: '1955-03-01T00:00:00Z',
      dateTakenPrecision: 'about',
      dateTakenMargin: 5,
    });
    expect(res.json()).toMatchObject({ dateTaken: '1955-01-01T12:00:00.000Z', dateTakenPrecision: 'about', dateTakenMargin: 5 });
    // a new date without a precision keeps the photo's (and its margin)
    res = await inject(cookie, 'PATCH', `/api/photos/${id}`, { dateTaken: '1957-08-01T00:00:00Z' });
    expect(res.json()).toMatchObject({ dateTaken: '1957-01-01T12:00:00.000Z', dateTakenPrecision: 'about', dateTakenMargin: 5 });
    // a precision alone re-dates the photo's own date
    res = await inject(cookie, 'PATCH', `/api/photos/${id}`, { dateTakenPrecision: 'decade', dateTakenMargin: 3 });
    expect(res.json()).toMatchObject({ dateTaken: '1950-01-01T12:00:00.000Z', dateTakenPrecision: 'decade', dateTakenMargin: null });
    // a day keeps the moment given
    res = await inject(cookie, 'PATCH', `/api/photos/${id}`, { dateTaken: '1962-06-14T15:05:00Z', dateTakenPrecision: 'day' });
    expect(res.json()).toMatchObject({ dateTaken: '1962-06-14T15:05:00.000Z', dateTakenPrecision: 'day' });

    // null makes it undated again; a precision for an undated photo is refused, and nothing changes
    res = await inject(cookie, 'PATCH', `/api/photos/${id}`, { dateTaken: null });
    expect(res.json()).toMatchObject({ dateTaken: null, dateTakenPrecision: null, dateTakenMargin: null });
    res = await inject(cookie, 'PATCH', `/api/photos/${id}`, { dateTakenPrecision: 'year' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Set a date for this photo/);

    // a first date without a precision is a day (the calendar picks a day)
    res = await inject(cookie, 'PATCH', `/api/photos/${id}`, { dateTaken: '1970-01-02T08:00:00Z' });
    expect(res.json()).toMatchObject({ dateTaken: '1970-01-02T08:00:00.000Z', dateTakenPrecision: 'day' });

    for (const bad of [{ dateTakenPrecision: 'century' }, { dateTakenMargin: 51 }, { dateTakenMargin: 1.5 }, { dateTakenMargin: -1 }]) {
      res = await inject(cookie, 'PATCH', `/api/photos/${id}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await photo(cookie, id)).toMatchObject({ dateTaken: '1970-01-02T08:00:00.000Z', dateTakenPrecision: 'day' });
  });

  it('sets a precision on many photos at once, only the owner’s', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const [a, b] = [await upload(owner.cookie), await upload(owner.cookie)];
    const theirs = await upload(other.cookie);
    const bulk = (cookie: string, ids: number[], action: object) => inject(cookie, 'POST', '/api/photos/bulk', { ids, action });

    let res = await bulk(owner.cookie, [a, b], { type: 'setDate', dateTaken: '1964-05-05T10:00:00Z', dateTakenPrecision: 'year' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    for (const id of [a, b]) {
      expect(await photo(owner.cookie, id)).toMatchObject({ dateTaken: '1964-01-01T12:00:00.000Z', dateTakenPrecision: 'year' });
    }

    // another user's id among them: 404, nothing changes, either way round
    res = await bulk(owner.cookie, [a, theirs], { type: 'setDate', dateTaken: '1930-01-01T00:00:00Z', dateTakenPrecision: 'decade' });
    expect(res.statusCode).toBe(404);
    expect((await bulk(other.cookie, [a], { type: 'setDate', dateTaken: null })).statusCode).toBe(404);
    expect(await photo(owner.cookie, a)).toMatchObject({ dateTaken: '1964-01-01T12:00:00.000Z', dateTakenPrecision: 'year' });
    expect(await photo(other.cookie, theirs)).toMatchObject({ dateTaken: null, dateTakenPrecision: null });

    // without a precision the photos share one day; null makes them undated
    expect((await bulk(owner.cookie, [a], { type: 'setDate', dateTaken: '1964-05-05T10:00:00Z' })).statusCode).toBe(200);
    expect(await photo(owner.cookie, a)).toMatchObject({ dateTaken: '1964-05-05T10:00:00.000Z', dateTakenPrecision: 'day' });
    res = await bulk(owner.cookie, [a, b], { type: 'setDate', dateTaken: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await photo(owner.cookie, b)).toMatchObject({ dateTaken: null, dateTakenPrecision: null, dateTakenMargin: null });

    res = await bulk(owner.cookie, [a], {
      type: 'setDate',
      dateTaken: '1964-05-05T10:00:00Z',
      dateTakenPrecision: 'about',
      dateTakenMargin: 99,
    });
    expect(res.statusCode).toBe(400);
  });

  it('creates and updates memories with a precision, day by default', async () => {
    const { cookie } = await signUp(t.app);
    const plain = await memory(cookie, { eventDate: '1980-07-04' });
    expect(plain).toMatchObject({ eventDate: '1980-07-04', eventDatePrecision: 'day', eventDateMargin: null });

    const decade = await memory(cookie, { eventDate: '1967-08-20', eventDatePrecision: 'decade' });
    expect(decade).toMatchObject({ eventDate: '1960-01-01', eventDatePrecision: 'decade', eventDateMargin: null });

    let res = await inject(cookie, 'PATCH', `/api/memories/${decade.id}`, {
      eventDatePrecision: 'about',
      eventDateMargin: 2,
      eventDate: '1955-06-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventDate: '1955-01-01', eventDatePrecision: 'about', eventDateMargin: 2 });
    // a title change keeps the date as it is
    res = await inject(cookie, 'PATCH', `/api/memories/${decade.id}`, { title: 'Summers at the lake' });
    expect(res.json()).toMatchObject({ eventDate: '1955-01-01', eventDatePrecision: 'about', eventDateMargin: 2 });
    // a new date without a precision keeps the memory's
    res = await inject(cookie, 'PATCH', `/api/memories/${decade.id}`, { eventDate: '1958-09-09' });
    expect(res.json()).toMatchObject({ eventDate: '1958-01-01', eventDatePrecision: 'about', eventDateMargin: 2 });

    res = await inject(cookie, 'PATCH', `/api/memories/${plain.id}`, { eventDatePrecision: 'month' });
    expect(res.json()).toMatchObject({ eventDate: '1980-07-01', eventDatePrecision: 'month' });

    res = await inject(cookie, 'PATCH', `/api/memories/${plain.id}`, { eventDatePrecision: 'sometime' });
    expect(res.statusCode).toBe(400);
    const list: Memory[] = (await inject(cookie, 'GET', '/api/memories')).json();
    expect(list.find((m) => m.id === plain.id)).toMatchObject({ eventDate: '1980-07-01', eventDatePrecision: 'month' });
  });

  it('shows on this day only what is known to the day', async () => {
    const { cookie } = await signUp(t.app);
    const [dayPhoto, monthPhoto, undated] = [await upload(cookie), await upload(cookie), await upload(cookie)];
    await inject(cookie, 'PATCH', `/api/photos/${dayPhoto}`, { dateTaken: '1970-06-01T12:00:00Z', dateTakenPrecision: 'day' });
    await inject(cookie, 'PATCH', `/api/photos/${monthPhoto}`, { dateTaken: '1962-06-20T12:00:00Z', dateTakenPrecision: 'month' });
    const dayMemory = await memory(cookie, { eventDate: '1980-06-01' });
    await memory(cookie, { eventDate: '1962-06-15', eventDatePrecision: 'month' });
    await memory(cookie, { eventDate: '1955-06-01', eventDatePrecision: 'year' });

    const res = await inject(cookie, 'GET', '/api/on-this-day?date=2026-06-01');
    expect(res.statusCode, res.body).toBe(200);
    const body: OnThisDay = res.json();
    expect(body.years.map((y) => y.year)).toEqual([1980, 1970]);
    expect(body.years.flatMap((y) => y.photos.map((p) => p.id))).toEqual([dayPhoto]);
    expect(body.years.flatMap((y) => y.memories)).toEqual([
      { id: dayMemory.id, title: 'A day', eventDate: '1980-06-01', eventDatePrecision: 'day', eventDateMargin: null },
    ]);
    expect(JSON.stringify(body)).not.toContain(`"id":${undated},`);
  });

  it('carries precision on the timeline, approximate items at the start of their period', async () => {
    const { cookie } = await signUp(t.app);
    const [approximate, undated] = [await upload(cookie), await upload(cookie)];
    await inject(cookie, 'PATCH', `/api/photos/${approximate}`, {
      dateTaken: '1962-09-09T12:00:00Z',
      dateTakenPrecision: 'about',
      dateTakenMargin: 3,
    });
    const m = await memory(cookie, { eventDate: '1962-11-11', eventDatePrecision: 'month' });

    // in a zone far west of UTC the approximate photo is still in 1962
    const period: TimelinePeriod = (await inject(cookie, 'GET', '/api/timeline/period?year=1962&tz=Pacific%2FHonolulu')).json();
    expect(period.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'photo',
          id: approximate,
          date: '1962-01-01T12:00:00.000Z',
          datePrecision: 'about',
          dateMargin: 3,
        }),
        expect.objectContaining({ type: 'memory', id: m.id, date: '1962-11-01', datePrecision: 'month', dateMargin: null }),
      ]),
    );
    const all = await inject(cookie, 'GET', '/api/timeline');
    const items = (all.json() as Array<{ items: Array<{ type: string; id: number; datePrecision: unknown }> }>).flatMap((g) => g.items);
    expect(items.find((i) => i.type === 'photo' && i.id === undated)).toMatchObject({ datePrecision: null });
  });

  it('finds what is dated in a year, a decade or a month typed into search', async () => {
    const { cookie } = await signUp(t.app);
    const sixties = await upload(cookie);
    const seventies = await upload(cookie);
    await inject(cookie, 'PATCH', `/api/photos/${sixties}`, { dateTaken: '1960-01-01T00:00:00Z', dateTakenPrecision: 'decade' });
    await inject(cookie, 'PATCH', `/api/photos/${seventies}`, { dateTaken: '1971-03-03T10:00:00Z', dateTakenPrecision: 'exact' });
    const year62 = await memory(cookie, { eventDate: '1962-01-01', eventDatePrecision: 'year' });
    const march62 = await memory(cookie, { eventDate: '1962-03-05' });
    const about58 = await memory(cookie, { eventDate: '1958-01-01', eventDatePrecision: 'about', eventDateMargin: 5 });
    const in75 = await memory(cookie, { eventDate: '1975-01-01', eventDatePrecision: 'year' });
    const named = await memory(cookie, { eventDate: '2001-01-01', title: 'The 1962 reunion' });

    expect(await found(cookie, '1960s', 'photo')).toEqual([sixties]);
    expect(await found(cookie, '1960s', 'memory')).toEqual([year62.id, march62.id, about58.id].sort((a, b) => a - b));
    // a year: what is dated in it, and what names it
    expect(await found(cookie, '1962', 'memory')).toEqual([year62.id, march62.id, about58.id, named.id].sort((a, b) => a - b));
    expect(await found(cookie, '1962', 'photo')).toEqual([sixties]);
    expect(await found(cookie, 'June 1962', 'memory')).toEqual([year62.id, about58.id].sort((a, b) => a - b));
    expect(await found(cookie, '1970s', 'photo')).toEqual([seventies]);
    expect(await found(cookie, '1975', 'memory')).toEqual([in75.id]);

    const hit = (await inject(cookie, 'GET', '/api/search?q=1960s&kind=photo')).json() as SearchResult;
    expect(hit.groups[0]!.items[0]).toMatchObject({ date: '1960-01-01T12:00:00.000Z', datePrecision: 'decade', dateMargin: null });
  });
});
