// The mail that invites someone to make an account on this heirloom (decision 048), in the language chosen for them.
import type { IntlShape } from 'react-intl';
import type { MailMessage } from '../../lib/mail';

export function invitationMail(intl: IntlShape, to: string, inviter: string, registerUrl: string): MailMessage {
  return {
    to,
    language: intl.locale,
    subject: intl.formatMessage({ id: 'mail.invitation.subject', defaultMessage: '{inviter} invites you to heirloom' }, { inviter }),
    text: [
      intl.formatMessage({ id: 'mail.invitation.hello', defaultMessage: 'Hello,' }),
      '',
      intl.formatMessage(
        {
          id: 'mail.invitation.invites',
          defaultMessage:
            '{inviter} invites you to keep your life story on their heirloom: memories, photos and documents, kept safe and handed on.',
        },
        { inviter },
      ),
      intl.formatMessage({ id: 'mail.invitation.open', defaultMessage: 'To make your account, open this link:' }),
      '',
      registerUrl,
      '',
      intl.formatMessage({ id: 'mail.invitation.works', defaultMessage: 'The link works once, for this e-mail address, for 14 days.' }),
      '',
      intl.formatMessage({ id: 'mail.invitation.notExpected', defaultMessage: 'If you did not expect this, ignore this e-mail.' }),
    ].join('\n'),
  };
}
