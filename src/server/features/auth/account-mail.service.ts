// The e-mails heirloom sends about an account, and the one-time links in them. Every mail goes through the
// durable job queue (lib/mail.ts), so a mail server that is down delays it and loses none; links are
// absolute, on PUBLIC_URL, and point at the web pages that send the token back.
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { translator } from '../../lib/i18n';
import { queueMail } from '../../lib/mail';
import { accountLanguage } from '../../lib/mail-language';
import { createAccountTokens } from './account-tokens';

export interface MailRecipient {
  id: number;
  firstName: string;
  email: string;
}

interface Deps {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
}

export function createAccountMailService({ db, jobs, publicUrl }: Deps) {
  const tokens = createAccountTokens(db);
  const link = (page: string, token: string) => `${publicUrl}/${page}?token=${token}`;

  /** The account's language, and its words. */
  const wordsFor = async (userId: number) => translator(await accountLanguage(db, userId));

  return {
    async sendPasswordReset(user: MailRecipient) {
      const token = await tokens.issue(user.id, 'password_reset', user.email);
      const intl = await wordsFor(user.id);
      await queueMail(jobs, {
        to: user.email,
        language: intl.locale,
        subject: intl.formatMessage({ id: 'mail.passwordReset.subject', defaultMessage: 'Reset your heirloom password' }),
        text: [
          intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: user.firstName }),
          '',
          intl.formatMessage({
            id: 'mail.passwordReset.asked',
            defaultMessage: 'Someone asked to reset the password of your heirloom account. To choose a new password, open this link:',
          }),
          '',
          link('reset-password', token),
          '',
          intl.formatMessage({
            id: 'mail.passwordReset.expires',
            defaultMessage: 'The link expires in 1 hour and works only once. Every device signed in to your account will be signed out.',
          }),
          '',
          intl.formatMessage({
            id: 'mail.passwordReset.notYou',
            defaultMessage: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          }),
        ].join('\n'),
      });
    },

    /** A link proving `address` belongs to the user: their current address, or the one they are changing to. */
    async sendVerification(user: MailRecipient, address: string) {
      const token = await tokens.issue(user.id, 'email_verification', address);
      const changing = address.toLowerCase() !== user.email.toLowerCase();
      const intl = await wordsFor(user.id);
      await queueMail(jobs, {
        to: address,
        language: intl.locale,
        subject: intl.formatMessage({ id: 'mail.verification.subject', defaultMessage: 'Confirm your e-mail address for heirloom' }),
        text: [
          intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: user.firstName }),
          '',
          intl.formatMessage(
            {
              id: 'mail.verification.confirm',
              defaultMessage: 'Please confirm that {address} is your e-mail address by opening this link:',
            },
            { address },
          ),
          '',
          link('verify-email', token),
          '',
          intl.formatMessage({ id: 'mail.verification.expires', defaultMessage: 'The link expires in 24 hours and works only once.' }),
          ...(changing
            ? [
                intl.formatMessage(
                  {
                    id: 'mail.verification.keepsSigningIn',
                    defaultMessage: 'Your heirloom account keeps signing in with {current} until you open it.',
                  },
                  { current: user.email },
                ),
              ]
            : []),
          '',
          changing
            ? intl.formatMessage({
                id: 'mail.verification.notYouChanging',
                defaultMessage: 'If you did not ask to use this address for heirloom, ignore this e-mail: nothing changes.',
              })
            : intl.formatMessage({
                id: 'mail.verification.notYouNew',
                defaultMessage: 'If you did not create a heirloom account, ignore this e-mail.',
              }),
        ].join('\n'),
      });
    },

    /** Tells the current address that a change was asked for, so a stolen session cannot move the account unseen. */
    async sendEmailChangeNotice(user: MailRecipient, newAddress: string) {
      const intl = await wordsFor(user.id);
      await queueMail(jobs, {
        to: user.email,
        language: intl.locale,
        subject: intl.formatMessage({ id: 'mail.emailChange.subject', defaultMessage: 'Your heirloom e-mail address is being changed' }),
        text: [
          intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: user.firstName }),
          '',
          intl.formatMessage(
            {
              id: 'mail.emailChange.asked',
              defaultMessage: 'Someone asked to change the e-mail address of your heirloom account to {newAddress}.',
            },
            { newAddress },
          ),
          intl.formatMessage(
            {
              id: 'mail.emailChange.when',
              defaultMessage:
                'The change happens only when the link we sent to {newAddress} is opened; until then your account keeps using {current}.',
            },
            { newAddress, current: user.email },
          ),
          '',
          intl.formatMessage({
            id: 'mail.emailChange.notYou',
            defaultMessage: 'If it was not you, sign in and change your password now (Settings → Account), then sign out everywhere.',
          }),
        ].join('\n'),
      });
    },
  };
}
export type AccountMailService = ReturnType<typeof createAccountMailService>;
