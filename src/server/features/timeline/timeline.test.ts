import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { timelineSchema, type TimelineGroup, type TimelineItem, type TimelinePeriod, type TimelineSummary } from '@shared/schemas/timeline';
import { faces, memories, memoryAttachments, people, photos, vaultFiles } from '@server/db/schema';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Fixtures go straight into the tables: the timeline only reads them.
async function addPhoto(
  userId: number,
  o: {
    dateTaken?: string | null;
    createdAt?: string;
    title?: string | null;
    description?: string | null;
    memoryId?: number;
    fileName?: string;
  } = {},
) {
  const [row] = await t.db
    .insert(photos)
    .values({
      userId,
      filePath: `users/${userId}/photos/x.jpg`,
      fileName: o.fileName ?? 'beach.jpg',
      fileSize: 1234,
      mimeType: 'image/jpeg',
      title: o.title === undefined ? 'A photo' : o.title,
      description: o.description ?? null,
      dateTaken: o.dateTaken ? new Date(o.dateTaken) : null,
      memoryId: o.memoryId,
      ...(o.createdAt ? { createdAt: new Date(o.createdAt) } : {}),
    })
    .returning();
  return row!;
}

async function addMemory(userId: number, eventDate: string, title = 'A memory', content = 'It happened.') {
  const [row] = await t.db.insert(memories).values({ userId, title, content, eventDate }).returning();
  return row!;
}

async function addAttachment(userId: number, memoryId: number, fileName = 'voice.mp3', mimeType = 'audio/mpeg') {
  const [row] = await t.db
    .insert(memoryAttachments)
    .values({ userId, memoryId, fileName, mimeType, fileSize: 10, filePath: `users/${userId}/attachments/a.bin` })
    .returning();
  return row!;
}

async function addDocument(
  userId: number,
  uploadedAt: string,
  o: { originalName?: string; description?: string | null; memoryId?: number } = {},
) {
  const [row] = await t.db
    .insert(vaultFiles)
    .values({
      userId,
      fileName: 'stored-uuid.pdf',
      originalName: o.originalName ?? 'will.pdf',
      filePath: `users/${userId}/vault/stored-uuid.pdf`,
      fileSize: 2048,
      mimeType: 'application/pdf',
      description: o.description ?? null,
      uploadedAt: new Date(uploadedAt),
      memoryId: o.memoryId,
    })
    .returning();
  return row!;
}

const get = (cookie: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

async function timeline(cookie: string, query = ''): Promise<TimelineGroup[]> {
  const res = await get(cookie, `/api/timeline${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // The body is written by SQL and cached as text, so the contract is checked here rather than per request.
  return timelineSchema.parse(res.json());
}

const shape = (groups: TimelineGroup[]) => groups.map((g) => [g.year, g.items.map((i) => `${i.type}:${i.id}`)]);

/** Every page of every year the summary lists, re-assembled into year groups. */
async function viaPages(cookie: string, params: Record<string, string>, opts: { limit: number; byMonth?: boolean }) {
  const qs = (extra: Record<string, string>) => new URLSearchParams({ ...params, ...extra }).toString();
  const summaryRes = await get(cookie, `/api/timeline/summary?${qs({})}`);
  expect(summaryRes.statusCode, summaryRes.body).toBe(200);
  const summary: TimelineSummary = summaryRes.json();
  const groups: TimelineGroup[] = [];
  let requests = 0;
  for (const year of summary.years) {
    const items: TimelineItem[] = [];
    const periods = opts.byMonth
      ? year.months.map((m) => ({ year: String(year.year), month: String(m.month) }))
      : [{ year: String(year.year) }];
    for (const period of periods) {
      let cursor: string | null = null;
      do {
        const res = await get(
          cookie,
          `/api/timeline/period?${qs({ ...period, limit: String(opts.limit), ...(cursor ? { cursor } : {}) })}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page: TimelinePeriod = res.json();
        expect(page.items.length).toBeLessThanOrEqual(opts.limit);
        items.push(...page.items);
        cursor = page.nextCursor;
        requests += 1;
      } while (cursor);
    }
    if (items.length > 0) groups.push({ year: year.year, items });
  }
  return { groups, requests };
}

