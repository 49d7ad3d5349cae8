// The weekly mail of the family's dates: plain text, and the same words as HTML, in the owner's language (issue 33).
import type { IntlShape } from 'react-intl';
import type { FamilyDate } from '@shared/schemas/family-dates';
import { escapeHtml } from '../../lib/escape-html';
import { translator } from '../../lib/i18n';
import type { MailMessage } from '../../lib/mail';
import { htmlOpening } from '../../lib/mail-language';

const english = translator(undefined);

const subjectOf = (intl: IntlShape) =>
  intl.formatMessage({ id: 'mail.familyDates.subject', defaultMessage: 'Dates that matter in your family this week' });

/** The subject in English, as an English reader gets it. */
export const DIGEST_SUBJECT = subjectOf(english);

interface Recipient {
  firstName: string;
  email: string;
}

export function digestMail(to: Recipient, dates: readonly FamilyDate[], publicUrl: string, intl: IntlShape = english): MailMessage {
  const familyUrl = `${publicUrl}/family`;
  const settingsUrl = `${publicUrl}/settings`;
  const hello = intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: to.firstName });
  const intro = intl.formatMessage({
    id: 'mail.familyDates.intro',
    defaultMessage: 'These are the dates that matter in your family in the coming seven days:',
  });
  const why = intl.formatMessage({
    id: 'mail.familyDates.why',
    defaultMessage: 'You receive this e-mail once a week because you switched on "Dates that matter" in heirloom.',
  });
  const stop = intl.formatMessage({ id: 'mail.familyDates.stop', defaultMessage: 'To stop it, switch it off in Settings → Account:' });
  const seeFamily = intl.formatMessage({ id: 'mail.familyDates.seeFamily', defaultMessage: 'See your family in heirloom' });
  const settings = intl.formatMessage({ id: 'mail.familyDates.settings', defaultMessage: 'Settings' });
  const text = [
    hello,
    '',
    intro,
    '',
    ...dates.map((d) => `- ${d.text}`),
    '',
    intl.formatMessage({ id: 'mail.familyDates.seeFamilyAt', defaultMessage: 'See your family in heirloom: {url}' }, { url: familyUrl }),
    '',
    '--',
    why,
    `${stop} ${settingsUrl}`,
  ].join('\n');
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    htmlOpening(intl.locale, 'font-family: sans-serif; line-height: 1.5'),
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${dates.map((d) => `<li>${escapeHtml(d.text)}</li>`).join('')}</ul>`,
    `<p>${link(familyUrl, seeFamily)}</p>`,
    `<p style="color: #666; font-size: 0.9em">${escapeHtml(why)} ${escapeHtml(stop)} ${link(settingsUrl, settings)}.</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, language: intl.locale, subject: subjectOf(intl), text, html };
}
