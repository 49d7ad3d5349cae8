// The weekly mail of the family's dates: plain text, and the same words as HTML.
import type { FamilyDate } from '@shared/schemas/family-dates';
import { escapeHtml } from '../../lib/escape-html';
import type { MailMessage } from '../../lib/mail';

export const DIGEST_SUBJECT = 'Dates that matter in your family this week';

interface Recipient {
  firstName: string;
  email: string;
}

export function digestMail(to: Recipient, dates: readonly FamilyDate[], publicUrl: string): MailMessage {
  const familyUrl = `${publicUrl}/family`;
  const settingsUrl = `${publicUrl}/settings`;
  const intro = 'These are the dates that matter in your family in the coming seven days:';
  const why = 'You receive this e-mail once a week because you switched on "Dates that matter" in heirloom.';
  const stop = 'To stop it, switch it off in Settings → Account:';
  const text = [
    `Hello ${to.firstName},`,
    '',
    intro,
    '',
    ...dates.map((d) => `- ${d.text}`),
    '',
    `See your family in heirloom: ${familyUrl}`,
    '',
    '--',
    why,
    `${stop} ${settingsUrl}`,
  ].join('\n');
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(to.firstName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${dates.map((d) => `<li>${escapeHtml(d.text)}</li>`).join('')}</ul>`,
    `<p>${link(familyUrl, 'See your family in heirloom')}</p>`,
    `<p style="color: #666; font-size: 0.9em">${escapeHtml(why)} ${escapeHtml(stop)} ${link(settingsUrl, 'Settings')}.</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: DIGEST_SUBJECT, text, html };
}
