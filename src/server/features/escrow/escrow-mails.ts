// The mail to an owner whose sealed copies the monthly check found missing or wrong (decision 074).
import type { MailMessage } from '../../lib/mail';

export function copiesWrongMail(
  owner: { email: string; firstName: string },
  problems: Array<{ heirName: string; problem: string }>,
  afterLifeUrl: string,
): MailMessage {
  const one = problems.length === 1;
  return {
    to: owner.email,
    subject: one ? 'A sealed copy of your Legacy Plan needs a look' : 'Sealed copies of your Legacy Plan need a look',
    text: [
      `Hello ${owner.firstName},`,
      '',
      'Once a month heirloom checks the sealed copies it keeps in your bucket, so that your heirs can open them even if this server is gone. This time it found:',
      '',
      ...problems.map((p) => `- the copy for ${p.heirName}: ${p.problem}`),
      '',
      `heirloom writes ${one ? 'it' : 'them'} again at the next nightly run. If the problem comes back, the bucket may be changing or losing files: please look at it, and at After Life:`,
      '',
      afterLifeUrl,
      '',
      'You will not be mailed again about the same problem.',
    ].join('\n'),
  };
}
