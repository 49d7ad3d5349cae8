import { describe, expect, it } from 'vitest';
import { formatItemDay } from './format';

describe('the offline viewer’s dates', () => {
  it('shows a period as its owner knows it, and a day as before', () => {
    expect(formatItemDay('1960-01-01T12:00:00.000Z', 'decade')).toBe('1960s');
    expect(formatItemDay('1962-06-01', 'month')).toMatch(/June 1962/);
    expect(formatItemDay('1955-01-01', 'about', 5)).toBe('c. 1955 (± 5 years)');
    expect(formatItemDay('1962-06-14', 'day')).toMatch(/1962/);
  });

  it('reads an archive from before precisions as days', () => {
    expect(formatItemDay('1962-06-14', undefined)).toBe(formatItemDay('1962-06-14', 'day'));
  });
});
