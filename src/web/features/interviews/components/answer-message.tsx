import type { ReactNode } from 'react';
import type { AnswerLinkStatus } from '@shared/schemas/interviews';
import { useIntl } from '@web/lib/i18n/use-intl';

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** A whole-page message in large type: a thank-you, or why a link cannot be answered. */
export function AnswerMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 py-6">
      <h1 ref={focusOnMount} tabIndex={-1} className="text-3xl leading-tight font-semibold outline-none">
        {title}
      </h1>
      <div role="status" className="grid gap-3 text-xl leading-relaxed">
        {children}
      </div>
    </div>
  );
}

/** What a link that cannot be answered any more says, in plain words. */
export function ClosedLinkMessage({ status, ownerFirstName }: { status: Exclude<AnswerLinkStatus, 'open'>; ownerFirstName: string }) {
  const intl = useIntl();
  switch (status) {
    case 'answered':
      return (
        <AnswerMessage title={intl.formatMessage({ id: 'interviews.answerMessage.doneTitle', defaultMessage: 'This question is done' })}>
          <p>
            {intl.formatMessage({
              id: 'interviews.answerMessage.doneText',
              defaultMessage: 'This question has already been answered or skipped. There is nothing more to do here.',
            })}
          </p>
          <p>
            {intl.formatMessage({
              id: 'interviews.answerMessage.doneMore',
              defaultMessage: 'If there are more questions, each one comes in its own e-mail.',
            })}
          </p>
        </AnswerMessage>
      );
    case 'expired':
      return (
        <AnswerMessage title={intl.formatMessage({ id: 'interviews.answerMessage.expiredTitle', defaultMessage: 'This link has expired' })}>
          <p>
            {intl.formatMessage({
              id: 'interviews.answerMessage.expiredText',
              defaultMessage: 'A link to a question works for 90 days, and this one is older.',
            })}
          </p>
          <p>
            {intl.formatMessage(
              {
                id: 'interviews.answerMessage.expiredAsk',
                defaultMessage: 'If you would still like to answer, ask {owner} to send the question again.',
              },
              { owner: ownerFirstName },
            )}
          </p>
        </AnswerMessage>
      );
    case 'revoked':
      return (
        <AnswerMessage
          title={intl.formatMessage({ id: 'interviews.answerMessage.revokedTitle', defaultMessage: 'This link no longer works' })}
        >
          <p>
            {intl.formatMessage({
              id: 'interviews.answerMessage.revokedText',
              defaultMessage: 'This question was sent again with a new link, or the questions were ended.',
            })}
          </p>
          <p>
            {intl.formatMessage({
              id: 'interviews.answerMessage.revokedLook',
              defaultMessage: 'Look for a newer e-mail with the same question.',
            })}
          </p>
        </AnswerMessage>
      );
    case 'paused':
      return (
        <AnswerMessage
          title={intl.formatMessage({ id: 'interviews.answerMessage.pausedTitle', defaultMessage: 'The questions are paused' })}
        >
          <p>
            {intl.formatMessage({
              id: 'interviews.answerMessage.pausedText',
              defaultMessage: 'No questions are being sent for now, and this one cannot be answered while they are paused.',
            })}
          </p>
          <p>
            {intl.formatMessage(
              {
                id: 'interviews.answerMessage.pausedWhen',
                defaultMessage: 'When {owner} starts them again, the questions will come by e-mail.',
              },
              { owner: ownerFirstName },
            )}
          </p>
        </AnswerMessage>
      );
    case 'stopped':
      return (
        <AnswerMessage
          title={intl.formatMessage({ id: 'interviews.answerMessage.stoppedTitle', defaultMessage: 'The questions have ended' })}
        >
          <p>
            {intl.formatMessage({
              id: 'interviews.answerMessage.stoppedText',
              defaultMessage: 'No more questions will be sent. Thank you for the stories you shared.',
            })}
          </p>
        </AnswerMessage>
      );
  }
}

export function DeadLinkMessage() {
  const intl = useIntl();
  return (
    <AnswerMessage title={intl.formatMessage({ id: 'interviews.answerMessage.deadTitle', defaultMessage: 'This link does not work' })}>
      <p>
        {intl.formatMessage({
          id: 'interviews.answerMessage.deadText',
          defaultMessage: 'The link may be incomplete, or the question was removed.',
        })}
      </p>
      <p>
        {intl.formatMessage({
          id: 'interviews.answerMessage.deadAgain',
          defaultMessage: 'Open the link from the e-mail again. If that does not help, the person who asked can send the question again.',
        })}
      </p>
    </AnswerMessage>
  );
}
