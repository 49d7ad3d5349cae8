// The gallery's Undated chip (decision 067): GET /api/photos/page?undated=true holds only the owner's photos
// without a date taken, in every order and a page at a time; GET /api/photos/undated-count counts them.
// Rows are seeded in SQL (paging reads no files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;
type Page = { items: { id: number; dateTaken: string | null }[]; nextCursor: string | null };

let t: TestApp;
let owner: Session;
let other: Session;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

const get = (who: Session, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

/** The ids of the rows inserted without a date taken. */
async function insert(userId: number, taken: (string | null)[]): Promise<number[]> {
  const { rows } = await t.pool.query<{ id: number; undated: boolean }>(
    `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, date_taken, title)
     SELECT $1, 'k', 'a.jpg', 1, 'image/jpeg', taken, 'p' || ord
     FROM unnest($2::timestamptz[]) WITH ORDINALITY AS r(taken, ord) RETURNING id, date_taken IS NULL AS undated`,
    [userId, taken],
  );
  return rows.filter((r) => r.undated).map((r) => r.id);
}

describe('undated photos', () => {
  it('pages only the owner’s undated photos, in every order, and counts them', async () => {
    const undatedIds = await insert(owner.user.id, [null, null, '2001-02-03T04:05:06Z']);
    await insert(other.user.id, [null, '1999-01-01T00:00:00Z']);

    for (const sortBy of ['dateTaken', 'createdAt', 'title']) {
      const seen: number[] = [];
      expect(undatedIds).toHaveLength(2);
      let cursor: string | null = null;
      do {
        const res = await get(
          owner,
          `/api/photos/page?undated=true&sortBy=${sortBy}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as Page;
        for (const item of page.items) expect(item.dateTaken).toBeNull();
        seen.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(
        seen.sort((a, b) => a - b),
        sortBy,
      ).toEqual([...undatedIds].sort((a, b) => a - b));
    }

    const all = (await get(owner, '/api/photos/page?undated=false&limit=100')).json() as Page;
    expect(all.items).toHaveLength(3);

    expect((await get(owner, '/api/photos/undated-count')).json()).toEqual({ count: 2 });
    expect((await get(other, '/api/photos/undated-count')).json()).toEqual({ count: 1 });
  });

  it('answers a bad undated with a clear 400', async () => {
    const res = await get(owner, '/api/photos/page?undated=yes');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('undated must be true or false');
  });
});
