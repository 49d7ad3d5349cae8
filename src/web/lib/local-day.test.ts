import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDay, localDayFromToday, localTimeZone } from './local-day';

const originalTz = process.env.TZ;

describe('localDay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('is already tomorrow east of UTC while UTC is still on today', () => {
    process.env.TZ = 'Pacific/Auckland';
    vi.setSystemTime(new Date('2026-03-01T11:30:00Z')); // 00:30 on 2 March in Auckland
    expect(localDay()).toBe('2026-03-02');
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-03-01');
    expect(localTimeZone()).toBe('Pacific/Auckland');
  });

  it('is still yesterday west of UTC after UTC midnight', () => {
    process.env.TZ = 'America/Los_Angeles';
    vi.setSystemTime(new Date('2026-03-02T05:00:00Z')); // 21:00 on 1 March in Los Angeles
    expect(localDay()).toBe('2026-03-01');
    expect(localTimeZone()).toBe('America/Los_Angeles');
  });

  it('names the day of a given moment', () => {
    process.env.TZ = 'Europe/Paris';
    expect(localDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('counts days from the local today across a month end and a clock change', () => {
    process.env.TZ = 'Europe/Paris';
    vi.setSystemTime(new Date('2026-03-28T23:30:00Z')); // 00:30 on 29 March, the night clocks go forward
    expect(localDayFromToday(0)).toBe('2026-03-29');
    expect(localDayFromToday(1)).toBe('2026-03-30');
    expect(localDayFromToday(3)).toBe('2026-04-01');
    expect(localDayFromToday(-29)).toBe('2026-02-28');
  });
});
