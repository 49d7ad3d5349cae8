// The paged lists of issue 15 (GET /api/{photos,memories,vault,contacts}/page): walked page by page while rows
// are added and deleted between the pages, every row that was there throughout comes exactly once, in the order
// of the spec's unpaged list; rows deleted before they were reached never come; rows added ahead of the cursor
// do, rows added behind it do not; another account's rows never come; hostile cursors and limits are 400s.
// Rows are seeded in SQL (listing reads no files) with ties and microsecond-apart timestamps on purpose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;
interface Item {
  id: number;
  userId?: number;
  ownerId?: number;
}
interface PageBody {
  items: Item[];
  nextCursor: string | null;
}

let t: TestApp;
let owner: Session;
let other: Session;

const get = (who: Session | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const q = (text: string, values: unknown[] = []) => t.pool.query(text, values);
const ids = async (text: string, values: unknown[]) => (await q(text, values)).rows.map((r: { id: number }) => r.id);
const withCursor = (url: string, cursor: string | null) =>
  cursor === null ? url : `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

/** The order the unpaged list gives now: the reference the pages must agree with. */
async function unpagedOrder(who: Session, url: string): Promise<number[]> {
  const res = await get(who, url);
  expect(res.statusCode).toBe(200);
  return (res.json() as Item[]).map((i) => i.id);
}

/**
 * Walks a paged list with `limit`, calling `between(page)` after each page; returns the ids in the order they
 * came and checks each page on the way (status, size, owner).
 */
async function walk(who: Session, url: string, limit: number, between: (page: number) => Promise<void> = async () => {}) {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1_000; page++) {
    const res = await get(who, withCursor(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}`, cursor));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PageBody;
    expect(body.items.length).toBeLessThanOrEqual(limit);
    for (const item of body.items) expect(item.userId ?? item.ownerId).toBe(who.user.id);
    seen.push(...body.items.map((i) => i.id));
    if (body.nextCursor === null) return seen;
    expect(body.items.length).toBe(limit);
    cursor = body.nextCursor;
    await between(page);
  }
  throw new Error('the list never ended');
}

/** The surviving ids in the order they came must be the order the unpaged list gives them. */
function expectSameOrder(seen: number[], reference: number[]) {
  const survivors = new Set(reference);
  const position = new Map(reference.map((id, i) => [id, i]));
  const order = seen.filter((id) => survivors.has(id)).map((id) => position.get(id)!);
  expect(order).toEqual([...order].sort((a, b) => a - b));
}

interface Churn {
  /** Inserts one row that sorts after everything (reached later) and one that sorts before (already passed). */
  add(): Promise<{ ahead: number; behind: number }>;
  /** Deletes one row. */
  remove(id: number): Promise<void>;
}

/** The n-th key of a sequence that reads ever later in a newest-first order: each older than the one before. */
const older = (from: string, n: number) => new Date(Date.parse(from) - n * 86_400_000).toISOString();
let added = 0;

/**
 * Walk in pages of 5; after each page delete one row not reached yet, delete one already seen, and add one row
 * ahead of the cursor and one behind it. Checks every rule of the scenario.
 */
async function churnWalk(url: string, unpagedUrl: string, initial: number[], foreign: number[], churn: Churn) {
  const seen: number[] = [];
  const deletedUnseen = new Set<number>();
  const addedAhead: number[] = [];
  const addedBehind: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; ; page++) {
    const res = await get(owner, withCursor(`${url}${url.includes('?') ? '&' : '?'}limit=5`, cursor));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PageBody;
    seen.push(...body.items.map((i) => i.id));
    if (body.nextCursor === null) break;
    cursor = body.nextCursor;
    const reached = new Set(seen);
    const notYet = initial.filter((id) => !reached.has(id) && !deletedUnseen.has(id));
    if (notYet.length > 2) {
      const victim = notYet[page % notYet.length]!;
      await churn.remove(victim);
      deletedUnseen.add(victim);
    }
    await churn.remove(seen[page % seen.length]!); // already seen: changes nothing ahead
    const added = await churn.add();
    addedAhead.push(added.ahead);
    addedBehind.push(added.behind);
    expect(page).toBeLessThan(500);
  }

  expect(new Set(seen).size, 'no row twice').toBe(seen.length);
  expect(
    seen.filter((id) => foreign.includes(id)),
    "another account's rows",
  ).toEqual([]);
  const seenSet = new Set(seen);
  for (const id of initial.filter((id) => !deletedUnseen.has(id))) expect(seenSet.has(id), `row ${id} there throughout`).toBe(true);
  for (const id of deletedUnseen) expect(seenSet.has(id), `row ${id} deleted before it was reached`).toBe(false);
  for (const id of addedAhead) expect(seenSet.has(id), `row ${id} added ahead of the cursor`).toBe(true);
  for (const id of addedBehind) expect(seenSet.has(id), `row ${id} added behind the cursor`).toBe(false);
  expect(deletedUnseen.size).toBeGreaterThan(0);
  expect(addedAhead.length).toBeGreaterThan(3);
  expectSameOrder(seen, await unpagedOrder(owner, unpagedUrl));
}

