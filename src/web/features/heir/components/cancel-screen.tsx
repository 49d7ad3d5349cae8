import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useConfirmVeto } from '../api';
import { isDeadLink, isLinkToken, isReleased, OneClickCard } from './one-click-card';

/** /legacy/cancel?token=…: the owner's one-click cancel from the mail sent when verifiers confirmed a death. */
export function CancelScreen({ token }: { token: string }) {
  const veto = useConfirmVeto();

  if (veto.isError && isReleased(veto.error)) {
    return (
      <OneClickCard title="It is too late to cancel" tone="error">
        <span>{errorMessage(veto.error, 'This Legacy Plan has already been released.')}</span>
      </OneClickCard>
    );
  }
  if (!isLinkToken(token) || (veto.isError && isDeadLink(veto.error))) {
    return (
      <OneClickCard
        title="This link does not work any more"
        tone="error"
        actions={
          <Button asChild>
            <Link to="/login">Sign in to heirloom</Link>
          </Button>
        }
      >
        <span>
          {veto.isError ? errorMessage(veto.error, 'It has expired or was already used.') : 'It has expired or was already used.'} Signing
          in also cancels a pending release.
        </span>
      </OneClickCard>
    );
  }
  if (veto.isSuccess) {
    return (
      <OneClickCard title="Release cancelled" tone="success">
        <span>Cancelled. Nothing was released, and your verifiers have been told.</span>
      </OneClickCard>
    );
  }
  return (
    <OneClickCard
      title="Your verifiers reported your death"
      tone="ask"
      icon={ShieldX}
      actions={
        <>
          {veto.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {tooManyTries(veto.error) ?? errorMessage(veto.error, 'That did not work. Please try again.')}
            </p>
          )}
          <Button size="lg" variant="destructive" className="w-full" disabled={veto.isPending} onClick={() => veto.mutate(token)}>
            {veto.isPending && <Spinner />}
            Cancel the release
          </Button>
        </>
      }
    >
      <span>If you are reading this, it was a mistake. Cancel now and nothing is released; your plan carries on as before.</span>
    </OneClickCard>
  );
}
