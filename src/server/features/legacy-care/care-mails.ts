// The words of care access's mails (decision 077): to a caregiver when named, when access opens, is refused or
// ends; to the owner, at every address, when a caregiver asks.
import type { MailMessage } from '../../lib/mail';

export interface CareScopeWords {
  documents: boolean;
  collections: number;
  contacts: boolean;
}

/** "the documents in the vault, 2 collections and the contacts" */
export function scopeWords({ documents, collections, contacts }: CareScopeWords) {
  const parts = [
    documents && 'the documents in the vault',
    collections > 0 && (collections === 1 ? 'one collection' : `${collections} collections`),
    contacts && 'the contacts',
  ].filter((p): p is string => typeof p === 'string');
  if (parts.length === 0) return 'nothing yet (the owner has not chosen what to show)';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

const waitWords = (days: number) => (days === 0 ? 'at once' : days === 1 ? 'after 1 day' : `after ${days} days`);

export function caregiverNamedMail(
  to: { firstName: string; email: string },
  ownerName: string,
  careUrl: string,
  scope: CareScopeWords,
  waitingDays: number,
): MailMessage {
  return {
    to: to.email,
    subject: `${ownerName} named you a caregiver on heirloom`,
    text: [
      `Hello ${to.firstName},`,
      '',
      `${ownerName} keeps their papers, photos and stories on heirloom, and has named you as someone who may look after`,
      'things for them if they cannot: during an illness or a hospital stay, for example.',
      '',
      'If that time comes, open your personal link and ask for access (keep it; it is only for you):',
      '',
      careUrl,
      '',
      `${ownerName} is told at once and can refuse. If they do not, you will be able to see ${scopeWords(scope)} ${waitWords(waitingDays)},`,
      'read-only, until they end it. Nothing meant for after their death is ever shown.',
      '',
      'You need no account, and there is nothing to do now.',
    ].join('\n'),
  };
}

export function careAskedMail(
  address: string,
  ownerFirstName: string,
  caregiverName: string,
  message: string | null,
  opensAt: Date,
  refuseUrl: string,
): MailMessage {
  return {
    to: address,
    subject: `${caregiverName} asked for care access to your heirloom`,
    text: [
      `Hello ${ownerFirstName},`,
      '',
      `${caregiverName}, whom you named as a caregiver, has asked to see what you chose to show them while you cannot`,
      'look after things yourself.',
      ...(message ? ['', 'Their message:', '', message] : []),
      '',
      `Unless you refuse, they will be able to see it, read-only, from ${opensAt.toUTCString()}.`,
      'If you did not expect this, or do not want it, refuse with one click:',
      '',
      refuseUrl,
      '',
      'You can also end care access at any time by signing in to heirloom.',
    ].join('\n'),
  };
}

export function careOpenedMail(to: { firstName: string; email: string }, ownerName: string, careUrl: string): MailMessage {
  return {
    to: to.email,
    subject: `You can now see what ${ownerName} chose to show you`,
    text: [
      `Hello ${to.firstName},`,
      '',
      `Your care access to ${ownerName}'s heirloom is open. You can see what they chose, read-only, with your link:`,
      '',
      careUrl,
      '',
      `It stays open until ${ownerName} ends it.`,
    ].join('\n'),
  };
}

export type CareEnd = 'refused' | 'ended' | 'released' | 'removed';

const endWords: Record<CareEnd, (owner: string) => string> = {
  refused: (owner) => `${owner} has refused your request for care access. Nothing was shown.`,
  ended: (owner) => `${owner} has ended your care access. You can no longer see what they had shown you.`,
  released: (owner) => `${owner}'s care access has ended, because their Legacy Plan has been released.`,
  removed: (owner) => `${owner} no longer names you as a caregiver. Your personal link does not work any more.`,
};

export function careEndedMail(to: { firstName: string; email: string }, ownerName: string, why: CareEnd): MailMessage {
  return {
    to: to.email,
    subject: why === 'refused' ? `${ownerName} refused care access` : `Care access to ${ownerName}'s heirloom has ended`,
    text: [`Hello ${to.firstName},`, '', endWords[why](ownerName)].join('\n'),
  };
}
