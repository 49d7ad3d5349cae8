import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { escrowReason, outdatedText } from './escrow-wording';

// The API's reasons, as the server words them.
const VERIFIERS_CHANGED = 'Your verifiers changed since these codes were made: make new codes and give them to your verifiers.';
const REASONS = [
  'Make Amy Pond’s key code first: a sealed copy is locked with it.',
  `${VERIFIERS_CHANGED} Until then the sealed copies are not written again.`,
  'Set a bucket for the sealed copies first.',
  'Not written yet: the next run writes it.',
];

describe('why a sealed copy waits', () => {
  afterEach(() => switchLanguage('en', { remember: false }));

  it('reads in English exactly as the API says it', () => {
    for (const reason of REASONS) expect(escrowReason(reason, 'Amy Pond')).toBe(reason);
    expect(outdatedText(VERIFIERS_CHANGED)).toBe(VERIFIERS_CHANGED);
    expect(escrowReason('The bucket answered 403 Forbidden')).toBe('The bucket answered 403 Forbidden');
  });

  it('reads in the page’s language', async () => {
    await switchLanguage('de', { remember: false });
    const german = REASONS.map((reason) => escrowReason(reason, 'Amy Pond'));
    expect(german[0]).toBe('Erstellen Sie zuerst den Schlüsselcode für Amy Pond: Eine versiegelte Kopie wird damit verschlossen.');
    expect(german[1]).toMatch(
      /^Ihre Vertrauenspersonen haben sich geändert.* Bis dahin werden die versiegelten Kopien nicht neu geschrieben\.$/,
    );
    expect(german[2]).toBe('Legen Sie zuerst einen Bucket für die versiegelten Kopien fest.');
    expect(german[3]).toBe('Noch nicht geschrieben: Der nächste Lauf schreibt sie.');
  });
});