// Photos: ties on every key (same instant, same title in other case, empty titles falling back to the file
// name), timestamps a microsecond apart, and photos without dateTaken (sorted at their upload, spec §2).
async function seedPhotos(userId: number, n: number): Promise<number[]> {
  return ids(
    `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, title, date_taken, created_at)
     SELECT $1, 'k/' || g, 'IMG_' || lpad((g % 7)::text, 4, '0') || '.jpg', 1000, 'image/jpeg',
       CASE g % 4 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'Picnic' ELSE 'picnic' END,
       CASE WHEN g % 3 = 0 THEN NULL ELSE timestamptz '2001-05-05 10:00:00+00' + (g % 5) * interval '1 microsecond' END,
       timestamptz '2020-01-01 00:00:00+00' + (g % 6) * interval '1 microsecond'
     FROM generate_series(1, $2) g RETURNING id`,
    [userId, n],
  );
}

const photoChurn = (userId: number, sort: string): Churn => ({
  async add() {
    const insert = (title: string, taken: string, created: string) =>
      ids(
        `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, title, date_taken, created_at)
         VALUES ($1, 'k/new', 'new.jpg', 1, 'image/jpeg', $2, $3, $4) RETURNING id`,
        [userId, title, taken, created],
      ).then((r) => r[0]!);
    // ahead = sorts after every seeded row in this order; behind = before every one
    if (sort === 'title')
      return { ahead: await insert('zzz', '2001-05-05Z', '2020-01-01Z'), behind: await insert('aaa', '2001-05-05Z', '2020-01-01Z') };
    // ties are broken by id, and a new row has the highest: in a newest-first order each row added ahead is older still
    const n = added++;
    if (sort === 'dateTaken')
      return { ahead: await insert('x', older('1950-01-01Z', n), '2020-01-01Z'), behind: await insert('x', '2030-01-01Z', '2020-01-01Z') };
    return { ahead: await insert('x', '2001-05-05Z', older('1990-01-01Z', n)), behind: await insert('x', '2001-05-05Z', '2030-01-01Z') };
  },
  async remove(id) {
    await q('DELETE FROM photos WHERE id = $1', [id]);
  },
});

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

describe('GET /api/photos/page', () => {
  for (const sort of ['dateTaken', 'createdAt', 'title', undefined] as const) {
    it(`gives every photo once, in the list's order, while photos come and go (sortBy=${sort ?? 'none'})`, async () => {
      await q('DELETE FROM photos');
      const initial = await seedPhotos(owner.user.id, 43);
      const foreign = await seedPhotos(other.user.id, 12);
      const qs = sort ? `?sortBy=${sort}` : '';
      await churnWalk(`/api/photos/page${qs}`, `/api/photos${qs}`, initial, foreign, photoChurn(owner.user.id, sort ?? 'createdAt'));
    });
  }

  it('reads a deep cursor, and a cursor read again gives the same page', async () => {
    await q('DELETE FROM photos');
    await seedPhotos(other.user.id, 50);
    const all = await seedPhotos(owner.user.id, 1_000);
    const seen = await walk(owner, '/api/photos/page?sortBy=dateTaken', 200);
    expect(seen.length).toBe(1_000);
    expect(new Set(seen)).toEqual(new Set(all));
    expect(seen).toEqual(await unpagedOrder(owner, '/api/photos?sortBy=dateTaken'));

    let cursor: string | null = null;
    for (let i = 0; i < 9; i++)
      cursor = ((await get(owner, withCursor('/api/photos/page?limit=100', cursor))).json() as PageBody).nextCursor;
    const deep = (await get(owner, withCursor('/api/photos/page?limit=100', cursor))).json() as PageBody;
    const again = (await get(owner, withCursor('/api/photos/page?limit=100', cursor))).json() as PageBody;
    expect(deep.items.length).toBe(100);
    expect(deep.nextCursor).toBeNull();
    expect(again).toEqual(deep);
  });

  it('pages 100 at a time unless told, at most 200, and never shows another account a photo', async () => {
    await q('DELETE FROM photos');
    await seedPhotos(owner.user.id, 250);
    const first = (await get(owner, '/api/photos/page')).json() as PageBody;
    expect(first.items.length).toBe(100);
    const max = (await get(owner, '/api/photos/page?limit=200')).json() as PageBody;
    expect(max.items.length).toBe(200);
    // the owner's cursor in another account's hands reads that account's (empty) gallery, nothing of the owner's
    const theirs = await get(other, withCursor('/api/photos/page', first.nextCursor));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({ items: [], nextCursor: null });
    expect((await get(null, '/api/photos/page')).statusCode).toBe(401);
  });
});

