// The throttle's rules on their own, with a clock the test moves: no waiting, no flakiness.
import { describe, expect, it } from 'vitest';
import { createLoginThrottle, LoginThrottledError } from './login-throttle';

const ACCOUNT = 'owner@example.com';

function setup() {
  let clock = 1_000_000;
  const throttle = createLoginThrottle({ now: () => clock });
  return {
    throttle,
    advance: (ms: number) => (clock += ms),
    /** A wrong password: the attempt is let through and stays counted. null when refused: the wait in seconds otherwise. */
    fail(address: string, account = ACCOUNT): number | null {
      try {
        throttle.begin(account, address);
        return null;
      } catch (err) {
        if (err instanceof LoginThrottledError) return err.retryAfterSeconds;
        throw err;
      }
    },
  };
}

describe('login throttle', () => {
  it('lets 10 failures through from anywhere, then asks for a delay that doubles up to 30 s', () => {
    const { fail, advance } = setup();
    for (let i = 0; i < 10; i++) expect(fail(`10.0.0.${i}`)).toBeNull();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = fail(`10.0.1.${i}`);
      expect(wait).not.toBeNull();
      waits.push(wait!);
      advance(wait! * 1000);
      expect(fail(`10.0.2.${i}`)).toBeNull(); // the wait over, one more guess is checked
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('refuses without counting while the delay runs, so hammering does not lengthen it', () => {
    const { throttle, fail, advance } = setup();
    for (let i = 0; i < 10; i++) fail(`10.0.0.${i}`);
    for (let i = 0; i < 100; i++) expect(fail(`10.9.${i}.1`)).toBe(1);
    expect(throttle.failuresOf(ACCOUNT)).toBe(10);
    advance(1000);
    expect(fail('10.0.0.1')).toBeNull();
  });

  it('locks one address out of one account after 10 failures for 15 minutes, and no other', () => {
    const { fail, advance, throttle } = setup();
    for (let i = 0; i < 10; i++) {
      expect(fail('10.0.0.1')).toBeNull();
      advance(60_000); // slow enough that the account-wide delay never applies
    }
    expect(fail('10.0.0.1')).toBe(15 * 60 - 60);
    expect(() => throttle.begin('other@example.com', '10.0.0.1')).not.toThrow();
    advance(14 * 60_000);
    expect(fail('10.0.0.1')).toBeNull();
  });

  it('takes a success back and forgives that address its earlier failures', () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 9; i++) fail('10.0.0.1');
    throttle.begin(ACCOUNT, '10.0.0.1').succeeded();
    expect(throttle.failuresOf(ACCOUNT)).toBe(9);
    expect(fail('10.0.0.1')).toBeNull();
  });

  it('spares an address that signed in before from the account-wide delay, not from its own limit', () => {
    const { throttle, fail } = setup();
    throttle.begin(ACCOUNT, '192.168.1.10').succeeded();
    for (let i = 0; i < 50; i++) fail(`10.0.0.${i % 10}`);
    expect(fail('203.0.113.7')).toBe(1); // a stranger waits
    const owner = throttle.begin(ACCOUNT, '192.168.1.10'); // the owner at home does not
    owner.succeeded();
    for (let i = 0; i < 10; i++) expect(fail('192.168.1.10')).toBeNull();
    expect(fail('192.168.1.10')).toBeGreaterThan(0);
  });

  it('counts attempts begun together before any of them is decided', () => {
    const { throttle } = setup();
    const outcomes = Array.from({ length: 20 }, () => {
      try {
        throttle.begin(ACCOUNT, '10.0.0.1');
        return 'checked';
      } catch {
        return 'refused';
      }
    });
    expect(outcomes.filter((o) => o === 'checked')).toHaveLength(10);
    expect(throttle.failuresOf(ACCOUNT)).toBe(10);
  });

  it('treats an abandoned attempt as never made', () => {
    const { throttle } = setup();
    for (let i = 0; i < 10; i++) throttle.begin(ACCOUNT, `10.0.0.${i}`).abandon();
    expect(throttle.failuresOf(ACCOUNT)).toBe(0);
  });

  it('forgets failures once the window has passed', () => {
    const { throttle, fail, advance } = setup();
    for (let i = 0; i < 12; i++) fail(`10.0.0.${i}`);
    advance(15 * 60_000);
    expect(throttle.failuresOf(ACCOUNT)).toBe(0);
    expect(fail('10.0.0.1')).toBeNull();
  });

  it('keys accounts by the address as typed, whatever its case, known or not', () => {
    const { fail } = setup();
    for (let i = 0; i < 10; i++) fail(`10.0.0.${i}`, i % 2 ? ' Owner@Example.com' : 'OWNER@example.com');
    expect(fail('10.0.1.1')).toBe(1);
  });

  it('stays within its memory bound whatever is sprayed at it', () => {
    let clock = 0;
    const throttle = createLoginThrottle({ now: () => clock, maxTracked: 100 });
    for (let i = 0; i < 1000; i++) throttle.begin(`user${i}@example.com`, `10.0.${i % 250}.1`);
    clock += 1;
    expect(throttle.failuresOf('user0@example.com')).toBe(0); // the oldest went first
    expect(throttle.failuresOf('user999@example.com')).toBe(1);
  });
});
