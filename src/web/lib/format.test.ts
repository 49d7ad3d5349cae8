import { describe, expect, it } from 'vitest';
import { formatBytes, formatLongDate } from './format';

describe('formatBytes', () => {
  it('uses 1024-based units with 2 decimals (spec §2, §9)', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(15 * 1024 * 1024)).toBe('15.00 MB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100.00 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB');
  });

  it('accepts the numeric strings photos and attachments use for sizes (spec §3)', () => {
    expect(formatBytes('2048')).toBe('2.00 KB');
    expect(formatBytes('not a number')).toBe('0 Bytes');
  });
});

describe('formatLongDate', () => {
  it('shows a calendar date as that day, whatever the time zone', () => {
    expect(formatLongDate('2021-03-05')).toBe('March 5, 2021');
    expect(formatLongDate('2000-01-01')).toBe('January 1, 2000');
  });

  it('formats ISO timestamps in the long US format', () => {
    const iso = new Date(2021, 2, 5, 12, 0, 0).toISOString();
    expect(formatLongDate(iso)).toBe('March 5, 2021');
  });

  it('returns an empty string for missing or invalid input', () => {
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate(undefined)).toBe('');
    expect(formatLongDate('')).toBe('');
    expect(formatLongDate('yesterday')).toBe('');
  });
});

describe('in the reader’s language', () => {
  it('formats sizes with the language’s decimal mark and units, and dates as its readers write them', async () => {
    const { switchLanguage } = await import('./i18n/language-store');
    try {
      await switchLanguage('de', { remember: false });
      expect(formatBytes(1536)).toBe('1,50 KB');
      expect(formatLongDate('1962-03-14')).toBe('14. März 1962');
      await switchLanguage('es', { remember: false });
      expect(formatLongDate('1962-03-14')).toBe('14 de marzo de 1962');
      await switchLanguage('fr', { remember: false });
      expect(formatBytes(3 * 1024 ** 3)).toBe('3,00 Go');
      expect(formatBytes(0)).toBe('0 octets');
    } finally {
      await switchLanguage('en', { remember: false });
    }
    expect(formatBytes(1536)).toBe('1.50 KB');
  });
});
