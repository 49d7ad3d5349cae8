import type { ReactNode } from 'react';
import type { AnswerLinkStatus } from '@shared/schemas/interviews';

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
  switch (status) {
    case 'answered':
      return (
        <AnswerMessage title="This question is done">
          <p>This question has already been answered or skipped. There is nothing more to do here.</p>
          <p>If there are more questions, each one comes in its own e-mail.</p>
        </AnswerMessage>
      );
    case 'expired':
      return (
        <AnswerMessage title="This link has expired">
          <p>A link to a question works for 90 days, and this one is older.</p>
          <p>If you would still like to answer, ask {ownerFirstName} to send the question again.</p>
        </AnswerMessage>
      );
    case 'revoked':
      return (
        <AnswerMessage title="This link no longer works">
          <p>This question was sent again with a new link, or the questions were ended.</p>
          <p>Look for a newer e-mail with the same question.</p>
        </AnswerMessage>
      );
    case 'paused':
      return (
        <AnswerMessage title="The questions are paused">
          <p>No questions are being sent for now, and this one cannot be answered while they are paused.</p>
          <p>When {ownerFirstName} starts them again, the questions will come by e-mail.</p>
        </AnswerMessage>
      );
    case 'stopped':
      return (
        <AnswerMessage title="The questions have ended">
          <p>No more questions will be sent. Thank you for the stories you shared.</p>
        </AnswerMessage>
      );
  }
}

export function DeadLinkMessage() {
  return (
    <AnswerMessage title="This link does not work">
      <p>The link may be incomplete, or the question was removed.</p>
      <p>Open the link from the e-mail again. If that does not help, the person who asked can send the question again.</p>
    </AnswerMessage>
  );
}
