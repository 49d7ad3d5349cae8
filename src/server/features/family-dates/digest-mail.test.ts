import { describe, expect, it } from 'vitest';
import type { FamilyDate } from '@shared/schemas/family-dates';
import { digestMail } from './digest-mail';

const date = (text: string): FamilyDate => ({
  kind: 'birthday',
  date: '2026-12-01',
  daysAway: 1,
  years: 8,
  living: true,
  treePersonIds: [],
  contactId: 1,
  text,
});

describe('digestMail', () => {
  it('says the same in plain text and HTML, with the family page and the way to switch it off', () => {
    const mail = digestMail(
      { firstName: 'Ada', email: 'ada@example.com' },
      [date('Anna turns 8 on Tuesday 1 December')],
      'https://h.example',
    );
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain('- Anna turns 8 on Tuesday 1 December');
    expect(mail.text).toContain('https://h.example/family');
    expect(mail.text).toContain('switch it off in Settings → Account: https://h.example/settings');
    expect(mail.html).toContain('<li>Anna turns 8 on Tuesday 1 December</li>');
    expect(mail.html).toContain('<a href="https://h.example/settings">Settings</a>');
  });

  it('escapes names in the HTML', () => {
    const mail = digestMail(
      { firstName: '<b>Ada</b>', email: 'ada@example.com' },
      [date("<script>x</script>'s birthday")],
      'https://h.example',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Ada');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
