// The throttle's rules on their own, on a real database, with a clock the test moves: no waiting, no
// flakiness. Each test uses its own account, so the rows of one never meet another's.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailures } from '@server/db/schema';
import { buildTestApp, type TestApp } from '@tests/helpers/server';
import { createLoginThrottle, LoginThrottledError, type LoginThrottleOptions } from './login-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let accounts = 0;

function setup(options: Omit<LoginThrottleOptions, 'db' | 'now'> = {}) {
  let clock = 1_000_000_000_000;
  const throttle = createLoginThrottle({ db: t.db, now: () => clock, ...options });
  const account = `owner${++accounts}@example.com`;
  return {
    throttle,
    account,
    advance: (ms: number) => (clock += ms),
    /** A wrong password: the attempt is let through and stays counted. null when refused: the wait in seconds otherwise. */
    async fail(address: string, typed = account): Promise<number | null> {
      try {
        await throttle.begin(typed, address);
        return null;
      } catch (err) {
        if (err instanceof LoginThrottledError) return err.retryAfterSeconds;
        throw err;
      }
    },
  };
}

describe('login throttle', () => {
  it('lets 10 failures through from anywhere, then asks for a delay that doubles up to 30 s', async () => {
    const { fail, advance } = setup();
    for (let i = 0; i < 10; i++) expect(await fail(`10.0.0.${i}`)).toBeNull();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = await fail(`10.0.1.${i}`);
      expect(wait).not.toBeNull();
      waits.push(wait!);
      advance(wait! * 1000);
      expect(await fail(`10.0.2.${i}`)).toBeNull(); // the wait over, one more guess is checked
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('refuses without counting while the delay runs, so hammering does not lengthen it', async () => {
    const { throttle, account, fail, advance } = setup();
    for (let i = 0; i < 10; i++) await fail(`10.0.0.${i}`);
    for (let i = 0; i < 100; i++) expect(await fail(`10.9.${i}.1`)).toBe(1);
    expect(await throttle.failuresOf(account)).toBe(10);
    advance(1000);
    expect(await fail('10.0.0.1')).toBeNull();
  });

  it('locks one address out of one account after 10 failures for 15 minutes, and no other', async () => {
    const { fail, advance, throttle, account } = setup();
    for (let i = 0; i < 10; i++) {
      expect(await fail('10.0.0.1')).toBeNull();
      advance(60_000); // slow enough that the account-wide delay never applies
    }
    expect(await fail('10.0.0.1')).toBe(15 * 60 - 60);
    await expect(throttle.begin(`other-${account}`, '10.0.0.1')).resolves.toBeDefined();
    advance(14 * 60_000);
    expect(await fail('10.0.0.1')).toBeNull();
  });

  it('takes a success back and forgives that address its earlier failures', async () => {
    const { throttle, account, fail } = setup();
    for (let i = 0; i < 9; i++) await fail('10.0.0.1');
    await (await throttle.begin(account, '10.0.0.1')).succeeded();
    expect(await throttle.failuresOf(account)).toBe(9);
    expect(await fail('10.0.0.1')).toBeNull();
  });

  it('spares an address that signed in before from the account-wide delay, not from its own limit', async () => {
    const { throttle, account, fail } = setup();
    await (await throttle.begin(account, '192.168.1.10')).succeeded();
    for (let i = 0; i < 50; i++) await fail(`10.0.0.${i % 10}`);
    expect(await fail('203.0.113.7')).toBe(1); // a stranger waits
    const owner = await throttle.begin(account, '192.168.1.10'); // the owner at home does not
    await owner.succeeded();
    for (let i = 0; i < 10; i++) expect(await fail('192.168.1.10')).toBeNull();
    expect(await fail('192.168.1.10')).toBeGreaterThan(0);
  });

  it('counts attempts begun together before any of them is decided, and as many by two throttles (two instances)', async () => {
    const { throttle, account } = setup();
    const other = createLoginThrottle({ db: t.db, now: () => 1_000_000_000_000 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : throttle).begin(account, '10.0.0.1').then(
          () => 'checked',
          () => 'refused',
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'checked')).toHaveLength(10);
    expect(await throttle.failuresOf(account)).toBe(10);
    expect(await other.failuresOf(account)).toBe(10);
  });

  it('treats an abandoned attempt as never made', async () => {
    const { throttle, account } = setup();
    for (let i = 0; i < 10; i++) await (await throttle.begin(account, `10.0.0.${i}`)).abandon();
    expect(await throttle.failuresOf(account)).toBe(0);
  });

  it('takes back only from the count the attempt was part of', async () => {
    const { throttle, account, fail, advance } = setup();
    const slow = await throttle.begin(account, '10.0.0.1'); // still being checked when its count runs out
    advance(15 * 60_000);
    for (let i = 0; i < 3; i++) await fail(`10.0.1.${i}`);
    await slow.abandon();
    expect(await throttle.failuresOf(account)).toBe(3);
  });

  it('forgets failures once the window has passed', async () => {
    const { throttle, account, fail, advance } = setup();
    for (let i = 0; i < 12; i++) await fail(`10.0.0.${i}`);
    advance(15 * 60_000);
    expect(await throttle.failuresOf(account)).toBe(0);
    expect(await fail('10.0.0.1')).toBeNull();
  });

  it('keys accounts by the address as typed, whatever its case, known or not', async () => {
    const { fail, account } = setup();
    for (let i = 0; i < 10; i++) await fail(`10.0.0.${i}`, i % 2 ? ` ${account.toUpperCase()}` : account.replace('owner', 'OWNER'));
    expect(await fail('10.0.1.1')).toBe(1);
  });

  it('removes rows that no longer matter, so whatever is sprayed at it the table does not grow for good', async () => {
    const { throttle, advance, account } = setup({ purgeEveryMs: 60_000 });
    const rowsOfThisTest = async () =>
      (
        await t.db
          .select()
          .from(signInFailures)
          .where(like(signInFailures.account, `%${account}`))
      ).length;
    for (let i = 0; i < 100; i++) await throttle.begin(`${i}-${account}`, `10.0.${i}.1`);
    expect(await rowsOfThisTest()).toBe(200); // an account-wide row and a pair row each
    advance(15 * 60_000);
    await throttle.begin(account, '10.0.0.1'); // the first attempt after purgeEveryMs removes what ran out
    expect(await rowsOfThisTest()).toBe(2);
  });
});
