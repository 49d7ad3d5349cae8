import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useConfirmVeto } from '../api';
import { isDeadLink, isLinkToken, isReleased, OneClickAction, OneClickCard } from './one-click-card';

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
        <OneClickAction
          label="Cancel the release"
          pending={veto.isPending}
          error={veto.error}
          destructive
          onClick={() => veto.mutate(token)}
        />
      }
    >
      <span>If you are reading this, it was a mistake. Cancel now and nothing is released; your plan carries on as before.</span>
    </OneClickCard>
  );
}
