// The words of the two mails that tell an owner's heirs the day their account is deleted after the release,
// each in the heir's language (issue 33).
import type { IntlShape } from 'react-intl';
import type { MailMessage } from '../../lib/mail';
import { longDay } from '../../lib/mail-language';

export function deletionNoticeMail(
  intl: IntlShape,
  heir: { name: string; email: string },
  about: { ownerName: string; deleteAt: Date; releaseUrl: string; reminder: boolean },
): MailMessage {
  const day = longDay(intl, about.deleteAt);
  const owner = about.ownerName;
  return {
    to: heir.email,
    language: intl.locale,
    subject: about.reminder
      ? intl.formatMessage(
          { id: 'mail.afterRelease.reminderSubject', defaultMessage: 'Reminder: {owner}’s heirloom account will be deleted on {day}' },
          { owner, day },
        )
      : intl.formatMessage(
          { id: 'mail.afterRelease.subject', defaultMessage: '{owner}’s heirloom account will be deleted on {day}' },
          { owner, day },
        ),
    text: [
      intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: heir.name }),
      '',
      about.reminder
        ? intl.formatMessage(
            {
              id: 'mail.afterRelease.reminder',
              defaultMessage:
                'This is the reminder you were promised: {owner}’s heirloom account will be deleted on {day}, 30 days from now.',
            },
            { owner, day },
          )
        : intl.formatMessage(
            {
              id: 'mail.afterRelease.chose',
              defaultMessage:
                '{owner} chose that their heirloom account be deleted some months after their Legacy Plan was released. It will be deleted on {day}.',
            },
            { owner, day },
          ),
      '',
      intl.formatMessage(
        {
          id: 'mail.afterRelease.until',
          defaultMessage:
            'Until then, what {owner} left you is on your release page. Open it with your key code, then keep it in your own heirloom library (“Keep in my library”) or download everything:',
        },
        { owner },
      ),
      '',
      about.releaseUrl,
      '',
      intl.formatMessage(
        {
          id: 'mail.afterRelease.removed',
          defaultMessage:
            'On {day} the release page and everything on it are removed from this server. What you kept in your own library, and what you downloaded, stay yours.',
        },
        { day },
      ),
    ].join('\n'),
  };
}
