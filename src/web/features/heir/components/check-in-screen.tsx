import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useConfirmCheckIn } from '../api';
import { isDeadLink, isLinkToken, isReleased, OneClickAction, OneClickCard } from './one-click-card';

function SignInInstead() {
  return (
    <Button asChild>
      <Link to="/login">Sign in to heirloom</Link>
    </Button>
  );
}

/** /legacy/check-in?token=…: the owner's "I'm still here" from the check-in mail, one click, no sign-in needed. */
export function CheckInScreen({ token }: { token: string }) {
  const confirm = useConfirmCheckIn();

  if (confirm.isError && isReleased(confirm.error)) {
    return (
      <OneClickCard title="This link does not work any more" tone="error">
        <span>{errorMessage(confirm.error, 'This Legacy Plan has already been released.')}</span>
      </OneClickCard>
    );
  }
  if (!isLinkToken(token) || (confirm.isError && isDeadLink(confirm.error))) {
    return (
      <OneClickCard title="This link does not work any more" tone="error" actions={<SignInInstead />}>
        <span>It has expired or was already used. Signing in to heirloom also counts as a check-in.</span>
      </OneClickCard>
    );
  }
  if (confirm.isSuccess) {
    const next = confirm.data.nextCheckInAt;
    return (
      <OneClickCard title="Thank you — your plan carries on." tone="success">
        <span>
          {next ? (
            <>
              Next check-in: <time dateTime={next}>{formatLongDate(next)}</time>.
            </>
          ) : (
            'heirloom will ask again when your next check-in is due.'
          )}
        </span>
      </OneClickCard>
    );
  }
  return (
    <OneClickCard
      title="Are you still there?"
      tone="ask"
      icon={HeartHandshake}
      actions={
        <OneClickAction
          label="Yes, I'm still here"
          pending={confirm.isPending}
          error={confirm.error}
          onClick={() => confirm.mutate(token)}
        />
      }
    >
      <span>Your Legacy Plan asks now and then, so that nothing is handed on while you are here. One click is enough.</span>
    </OneClickCard>
  );
}
