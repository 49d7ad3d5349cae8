import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlist } from '@server/db/schema';
import { buildTestApp, type TestApp } from '@tests/helpers/server';

describe('POST /api/waitlist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const join = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/waitlist', payload: payload as object });

  it('adds a valid address', async () => {
    const res = await join({ email: 'grandma@example.com' });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(waitlist).where(eq(waitlist.email, 'grandma@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('refuses an invalid address with the spec message and stores nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(waitlist);
    const res = await join({ email: 'grandma-at-example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(waitlist);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers a second join (any case) with the same friendly success, keeping one row', async () => {
    const first = await join({ email: 'twice@example.com' });
    const second = await join({ email: 'TWICE@example.com' });
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    const rows = await t.db
      .select()
      .from(waitlist)
      .where(sql`lower(${waitlist.email}) = 'twice@example.com'`);
    expect(rows).toHaveLength(1);
  });
});
