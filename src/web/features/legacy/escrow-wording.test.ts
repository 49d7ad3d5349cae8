import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { escrowReason } from './escrow-wording';

// The API words its reasons in the reader's language; a run's trouble kept before it did is a marked English text.
const KEPT_BEFORE = 'No bucket is set for the sealed copies.';

describe('why a sealed copy waits', () => {
  afterEach(() => switchLanguage('en', { remember: false }));

  it('reads as the API says it', async () => {
    expect(escrowReason(KEPT_BEFORE)).toBe(KEPT_BEFORE);
    await switchLanguage('de', { remember: false });
    const german = 'Die Kopie für Amy Pond konnte nicht geschrieben werden: Die Verbindung wurde unterbrochen.';
    expect(escrowReason(german)).toBe(german);
  });
});
