import { describe, expect, it } from 'vitest';
import { checkInMail } from './trigger-mails';

describe('the check-in mail', () => {
  const owner = { firstName: 'Rose', email: 'rose@example.com' };
  const url = 'https://heirloom.example/legacy/check-in?token=t';

  it('names the heirs and verifiers whose addresses may be out of date (decision 073)', () => {
    const mail = checkInMail(owner, 0, url, { outOfDate: ['Vera King', 'Zed King'], planUrl: 'https://heirloom.example/after-life' });
    expect(mail.text).toContain(
      "Vera King's address may be out of date: it was refused, or not confirmed within 30 days of heirloom asking.",
    );
    expect(mail.text).toContain("Zed King's address may be out of date");
    expect(mail.text).toContain('Check them on your Legacy Plan: https://heirloom.example/after-life');
  });

  it('says nothing of addresses when every one is confirmed or still pending', () => {
    expect(checkInMail(owner, 0, url).text).not.toContain('out of date');
  });
});
