// The yearly "does this address still reach you?" mail (decision 073), in the named person's language (issue 33).
import type { IntlShape } from 'react-intl';
import type { MailMessage } from '../../lib/mail';

export function reachabilityMail(
  intl: IntlShape,
  person: { firstName: string; email: string; heir: boolean; verifier: boolean },
  ownerName: string,
  confirmUrl: string,
): MailMessage {
  const role = person.heir && person.verifier ? 'both' : person.verifier ? 'verifier' : 'heir';
  return {
    to: person.email,
    language: intl.locale,
    subject: intl.formatMessage(
      {
        id: 'mail.reachability.subject',
        defaultMessage: "You are named in {owner}'s plan — please confirm this address still reaches you",
      },
      { owner: ownerName },
    ),
    text: [
      intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: person.firstName }),
      '',
      intl.formatMessage(
        {
          id: 'mail.reachability.named',
          defaultMessage:
            "{owner} keeps the family's photos, stories and letters in heirloom, and has named you in their Legacy Plan {role, select, both {as an heir and as a verifier} verifier {as a verifier (someone who confirms when the time has come)} other {as an heir}}. Once a year heirloom checks that it can still reach the people named in it.",
        },
        { owner: ownerName, role },
      ),
      '',
      intl.formatMessage({
        id: 'mail.reachability.confirm',
        defaultMessage: 'Please confirm that this address still reaches you — one click is enough:',
      }),
      '',
      confirmUrl,
      '',
      intl.formatMessage(
        {
          id: 'mail.reachability.nothingElse',
          defaultMessage:
            'Nothing else is needed, and nothing changes for you. If this is not your address, or you do not know {owner}, you can ignore this mail.',
        },
        { owner: ownerName },
      ),
    ].join('\n'),
  };
}