describe('jumping to a month: GET /api/photos/page?from= and GET /api/photos/months', () => {
  it("starts at the newest photo at or before `from`, goes on from there, and counts photos a month in the viewer's zone", async () => {
    await q('DELETE FROM photos');
    await seedPhotos(other.user.id, 5);
    const insert = (taken: string | null, created = '2024-01-01Z') =>
      ids(
        `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, date_taken, created_at)
         VALUES ($1, 'k', 'a.jpg', 1, 'image/jpeg', $2, $3) RETURNING id`,
        [owner.user.id, taken, created],
      ).then((r) => r[0]!);
    const may2024 = await insert('2024-05-10T12:00:00Z');
    const june1990a = await insert('1990-06-30T23:30:00Z'); // 1 July in Paris
    const june1990b = await insert('1990-06-15T08:00:00Z');
    const march1985 = await insert('1985-03-01T00:00:00Z');
    const undated = await insert(null, '1970-01-02Z'); // sorted at its upload (spec §2)

    const jump = (await get(owner, '/api/photos/page?sortBy=dateTaken&from=1990-07-01T00:00:00Z&limit=2')).json() as PageBody;
    expect(jump.items.map((i) => i.id)).toEqual([june1990a, june1990b]);
    const rest = (await get(owner, withCursor('/api/photos/page?sortBy=dateTaken&limit=2', jump.nextCursor))).json() as PageBody;
    expect(rest.items.map((i) => i.id)).toEqual([march1985, undated]);
    expect(rest.nextCursor).toBeNull();
    // inclusive: a photo taken exactly at `from` is the first
    const exact = (await get(owner, '/api/photos/page?sortBy=dateTaken&from=2024-05-10T14:00:00%2B02:00&limit=1')).json() as PageBody;
    expect(exact.items.map((i) => i.id)).toEqual([may2024]);

    const months = async (query: string) => {
      const res = await get(owner, `/api/photos/months${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { months: { month: string; count: number }[] }).months;
    };
    expect(await months('')).toEqual([
      { month: '2024-05', count: 1 },
      { month: '1990-06', count: 2 },
      { month: '1985-03', count: 1 },
      { month: '1970-01', count: 1 },
    ]);
    expect(await months('?tz=Europe/Paris')).toEqual([
      { month: '2024-05', count: 1 },
      { month: '1990-07', count: 1 },
      { month: '1990-06', count: 1 },
      { month: '1985-03', count: 1 },
      { month: '1970-01', count: 1 },
    ]);
    expect(await months('?sortBy=createdAt')).toEqual([
      { month: '2024-01', count: 4 },
      { month: '1970-01', count: 1 },
    ]);
  });

  it('refuses from with a cursor, with the title order, before the year 1, and an unknown zone', async () => {
    const first = (await get(owner, '/api/photos/page?limit=1')).json() as PageBody;
    for (const url of [
      withCursor('/api/photos/page?from=2000-01-01T00:00:00Z', first.nextCursor),
      '/api/photos/page?sortBy=title&from=2000-01-01T00:00:00Z',
      '/api/photos/page?from=0001-01-01T00:00:00%2B14:00',
      '/api/photos/page?from=yesterday',
      '/api/photos/months?tz=Mars/Olympus',
      '/api/photos/months?sortBy=title',
    ]) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(400);
    }
    expect((await get(null, '/api/photos/months')).statusCode).toBe(401);
  });
});

describe('GET /api/memories/page', () => {
  it('gives every memory once, in the list order, while memories come and go', async () => {
    const seed = (userId: number, n: number) =>
      ids(
        `INSERT INTO memories (user_id, title, content, event_date, created_at)
         SELECT $1, 'M' || g, 'text', date '1985-06-01' + (g % 4), timestamptz '2020-01-01Z' + (g % 3) * interval '1 microsecond'
         FROM generate_series(1, $2) g RETURNING id`,
        [userId, n],
      );
    const initial = await seed(owner.user.id, 37);
    const foreign = await seed(other.user.id, 9);
    const insert = (eventDate: string) =>
      ids(`INSERT INTO memories (user_id, title, content, event_date) VALUES ($1, 'new', 'text', $2) RETURNING id`, [
        owner.user.id,
        eventDate,
      ]).then((r) => r[0]!);
    await churnWalk('/api/memories/page', '/api/memories', initial, foreign, {
      add: async () => ({ ahead: await insert(older('1900-01-01Z', added++).slice(0, 10)), behind: await insert('2030-01-01') }),
      remove: async (id) => void (await q('DELETE FROM memories WHERE id = $1', [id])),
    });
  });
});

describe('GET /api/vault/page', () => {
  it('gives every document once, in the list order, while documents come and go', async () => {
    const seed = (userId: number, n: number) =>
      ids(
        `INSERT INTO vault_files (user_id, file_name, original_name, file_path, file_size, mime_type, uploaded_at)
         SELECT $1, 'f' || g, 'doc ' || g || '.pdf', 'v/' || g, 10, 'application/pdf',
           timestamptz '2020-01-01Z' + (g % 4) * interval '1 microsecond'
         FROM generate_series(1, $2) g RETURNING id`,
        [userId, n],
      );
    const initial = await seed(owner.user.id, 31);
    const foreign = await seed(other.user.id, 9);
    const insert = (at: string) =>
      ids(
        `INSERT INTO vault_files (user_id, file_name, original_name, file_path, file_size, mime_type, uploaded_at)
         VALUES ($1, 'n', 'new.pdf', 'v/n', 10, 'application/pdf', $2) RETURNING id`,
        [owner.user.id, at],
      ).then((r) => r[0]!);
    await churnWalk('/api/vault/page', '/api/vault', initial, foreign, {
      add: async () => ({ ahead: await insert(older('1990-01-01Z', added++)), behind: await insert('2030-01-01Z') }),
      remove: async (id) => void (await q('DELETE FROM vault_files WHERE id = $1', [id])),
    });
  });
});

describe('GET /api/contacts/page', () => {
  const seed = (userId: number, n: number) =>
    ids(
      `INSERT INTO contacts (owner_id, first_name, last_name, relationship)
       SELECT $1, CASE g % 3 WHEN 0 THEN 'ann' WHEN 1 THEN 'Ann' ELSE 'Bo' END, CASE g % 2 WHEN 0 THEN '' ELSE 'Lee' END,
         (CASE WHEN g % 2 = 0 THEN 'family' ELSE 'friend' END)::relationship
       FROM generate_series(1, $2) g RETURNING id`,
      [userId, n],
    );
  const insert = (first: string, relationship = 'family') =>
    ids(`INSERT INTO contacts (owner_id, first_name, last_name, relationship) VALUES ($1, $2, '', $3) RETURNING id`, [
      owner.user.id,
      first,
      relationship,
    ]).then((r) => r[0]!);
  const churn: Churn = {
    add: async () => ({ ahead: await insert('Zoe'), behind: await insert('Aaron') }),
    remove: async (id) => void (await q('DELETE FROM contacts WHERE id = $1', [id])),
  };

  it('gives every contact once, in the list order, while contacts come and go', async () => {
    await q('DELETE FROM contacts');
    const initial = await seed(owner.user.id, 33);
    const foreign = await seed(other.user.id, 9);
    await churnWalk('/api/contacts/page', '/api/contacts', initial, foreign, churn);
  });

  it('keeps the relationship filter on every page', async () => {
    await q('DELETE FROM contacts');
    await seed(owner.user.id, 33);
    const family = (await q(`SELECT id FROM contacts WHERE owner_id = $1 AND relationship = 'family'`, [owner.user.id])).rows.map(
      (r: { id: number }) => r.id,
    );
    const seen = await walk(owner, '/api/contacts/page?relationship=family', 4);
    expect(seen).toEqual(await unpagedOrder(owner, '/api/contacts?relationship=family'));
    expect(new Set(seen)).toEqual(new Set(family));
  });
});

describe('hostile cursors and limits', () => {
  const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const ts = '2020-01-01T00:00:00.000000Z';
  const BAD_CURSORS = [
    'x',
    '!!!!',
    'eyJ', // base64 of a torn JSON text
    b64('not json'),
    b64(null),
    b64({ list: 'photos:createdAt' }),
    b64(['photos:createdAt', ts]), // no id
    b64(['photos:createdAt', ts, 1, 2]), // one too many
    b64(['photos:title', 'a', 1]), // another order's cursor
    b64(['memories', '2020-01-01', ts, 1]), // another list's cursor
    b64(['photos:createdAt', '2021-02-29T00:00:00.000000Z', 1]),
    b64(['photos:createdAt', '2020-13-01T00:00:00.000000Z', 1]),
    b64(['photos:createdAt', '2020-01-01T24:00:00.000000Z', 1]),
    b64(['photos:createdAt', '2020-01-01 00:00:00', 1]),
    b64(['photos:createdAt', "2020-01-01'; DROP TABLE photos; --", 1]),
    b64(['photos:createdAt', 20200101, 1]),
    b64(['photos:createdAt', ts, 0]),
    b64(['photos:createdAt', ts, 2_147_483_648]),
    b64(['photos:createdAt', ts, 1.5]),
    b64(['photos:createdAt', ts, '1']),
    b64(['photos:createdAt', ts, -1]),
  ];

  it('refuses every malformed or foreign cursor with a 400 that says so', async () => {
    for (const cursor of BAD_CURSORS) {
      const res = await get(owner, `/api/photos/page?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/cursor/i);
    }
    for (const [url, cursor] of [
      ['/api/memories/page', b64(['memories', '2021-02-29', ts, 1])],
      ['/api/memories/page', b64(['memories', '2020-01-01', ts])],
      ['/api/vault/page', b64(['photos:createdAt', ts, 1])],
      ['/api/contacts/page', b64(['contacts', 'a\u0000', 'b', 1])],
      ['/api/contacts/page', b64(['contacts', 'a'.repeat(4_001), 'b', 1])],
      ['/api/contacts/page', b64(['contacts', null, 'b', 1])],
    ] as const) {
      const res = await get(owner, `${url}?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, `${url} ${cursor}`).toBe(400);
    }
  });

  it('refuses a photos cursor of one order in another order, and a well-formed cursor works in its own', async () => {
    await q('DELETE FROM photos');
    await seedPhotos(owner.user.id, 5);
    const first = (await get(owner, '/api/photos/page?sortBy=createdAt&limit=2')).json() as PageBody;
    expect((await get(owner, withCursor('/api/photos/page?sortBy=createdAt&limit=2', first.nextCursor))).statusCode).toBe(200);
    expect((await get(owner, withCursor('/api/photos/page?sortBy=dateTaken', first.nextCursor))).statusCode).toBe(400);
    expect((await get(owner, withCursor('/api/photos/page?sortBy=title', first.nextCursor))).statusCode).toBe(400);
    expect((await get(owner, withCursor('/api/memories/page', first.nextCursor))).statusCode).toBe(400);
  });

  it('refuses a limit outside 1…200 and a sort it does not know', async () => {
    for (const url of ['/api/photos/page', '/api/memories/page', '/api/vault/page', '/api/contacts/page'])
      for (const limit of ['0', '201', '-1', '1.5', 'abc', '', '1e2', '0100']) {
        const res = await get(owner, `${url}?limit=${limit}`);
        expect(res.statusCode, `${url} limit=${limit}`).toBe(400);
      }
    expect((await get(owner, '/api/photos/page?sortBy=size')).statusCode).toBe(400);
    expect((await get(owner, '/api/contacts/page?relationship=enemy')).statusCode).toBe(400);
  });
});
