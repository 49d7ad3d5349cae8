// The words of the two mails that tell an owner's heirs the day their account is deleted after the release.
import type { MailMessage } from '../../lib/mail';

const longDate = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function deletionNoticeMail(
  heir: { name: string; email: string },
  about: { ownerName: string; deleteAt: Date; releaseUrl: string; reminder: boolean },
): MailMessage {
  const day = longDate(about.deleteAt);
  return {
    to: heir.email,
    subject: `${about.reminder ? 'Reminder: ' : ''}${about.ownerName}’s heirloom account will be deleted on ${day}`,
    text: [
      `Hello ${heir.name},`,
      '',
      about.reminder
        ? `This is the reminder you were promised: ${about.ownerName}’s heirloom account will be deleted on ${day}, 30 days from now.`
        : `${about.ownerName} chose that their heirloom account be deleted some months after their Legacy Plan was released. It will be deleted on ${day}.`,
      '',
      `Until then, what ${about.ownerName} left you is on your release page. Open it with your key code, then keep it in your own heirloom library (“Keep in my library”) or download everything:`,
      '',
      about.releaseUrl,
      '',
      `On ${day} the release page and everything on it are removed from this server. What you kept in your own library, and what you downloaded, stay yours.`,
    ].join('\n'),
  };
}
