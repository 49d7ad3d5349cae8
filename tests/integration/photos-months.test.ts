// GET /api/photos/months, the scrubber's marks (issue 15): photos a month in the viewer's zone for both date
// orders, checked against a plain per-photo count, including months that start inside an hour a clock change
// repeats; another account's photos never count; a browser revalidates with the ETag and gets a 304 until a
// photo comes or goes. Rows are seeded in SQL (counting reads no files); the added photo is a real upload.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, idOf, multipart, postAs, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;
type Months = { month: string; count: number }[];

let t: TestApp;
let owner: Session;
let other: Session;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

const get = (who: Session, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...headers } });

async function months(who: Session, query: string): Promise<Months> {
  const res = await get(who, `/api/photos/months?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { months: Months }).months;
}

async function insert(userId: number, rows: { taken: string | null; created: string }[]) {
  await t.pool.query(
    `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, date_taken, created_at)
     SELECT $1, 'k', 'a.jpg', 1, 'image/jpeg', taken, created
     FROM unnest($2::timestamptz[], $3::timestamptz[]) AS r(taken, created)`,
    [userId, rows.map((r) => r.taken), rows.map((r) => r.created)],
  );
}

/** The reference: every photo's own month in the zone, counted one by one. */
async function countedOneByOne(userId: number, sortBy: 'dateTaken' | 'createdAt', tz: string): Promise<Months> {
  const key = sortBy === 'dateTaken' ? 'coalesce(date_taken, created_at)' : 'created_at';
  const { rows } = await t.pool.query<{ month: string; count: number }>(
    `SELECT to_char(date_trunc('month', ${key} AT TIME ZONE $2::text), 'YYYY-MM') AS month, count(*)::int AS count
     FROM photos WHERE user_id = $1 GROUP BY 1 ORDER BY 1 DESC`,
    [userId, tz],
  );
  return rows;
}

describe('GET /api/photos/months', () => {
  it("counts each month's photos in the viewer's zone, by date taken (upload when undated) or by upload", async () => {
    await insert(owner.user.id, [
      { taken: '2024-05-10T12:00:00Z', created: '2024-06-01T10:00:00Z' },
      { taken: '1990-06-30T23:30:00Z', created: '2024-06-30T22:30:00Z' }, // 1 July in Paris, both keys
      { taken: '1990-06-15T08:00:00Z', created: '2024-06-02T10:00:00Z' },
      { taken: null, created: '1970-01-31T23:30:00Z' }, // undated: sorted at its upload (spec §2), February in Paris
      // America/Havana falls back at 01:00 on 2026-11-01: 00:30 happens twice, and the first one is November
      { taken: '2026-11-01T04:30:00Z', created: '2024-06-03T10:00:00Z' },
      { taken: '2026-11-01T03:59:00Z', created: '2024-06-03T10:00:00Z' }, // 23:59 on 31 October in Havana
    ]);
    await insert(other.user.id, [
      { taken: '2024-05-11T12:00:00Z', created: '2024-06-01T10:00:00Z' },
      { taken: null, created: '1970-01-15T00:00:00Z' },
    ]);

    expect(await months(owner, 'sortBy=dateTaken&tz=UTC')).toEqual([
      { month: '2026-11', count: 2 },
      { month: '2024-05', count: 1 },
      { month: '1990-06', count: 2 },
      { month: '1970-01', count: 1 },
    ]);
    expect(await months(owner, 'sortBy=dateTaken&tz=Europe/Paris')).toEqual([
      { month: '2026-11', count: 2 },
      { month: '2024-05', count: 1 },
      { month: '1990-07', count: 1 },
      { month: '1990-06', count: 1 },
      { month: '1970-02', count: 1 },
    ]);
    expect(await months(owner, 'sortBy=dateTaken&tz=America/Havana')).toEqual([
      { month: '2026-11', count: 1 },
      { month: '2026-10', count: 1 },
      { month: '2024-05', count: 1 },
      { month: '1990-06', count: 2 },
      { month: '1970-01', count: 1 },
    ]);
    expect(await months(owner, 'sortBy=createdAt&tz=Europe/Paris')).toEqual([
      { month: '2024-07', count: 1 },
      { month: '2024-06', count: 4 },
      { month: '1970-02', count: 1 },
    ]);
    expect(await months(owner, 'tz=UTC')).toEqual(await months(owner, 'sortBy=dateTaken&tz=UTC')); // the default order
    expect(await months(other, 'tz=UTC')).toEqual([
      { month: '2024-05', count: 1 },
      { month: '1970-01', count: 1 },
    ]);
  });

  it('agrees with a photo-by-photo count around every month start, in zones whose clocks move at midnight', async () => {
    const me = await signUp(t.app);
    // Photos every 50 minutes from 3⅓ hours before to 3⅓ hours after each month's start in each zone, 1960–2030:
    // the starts that a clock change moves or repeats (Havana 2026, Rome 1972, Lord Howe's half hours) included.
    const zones = ['America/Havana', 'Europe/Rome', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Asia/Gaza'];
    await t.pool.query(
      `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, date_taken, created_at)
       SELECT $1, 'k', 'a.jpg', 1, 'image/jpeg', CASE WHEN n % 9 = 0 THEN NULL ELSE at END, at
       FROM (SELECT row_number() OVER () AS n, (m AT TIME ZONE z) + k * interval '50 minutes' AS at
             FROM unnest($2::text[]) z,
                  generate_series(timestamp '1960-01-01', timestamp '2030-12-01', interval '1 month') m,
                  generate_series(-4, 4) k) s`,
      [me.user.id, zones],
    );
    await t.pool.query('ANALYZE photos');
    for (const tz of [...zones, 'Pacific/Kiritimati']) {
      for (const sortBy of ['dateTaken', 'createdAt'] as const) {
        const counted = await months(me, `sortBy=${sortBy}&tz=${encodeURIComponent(tz)}`);
        expect(counted.length, `${sortBy} ${tz}`).toBeGreaterThan(800);
        expect(counted, `${sortBy} ${tz}`).toEqual(await countedOneByOne(me.user.id, sortBy, tz));
      }
    }
  });

  it('answers 304 to the ETag it gave until a photo is added or deleted', async () => {
    const me = await signUp(t.app);
    await insert(me.user.id, [{ taken: '2001-02-03T04:05:06Z', created: '2024-01-01T00:00:00Z' }]);
    const url = '/api/photos/months?sortBy=dateTaken&tz=Europe/Paris';
    const first = await get(me, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(me, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(me, url, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get(me, url, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#5a7' } })
      .jpeg()
      .toBuffer();
    const added = idOf(
      await postAs(
        t,
        me.cookie,
        '/api/photos',
        multipart([{ name: 'photo', filename: 'beach.jpg', content: jpeg, contentType: 'image/jpeg' }]),
      ),
    );
    const afterAdd = await get(me, url, { 'if-none-match': etag });
    expect(afterAdd.statusCode).toBe(200);
    expect((afterAdd.json() as { months: Months }).months.reduce((sum, m) => sum + m.count, 0)).toBe(2);
    const addedEtag = String(afterAdd.headers.etag);
    expect(addedEtag).not.toBe(etag);
    expect((await get(me, url, { 'if-none-match': addedEtag })).statusCode).toBe(304);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/photos/${added}`, headers: { cookie: me.cookie } });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const afterDelete = await get(me, url, { 'if-none-match': addedEtag });
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json()).toEqual(first.json());
  });
});
