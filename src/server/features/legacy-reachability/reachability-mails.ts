// The yearly "does this address still reach you?" mail (decision 073).
import type { MailMessage } from '../../lib/mail';

const roleWords = (heir: boolean, verifier: boolean) =>
  heir && verifier
    ? 'as an heir and as a verifier'
    : verifier
      ? 'as a verifier (someone who confirms when the time has come)'
      : 'as an heir';

export function reachabilityMail(
  person: { firstName: string; email: string; heir: boolean; verifier: boolean },
  ownerName: string,
  confirmUrl: string,
): MailMessage {
  return {
    to: person.email,
    subject: `You are named in ${ownerName}'s plan — please confirm this address still reaches you`,
    text: [
      `Hello ${person.firstName},`,
      '',
      `${ownerName} keeps the family's photos, stories and letters in heirloom, and has named you in their Legacy Plan ${roleWords(person.heir, person.verifier)}. Once a year heirloom checks that it can still reach the people named in it.`,
      '',
      'Please confirm that this address still reaches you — one click is enough:',
      '',
      confirmUrl,
      '',
      `Nothing else is needed, and nothing changes for you. If this is not your address, or you do not know ${ownerName}, you can ignore this mail.`,
    ].join('\n'),
  };
}
