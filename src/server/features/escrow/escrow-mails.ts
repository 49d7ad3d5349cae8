// The mail to an owner whose sealed copies the monthly check found missing or wrong (decision 074), in the owner's
// language (issue 33); the problems come from inspectCopy in the same language.
import type { IntlShape } from 'react-intl';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';
import type { MailMessage } from '../../lib/mail';

const messages = defineMessages({
  subject: {
    id: 'escrow.copiesWrongMail.subject',
    defaultMessage:
      '{count, plural, one {A sealed copy of your Legacy Plan needs a look} other {Sealed copies of your Legacy Plan need a look}}',
  },
  hello: { id: 'mail.common.hello', defaultMessage: 'Hello {name},' },
  found: {
    id: 'escrow.copiesWrongMail.found',
    defaultMessage:
      'Once a month heirloom checks the sealed copies it keeps in your bucket, so that your heirs can open them even if this server is gone. This time it found:',
  },
  problem: { id: 'escrow.copiesWrongMail.problem', defaultMessage: '- the copy for {heir}: {problem}' },
  writesAgain: {
    id: 'escrow.copiesWrongMail.writesAgain',
    defaultMessage:
      'heirloom writes {count, plural, one {it} other {them}} again at the next nightly run. If the problem comes back, the bucket may be changing or losing files: please look at it, and at After Life:',
  },
  once: { id: 'escrow.copiesWrongMail.once', defaultMessage: 'You will not be mailed again about the same problem.' },
});

export function copiesWrongMail(
  owner: { email: string; firstName: string },
  problems: Array<{ heirName: string; problem: string }>,
  afterLifeUrl: string,
  intl: IntlShape = translator(undefined),
): MailMessage {
  const count = problems.length;
  return {
    to: owner.email,
    language: intl.locale,
    subject: intl.formatMessage(messages.subject, { count }),
    text: [
      intl.formatMessage(messages.hello, { name: owner.firstName }),
      '',
      intl.formatMessage(messages.found),
      '',
      ...problems.map((p) => intl.formatMessage(messages.problem, { heir: p.heirName, problem: p.problem })),
      '',
      intl.formatMessage(messages.writesAgain, { count }),
      '',
      afterLifeUrl,
      '',
      intl.formatMessage(messages.once),
    ].join('\n'),
  };
}
