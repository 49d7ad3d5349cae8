import { describe, expect, it } from 'vitest';
import { expiryFromDay } from './expiry';

describe('link expiry as a calendar day', () => {
  it('ends at the last millisecond of that local day', () => {
    const iso = expiryFromDay('2030-05-01');
    expect(iso).not.toBeNull();
    const end = new Date(iso!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2030, 4, 1, 23, 59]);
  });

  it('is null for an empty or malformed day, meaning the link never expires', () => {
    expect(expiryFromDay('')).toBeNull();
    expect(expiryFromDay('01/05/2030')).toBeNull();
  });
});