describe('GET /api/timeline', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    owner = await signUp(t.app);
    const u = owner.user.id;
    const birthday = await addMemory(u, '2021-03-05', 'Birthday', 'Cake in the garden.');
    const trip = await addMemory(u, '2019-07-14', 'Trip');
    const older = await addPhoto(u, { dateTaken: '2019-07-10T09:00:00.000Z', title: null, description: 'Sunrise' });
    const undated = await addPhoto(u, { dateTaken: null, createdAt: '2020-06-01T12:00:00.000Z', title: 'Scanned' });
    const linked = await addPhoto(u, {
      dateTaken: '2021-03-05T15:00:00.000Z',
      title: 'Candles',
      memoryId: birthday.id,
      fileName: 'candles.jpg',
    });
    const doc = await addDocument(u, '2020-01-02T08:00:00.000Z', { originalName: 'Deed.pdf', description: 'House deed' });
    const linkedDoc = await addDocument(u, '2021-01-10T08:00:00.000Z', { originalName: 'Card.pdf', memoryId: birthday.id });
    const own = await addAttachment(u, birthday.id, 'song.mp3');
    ids = {
      birthday: birthday.id,
      trip: trip.id,
      older: older.id,
      undated: undated.id,
      linked: linked.id,
      doc: doc.id,
      linkedDoc: linkedDoc.id,
      own: own.id,
    };

    // Someone else's library, including rows pointing at the owner's memory: none of it may show.
    const other = await signUp(t.app);
    await addMemory(other.user.id, '2021-03-05', 'Not yours');
    await addPhoto(other.user.id, { dateTaken: '2021-03-05T10:00:00.000Z', title: 'Not yours', memoryId: birthday.id });
    await addDocument(other.user.id, '2021-03-05T10:00:00.000Z', { originalName: 'not-yours.pdf', memoryId: birthday.id });
    await addAttachment(other.user.id, (await addMemory(other.user.id, '2020-01-01')).id);
  });

  it('requires a session', async () => {
    for (const url of ['/api/timeline', '/api/timeline/summary', '/api/timeline/period?year=2021']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
  });

  it('groups photos, memories and documents by year, newest first by default', async () => {
    const groups = await timeline(owner.cookie);
    expect(shape(groups)).toEqual([
      [2021, [`photo:${ids.linked}`, `memory:${ids.birthday}`, `document:${ids.linkedDoc}`]],
      [2020, [`photo:${ids.undated}`, `document:${ids.doc}`]],
      [2019, [`memory:${ids.trip}`, `photo:${ids.older}`]],
    ]);
    expect(await timeline(owner.cookie, '?sortDirection=desc')).toEqual(groups);
  });

  it('sorts oldest first with sortDirection=asc', async () => {
    expect(shape(await timeline(owner.cookie, '?sortDirection=asc'))).toEqual([
      [2019, [`photo:${ids.older}`, `memory:${ids.trip}`]],
      [2020, [`document:${ids.doc}`, `photo:${ids.undated}`]],
      [2021, [`document:${ids.linkedDoc}`, `memory:${ids.birthday}`, `photo:${ids.linked}`]],
    ]);
  });

  it.each([
    [
      'photo',
      [
        [2021, ['photo']],
        [2020, ['photo']],
        [2019, ['photo']],
      ],
    ],
    [
      'memory',
      [
        [2021, ['memory']],
        [2019, ['memory']],
      ],
    ],
    [
      'document',
      [
        [2021, ['document']],
        [2020, ['document']],
      ],
    ],
  ])('filters by contentType=%s', async (contentType, expected) => {
    const groups = await timeline(owner.cookie, `?contentType=${contentType}`);
    expect(groups.map((g) => [g.year, g.items.map((i) => i.type)])).toEqual(expected);
  });

  it('returns each item with the fields of spec §3 and URLs the browser can load', async () => {
    const items = (await timeline(owner.cookie)).flatMap((g) => g.items);
    const byKey = new Map(items.map((i) => [`${i.type}:${i.id}`, i]));
    expect(byKey.get(`photo:${ids.older}`)).toEqual({
      type: 'photo',
      id: ids.older,
      date: '2019-07-10T09:00:00.000Z',
      datePrecision: 'exact',
      dateMargin: null,
      title: null,
      fileName: 'beach.jpg',
      filePath: `/api/photos/image/${ids.older}`,
      description: 'Sunrise',
      mediaType: 'image',
      derivativeStatus: 'pending',
      video: null,
    });
    expect(byKey.get(`document:${ids.doc}`)).toEqual({
      type: 'document',
      id: ids.doc,
      date: '2020-01-02T08:00:00.000Z',
      datePrecision: 'exact',
      dateMargin: null,
      fileName: 'stored-uuid.pdf',
      originalName: 'Deed.pdf',
      description: 'House deed',
    });
    expect(byKey.get(`memory:${ids.trip}`)).toEqual({
      type: 'memory',
      id: ids.trip,
      date: '2019-07-14',
      datePrecision: 'day',
      dateMargin: null,
      title: 'Trip',
      content: 'It happened.',
      attachments: [],
    });
  });

  it('dates a photo without dateTaken by its createdAt', async () => {
    const items = (await timeline(owner.cookie, '?contentType=photo')).flatMap((g) => g.items);
    // undated (decision 067): listed at its upload, not as taken then
    expect(items.find((i) => i.id === ids.undated)).toMatchObject({
      date: '2020-06-01T12:00:00.000Z',
      datePrecision: null,
      title: 'Scanned',
    });
  });

  it("lists a memory's own files, then linked photos ('p-') and vault files ('v-'), only the owner's", async () => {
    const items = (await timeline(owner.cookie, '?contentType=memory')).flatMap((g) => g.items);
    const birthday = items.find((i) => i.type === 'memory' && i.id === ids.birthday);
    expect(birthday).toMatchObject({ title: 'Birthday', content: 'Cake in the garden.', date: '2021-03-05' });
    expect(birthday?.type === 'memory' && birthday.attachments).toEqual([
      {
        type: 'attachment',
        id: String(ids.own),
        mimeType: 'audio/mpeg',
        filePath: `/api/memories/${ids.birthday}/attachments/${ids.own}/file`,
        fileName: 'song.mp3',
      },
      {
        type: 'photo',
        id: `p-${ids.linked}`,
        mimeType: 'image/jpeg',
        filePath: `/api/photos/image/${ids.linked}`,
        fileName: 'candles.jpg',
      },
      {
        type: 'vault',
        id: `v-${ids.linkedDoc}`,
        mimeType: 'application/pdf',
        filePath: `/api/vault/${ids.linkedDoc}`,
        fileName: 'Card.pdf',
      },
    ]);
  });

  it('hands out the same attachment ids and URLs as the memories and photos endpoints, written in SQL', async () => {
    const items = (await timeline(owner.cookie)).flatMap((g) => g.items);
    const birthday = items.find((i) => i.type === 'memory' && i.id === ids.birthday);
    const fromMemories = ((await get(owner.cookie, '/api/memories')).json() as Array<{ id: number; attachments: unknown[] }>).find(
      (m) => m.id === ids.birthday,
    );
    expect(fromMemories?.attachments.length).toBe(3);
    const pick = (list: unknown[]) => list.map((a) => ({ id: (a as { id: string }).id, filePath: (a as { filePath: string }).filePath }));
    expect(birthday?.type === 'memory' && pick(birthday.attachments)).toEqual(pick(fromMemories!.attachments));

    const photos = (await get(owner.cookie, '/api/photos')).json() as Array<{ id: number; filePath: string }>;
    const photoItems = items.filter((i) => i.type === 'photo');
    expect(photoItems.length).toBe(photos.length);
    for (const item of photoItems) expect(item.filePath).toBe(photos.find((p) => p.id === item.id)?.filePath);
  });

  it("never shows another user's items", async () => {
    const body = JSON.stringify(await timeline(owner.cookie));
    expect(body).not.toContain('Not yours');
    expect(body).not.toContain('not-yours.pdf');
    const summary: TimelineSummary = (await get(owner.cookie, '/api/timeline/summary')).json();
    expect(summary.totals).toEqual({ photo: 3, memory: 2, document: 2, total: 7 });
    const page = await get(owner.cookie, '/api/timeline/period?year=2021&limit=500');
    expect(page.body).not.toContain('Not yours');
    expect(page.body).not.toContain('not-yours.pdf');
  });

  it('counts items per type, year and month in the summary', async () => {
    const summary: TimelineSummary = (await get(owner.cookie, '/api/timeline/summary?sortDirection=asc')).json();
    expect(summary.years.map((y) => [y.year, y.photo, y.memory, y.document, y.total])).toEqual([
      [2019, 1, 1, 0, 2],
      [2020, 1, 0, 1, 2],
      [2021, 1, 1, 1, 3],
    ]);
    expect(summary.years[2]?.months).toEqual([
      { month: 1, photo: 0, memory: 0, document: 1, total: 1 },
      { month: 3, photo: 1, memory: 1, document: 0, total: 2 },
    ]);
  });

  it.each([
    ['?sortDirection=up', 'sortDirection must be asc or desc'],
    ['?contentType=video', 'contentType must be photo, memory or document'],
    ['?tz=Mars/Olympus_Mons', 'tz must be an IANA time zone such as Europe/Paris'],
    ['?tz=%2B05:00', 'tz must be an IANA time zone such as Europe/Paris'],
  ])('rejects %s with 400', async (query, message) => {
    const res = await get(owner.cookie, `/api/timeline${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    ['', 'year must be a four-digit year'],
    ['?year=21', 'year must be a four-digit year'],
    ['?year=2021&month=13', 'month must be between 1 and 12'],
    ['?year=2021&month=0', 'month must be between 1 and 12'],
    ['?year=2021&limit=0', 'limit must be between 1 and 500'],
    ['?year=2021&limit=501', 'limit must be between 1 and 500'],
    ['?year=2021&cursor=bm9wZQ', 'Invalid cursor'],
    // impossible instants in a well-formed cursor: a 400, never a database error
    ...['2020-02-30T00:00:00.000000Z', '2021-02-29T00:00:00.000000Z', '2020-13-01T00:00:00.000000Z', '2020-01-01T24:00:00.000000Z'].map(
      (at) => [`?year=2021&cursor=${Buffer.from(`${at}|1|5`).toString('base64url')}`, 'Invalid cursor'] as [string, string],
    ),
    ['?year=2021&contentType=video', 'contentType must be photo, memory or document'],
  ])('rejects the period query %s with 400', async (query, message) => {
    const res = await get(owner.cookie, `/api/timeline/period${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('videos (decision 038)', () => {
  it('says which photos are videos, with their length, playback and URL, in the full timeline and in periods', async () => {
    const user = await signUp(t.app);
    const u = user.user.id;
    const clip = async (title: string, dateTaken: string, values: Partial<typeof photos.$inferInsert>) => {
      const row = await addPhoto(u, { title, dateTaken, fileName: `${title}.mov` });
      await t.db
        .update(photos)
        .set({ mimeType: 'video/quicktime', ...values })
        .where(eq(photos.id, row.id));
      return row.id;
    };
    const copy = await clip('copy', '2022-05-01T10:00:00.000Z', { videoPlayback: 'copy', durationMs: 42_000, derivativeStatus: 'ready' });
    const original = await clip('original', '2022-05-02T10:00:00.000Z', { videoPlayback: 'original', durationMs: 1_500 });
    const preparing = await clip('preparing', '2022-05-03T10:00:00.000Z', { videoPlayback: 'preparing', videoProgress: 40 });
    const unavailable = await clip('unavailable', '2022-05-04T10:00:00.000Z', {
      videoPlayback: 'unavailable',
      derivativeStatus: 'failed',
    });
    const picture = (await addPhoto(u, { title: 'picture', dateTaken: '2022-05-05T10:00:00.000Z' })).id;

    const full = (await timeline(user.cookie)).flatMap((g) => g.items);
    const period = (await get(user.cookie, '/api/timeline/period?year=2022')).json() as TimelinePeriod;
    for (const items of [full, period.items]) {
      const byId = new Map(items.map((i) => [i.id, i]));
      const video = (id: number) => {
        const item = byId.get(id);
        return item?.type === 'photo' ? { mediaType: item.mediaType, derivativeStatus: item.derivativeStatus, video: item.video } : null;
      };
      expect(video(copy)).toEqual({
        mediaType: 'video',
        derivativeStatus: 'ready',
        video: { playback: 'ready', durationMs: 42_000, url: `/api/photos/video/${copy}` },
      });
      expect(video(original)!.video).toEqual({ playback: 'ready', durationMs: 1_500, url: `/api/photos/video/${original}` });
      expect(video(preparing)!.video!.playback).toBe('preparing');
      expect(video(unavailable)).toMatchObject({ derivativeStatus: 'failed', video: { playback: 'unavailable', durationMs: null } });
      expect(video(picture)).toEqual({ mediaType: 'image', derivativeStatus: 'pending', video: null });
    }
    expect(timelineSchema.safeParse(await timeline(user.cookie)).success).toBe(true);
  });
});

describe('paged endpoints', () => {
  let cookie: string;

  beforeAll(async () => {
    const user = await signUp(t.app);
    cookie = user.cookie;
    const u = user.user.id;
    // Ties on purpose: same instant across types, same day for memories, photos sharing a timestamp.
    for (let i = 0; i < 40; i += 1) {
      const month = String((i % 12) + 1).padStart(2, '0');
      const year = 2018 + (i % 4);
      const memory = await addMemory(u, `${year}-${month}-15`, `Memory ${i}`);
      if (i % 3 === 0) await addAttachment(u, memory.id, `clip-${i}.mp3`);
      await addPhoto(u, {
        dateTaken: `${year}-${month}-15T00:00:00.000Z`,
        title: `Photo ${i}`,
        memoryId: i % 5 === 0 ? memory.id : undefined,
      });
      await addPhoto(u, { dateTaken: null, createdAt: `${year}-${month}-03T10:00:00.123Z`, title: `Scan ${i}` });
      await addDocument(u, `${year}-${month}-15T00:00:00.000Z`, {
        originalName: `doc-${i}.pdf`,
        memoryId: i % 7 === 0 ? memory.id : undefined,
      });
    }
  });

  it.each([
    [{}, 7],
    [{ sortDirection: 'asc' }, 3],
    [{ contentType: 'photo' }, 4],
    [{ contentType: 'memory', sortDirection: 'asc' }, 5],
    [{ contentType: 'document' }, 4],
    [{ tz: 'America/New_York' }, 6],
    [{ tz: 'Asia/Tokyo', sortDirection: 'asc' }, 9],
  ])('give the same items as the full timeline for %o (pages of %i)', async (params, limit) => {
    const full = await timeline(cookie, `?${new URLSearchParams(params as Record<string, string>)}`);
    const byYear = await viaPages(cookie, params as Record<string, string>, { limit });
    expect(byYear.groups).toEqual(full);
    expect(byYear.requests).toBeGreaterThan(full.length); // several pages per year: cursors were followed
    const byMonth = await viaPages(cookie, params as Record<string, string>, { limit: 500, byMonth: true });
    expect(byMonth.groups).toEqual(full);
  });

  it('answers an empty period with no items and no cursor', async () => {
    const res = await get(cookie, '/api/timeline/period?year=1950&month=2');
    expect(res.json()).toEqual({ year: 1950, month: 2, items: [], nextCursor: null });
  });
});

describe('a person (issue 29)', () => {
  it('shows only the photos their faces are in, in the full timeline, its pages and its summary; never by another’s person', async () => {
    const owner = await signUp(t.app);
    const u = owner.user.id;
    const dated = await addPhoto(u, { dateTaken: '2019-07-10T09:00:00.000Z', title: 'Rose at the lake' });
    const undated = await addPhoto(u, { dateTaken: null, createdAt: '2020-06-01T12:00:00.000Z', title: 'Rose, scanned' });
    const without = await addPhoto(u, { dateTaken: '2019-08-01T09:00:00.000Z', title: 'Nobody' });
    await addMemory(u, '2019-07-10', 'The lake');
    await addDocument(u, '2019-07-11T08:00:00.000Z');
    const [rose, other] = await t.db
      .insert(people)
      .values([{ userId: u, name: 'Rose' }, { userId: u }])
      .returning({ id: people.id });
    const box = { boxX: 0.1, boxY: 0.1, boxWidth: 0.2, boxHeight: 0.2, source: 'manual' as const };
    await t.db.insert(faces).values([
      { userId: u, photoId: dated.id, personId: rose!.id, ...box },
      { userId: u, photoId: undated.id, personId: rose!.id, ...box },
      { userId: u, photoId: without.id, personId: other!.id, ...box },
    ]);

    const full = await timeline(owner.cookie, `?person=${rose!.id}`);
    expect(shape(full)).toEqual([
      [2020, [`photo:${undated.id}`]],
      [2019, [`photo:${dated.id}`]],
    ]);
    expect((await viaPages(owner.cookie, { person: String(rose!.id) }, { limit: 1 })).groups).toEqual(full);
    const summary: TimelineSummary = (await get(owner.cookie, `/api/timeline/summary?person=${rose!.id}`)).json();
    expect(summary.totals).toEqual({ photo: 2, memory: 0, document: 0, total: 2 });

    // A face moved to someone else: the cached answer is not served again.
    const first = await get(owner.cookie, `/api/timeline?person=${rose!.id}`);
    await t.db.update(faces).set({ personId: other!.id }).where(eq(faces.photoId, undated.id));
    const after = await get(owner.cookie, `/api/timeline?person=${rose!.id}`, { 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(shape(after.json())).toEqual([[2019, [`photo:${dated.id}`]]]);

    // Another account asking for her: nothing, not even its own items.
    const stranger = await signUp(t.app);
    await addPhoto(stranger.user.id, { dateTaken: '2019-07-10T09:00:00.000Z' });
    expect(await timeline(stranger.cookie, `?person=${rose!.id}`)).toEqual([]);
    expect((await get(stranger.cookie, `/api/timeline/summary?person=${rose!.id}`)).json().totals.total).toBe(0);
    for (const bad of ['0', '-1', 'rose', '99999999999'])
      expect((await get(owner.cookie, `/api/timeline/period?year=2019&person=${bad}`)).statusCode).toBe(400);
  });
});

describe('time zones', () => {
  it("places an instant in the viewer's year, and a memory's day in its own year", async () => {
    const { user, cookie } = await signUp(t.app);
    const party = await addPhoto(user.id, { dateTaken: '2021-12-31T23:30:00.000Z', title: 'Party' });
    await addMemory(user.id, '2021-12-31', 'New Year');
    expect(shape(await timeline(cookie))).toEqual([[2021, [`photo:${party.id}`, expect.stringMatching(/^memory:/)]]]);
    const paris = await timeline(cookie, '?tz=Europe/Paris');
    expect(paris.map((g) => [g.year, g.items.map((i) => i.type)])).toEqual([
      [2022, ['photo']],
      [2021, ['memory']],
    ]);
    const period: TimelinePeriod = (await get(cookie, '/api/timeline/period?year=2022&month=1&tz=Europe/Paris')).json();
    expect(period.items.map((i) => i.id)).toEqual([party.id]);
  });
});

describe('caching', () => {
  it('serves a fresh body after any change to the rows, and 304 while nothing changed', async () => {
    const { user, cookie } = await signUp(t.app);
    const photo = await addPhoto(user.id, { dateTaken: '2020-05-01T10:00:00.000Z', title: 'Before' });
    const memory = await addMemory(user.id, '2020-05-02');
    const doc = await addDocument(user.id, '2020-05-03T10:00:00.000Z');

    const first = await get(cookie, '/api/timeline');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await get(cookie, '/api/timeline', { 'if-none-match': etag })).statusCode).toBe(304);
    expect(etag).toMatch(/^W\/"/);
    expect((await get(cookie, '/api/timeline', { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get(cookie, '/api/timeline?sortDirection=asc', { 'if-none-match': etag })).statusCode).toBe(200);

    // A title change that leaves every timestamp alone still shows at once.
    await t.db.update(photos).set({ title: 'After' }).where(eq(photos.id, photo.id));
    const afterTitle = await get(cookie, '/api/timeline', { 'if-none-match': etag });
    expect(afterTitle.statusCode).toBe(200);
    expect(afterTitle.body).toContain('After');
    expect(afterTitle.headers.etag).not.toBe(etag);

    // Linking without timestamps, adding an attachment, deleting a document: each shows on the next read.
    await t.db.update(vaultFiles).set({ memoryId: memory.id }).where(eq(vaultFiles.id, doc.id));
    const linked: TimelineGroup[] = (await get(cookie, '/api/timeline?contentType=memory')).json();
    expect(linked[0]?.items[0]).toMatchObject({ attachments: [{ id: `v-${doc.id}` }] });
    await addAttachment(user.id, memory.id, 'late.mp3');
    expect((await get(cookie, '/api/timeline?contentType=memory')).body).toContain('late.mp3');
    await t.db.delete(vaultFiles).where(eq(vaultFiles.id, doc.id));
    const afterDelete: TimelineGroup[] = (await get(cookie, '/api/timeline')).json();
    expect(afterDelete.flatMap((g) => g.items).map((i) => i.type)).toEqual(['memory', 'photo']);
  });

  it('gives concurrent readers after a change the new data', async () => {
    const { user, cookie } = await signUp(t.app);
    const photo = await addPhoto(user.id, { dateTaken: '2020-05-01T10:00:00.000Z', title: 'One' });
    await get(cookie, '/api/timeline');
    await t.db.update(photos).set({ title: 'Two' }).where(eq(photos.id, photo.id));
    const bodies = await Promise.all(Array.from({ length: 6 }, () => get(cookie, '/api/timeline')));
    for (const res of bodies) expect(res.json()).toEqual([{ year: 2020, items: [expect.objectContaining({ title: 'Two' })] }]);
  });

  it('sends the same JSON gzip-compressed to clients that accept it', async () => {
    const { user, cookie } = await signUp(t.app);
    for (let i = 0; i < 30; i += 1)
      await addPhoto(user.id, { dateTaken: `2020-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`, description: 'x'.repeat(50) });
    const plain = await get(cookie, '/api/timeline');
    const zipped = await get(cookie, '/api/timeline', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe('query count', () => {
  it('does not grow with the library', async () => {
    const small = await signUp(t.app);
    const large = await signUp(t.app);
    await addMemory(small.user.id, '2015-01-01'); // a memory in the paged year, so both pages read attachments
    for (let i = 0; i < 120; i += 1) {
      const memory = await addMemory(large.user.id, `20${String(10 + (i % 10))}-01-01`);
      await addAttachment(large.user.id, memory.id);
      await addPhoto(large.user.id, { dateTaken: `20${String(10 + (i % 10))}-02-01T00:00:00.000Z`, memoryId: memory.id });
      await addDocument(large.user.id, `20${String(10 + (i % 10))}-03-01T00:00:00.000Z`);
    }
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    // The job queue's polls and the instance bus query from the same process; on a busy machine one lands
    // inside a request's window. Only the request's own queries count.
    const background = /pgboss\.|pg_notify|pg_locks|advisory|^\s*(LISTEN|UNLISTEN)\b/i;
    const sqlOf = (query: unknown) => (typeof query === 'string' ? query : ((query as { text?: string } | undefined)?.text ?? ''));
    const count = async (cookie: string, url: string) => {
      await get(cookie, '/api/user'); // session lookup cached before counting
      spy.mockClear();
      const res = await get(cookie, url);
      expect(res.statusCode).toBe(200);
      return spy.mock.calls.filter(([query]) => !background.test(sqlOf(query))).length;
    };
    try {
      for (const url of ['/api/timeline', '/api/timeline/summary', '/api/timeline/period?year=2015&limit=500']) {
        const few = await count(small.cookie, url);
        const many = await count(large.cookie, url);
        expect(many, url).toBe(few);
        expect(many, url).toBeLessThanOrEqual(6);
      }
    } finally {
      spy.mockRestore();
    }
  });
});
