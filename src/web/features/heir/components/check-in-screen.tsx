import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useConfirmCheckIn } from '../api';
import { isDeadLink, isLinkToken, isReleased, OneClickAction, OneClickCard } from './one-click-card';
import { useIntl } from '@web/lib/i18n/use-intl';

function SignInInstead() {
  const intl = useIntl();
  return (
    <Button asChild>
      <Link to="/login">{intl.formatMessage({ id: 'heir.oneClick.signIn', defaultMessage: 'Sign in to heirloom' })}</Link>
    </Button>
  );
}

/** /legacy/check-in?token=…: the owner's "I'm still here" from the check-in mail, one click, no sign-in needed. */
export function CheckInScreen({ token }: { token: string }) {
  const intl = useIntl();
  const confirm = useConfirmCheckIn();

  if (confirm.isError && isReleased(confirm.error)) {
    return (
      <OneClickCard
        title={intl.formatMessage({ id: 'heir.oneClick.deadTitle', defaultMessage: 'This link does not work any more' })}
        tone="error"
      >
        <span>
          {errorMessage(
            confirm.error,
            intl.formatMessage({ id: 'heir.oneClick.released', defaultMessage: 'This Legacy Plan has already been released.' }),
          )}
        </span>
      </OneClickCard>
    );
  }
  if (!isLinkToken(token) || (confirm.isError && isDeadLink(confirm.error))) {
    return (
      <OneClickCard
        title={intl.formatMessage({ id: 'heir.oneClick.deadTitle', defaultMessage: 'This link does not work any more' })}
        tone="error"
        actions={<SignInInstead />}
      >
        <span>
          {intl.formatMessage({
            id: 'heir.checkIn.deadText',
            defaultMessage: 'It has expired or was already used. Signing in to heirloom also counts as a check-in.',
          })}
        </span>
      </OneClickCard>
    );
  }
  if (confirm.isSuccess) {
    const next = confirm.data.nextCheckInAt;
    return (
      <OneClickCard
        title={intl.formatMessage({ id: 'heir.checkIn.thanks', defaultMessage: 'Thank you — your plan carries on.' })}
        tone="success"
      >
        <span>
          {next
            ? intl.formatMessage(
                { id: 'heir.checkIn.next', defaultMessage: 'Next check-in: <time>{date}</time>.' },
                { date: formatLongDate(next), time: (chunks) => <time dateTime={next}>{chunks}</time> },
              )
            : intl.formatMessage({
                id: 'heir.checkIn.askAgain',
                defaultMessage: 'heirloom will ask again when your next check-in is due.',
              })}
        </span>
      </OneClickCard>
    );
  }
  return (
    <OneClickCard
      title={intl.formatMessage({ id: 'heir.checkIn.title', defaultMessage: 'Are you still there?' })}
      tone="ask"
      icon={HeartHandshake}
      actions={
        <OneClickAction
          label={intl.formatMessage({ id: 'heir.checkIn.confirm', defaultMessage: "Yes, I'm still here" })}
          pending={confirm.isPending}
          error={confirm.error}
          onClick={() => confirm.mutate(token)}
        />
      }
    >
      <span>
        {intl.formatMessage({
          id: 'heir.checkIn.text',
          defaultMessage: 'Your Legacy Plan asks now and then, so that nothing is handed on while you are here. One click is enough.',
        })}
      </span>
    </OneClickCard>
  );
}
