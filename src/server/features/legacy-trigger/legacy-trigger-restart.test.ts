// A restart in every state of the Legacy Plan trigger loses no timer: the app queues each owner's next tick at
// start, even when the queue lost it (a crash between a change's commit and its tick being queued), and a
// tick already queued is not queued twice.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { contacts, grants, heirs, legacyPlans, letters } from '@server/db/schema';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { createLegacyTriggerService, LEGACY_TICK_JOB } from './legacy-trigger.service';
import { addMonths } from './trigger-clock';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
}, 60_000);
afterAll(async () => {
  if (app !== t.app) await app.close();
  await t?.close();
});

async function restart() {
  await app.close();
  app = await buildApp({ env: t.env, db: t.db, files: t.files, logger: false });
  await app.ready();
}

async function queuedTicks(userId: number) {
  const { rows } = await t.pool.query<{ start_after: Date }>(
    `SELECT start_after FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') AND data->>'userId' = $2 ORDER BY start_after`,
    [LEGACY_TICK_JOB, String(userId)],
  );
  return rows.map((r) => r.start_after.getTime());
}

describe('a restart in every state of the trigger', () => {
  it('queues every owner’s next tick again, once', async () => {
    const start = new Date(Date.now() + 1000);
    const clock = { now: start };
    const service = () =>
      createLegacyTriggerService({
        db: t.db,
        jobs: app.jobs,
        linkTokens: app.linkTokens,
        publicUrl: t.env.PUBLIC_URL,
        now: () => clock.now,
      });
    const owners: Record<'active' | 'awaiting' | 'veto' | 'dated', number> = { active: 0, awaiting: 0, veto: 0, dated: 0 };
    for (const key of Object.keys(owners) as Array<keyof typeof owners>) owners[key] = (await signUp(app)).user.id;
    const base = { checkInMonths: 6, vetoDays: 14 as const, verifiersRequired: 1 };

    clock.now = start;
    await service().putPlan(owners.active, { ...base, verifierContactIds: [] });
    await service().putPlan(owners.awaiting, { ...base, verifierContactIds: [] });
    const [verifier] = await t.db
      .insert(contacts)
      .values({ ownerId: owners.veto, firstName: 'Vera', lastName: '', email: 'vera@example.com', relationship: 'family' })
      .returning();
    await service().putPlan(owners.veto, { ...base, verifierContactIds: [verifier!.id] });
    const checkInDue = addMonths(start, 6);
    clock.now = checkInDue;
    await service().tick(owners.awaiting);
    const [v] = await t.db.select().from(legacyPlans).where(eq(legacyPlans.userId, owners.veto));
    expect(v!.state).toBe('active');
    const reportedAt = new Date(start.getTime() + 5 * DAY);
    clock.now = reportedAt;
    await service().verifierConfirm(
      app.linkTokens.tokenFor((await t.pool.query(`SELECT token_nonce FROM legacy_verifiers`)).rows[0].token_nonce),
    );

    // an owner with no plan at all: a time capsule still has its timer
    const [heirContact] = await t.db
      .insert(contacts)
      .values({ ownerId: owners.dated, firstName: 'Tim', lastName: '', email: 'tim@example.com', relationship: 'family' })
      .returning();
    const [heir] = await t.db.insert(heirs).values({ userId: owners.dated, contactId: heirContact!.id }).returning();
    const [letter] = await t.db.insert(letters).values({ userId: owners.dated, heirId: heir!.id, title: 'Hi', body: 'Later' }).returning();
    const capsuleAt = new Date(start.getTime() + 40 * DAY);
    await t.db.insert(grants).values({
      userId: owners.dated,
      letterId: letter!.id,
      contactId: heirContact!.id,
      heirId: heir!.id,
      linkKind: 'heir',
      releaseCondition: 'on_date',
      releaseAt: capsuleAt,
    });

    const expected = {
      active: checkInDue.getTime(),
      awaiting: checkInDue.getTime() + 7 * DAY,
      veto: reportedAt.getTime() + 14 * DAY,
      dated: capsuleAt.getTime(),
    };
    const states = await t.db.select({ userId: legacyPlans.userId, state: legacyPlans.state }).from(legacyPlans);
    expect(Object.fromEntries(states.map((s) => [s.userId, s.state]))).toMatchObject({
      [owners.active]: 'active',
      [owners.awaiting]: 'awaiting_check_in',
      [owners.veto]: 'veto',
    });

    // as if every tick had been lost in a crash between a commit and its send
    await app.jobs.stop();
    await t.pool.query(`DELETE FROM pgboss.job WHERE name = $1`, [LEGACY_TICK_JOB]);
    await restart();
    for (const key of Object.keys(owners) as Array<keyof typeof owners>) {
      expect(await queuedTicks(owners[key]), key).toContain(expected[key]);
    }

    // with the ticks still queued, a second restart adds none
    const before = await Promise.all(Object.values(owners).map(queuedTicks));
    await restart();
    expect(await Promise.all(Object.values(owners).map(queuedTicks))).toEqual(before);

    // and the timers still do their work after the restart
    clock.now = new Date(expected.veto);
    await service().tick(owners.veto);
    expect((await t.db.select().from(legacyPlans).where(eq(legacyPlans.userId, owners.veto)))[0]!.state).toBe('released');
    clock.now = new Date(expected.dated);
    await service().tick(owners.dated);
    expect((await t.db.select().from(grants).where(eq(grants.userId, owners.dated)))[0]!.releasedAt?.getTime()).toBe(expected.dated);
  }, 60_000);
});
