import { HandHeart } from 'lucide-react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useConfirmDeath, useVerifierLink } from '../api';
import { afterConfirming, beforeConfirming } from '../verifier-wording';
import { isLinkToken, OneClickCard } from './one-click-card';

function DeadLink() {
  return (
    <OneClickCard title="This link does not work any more." tone="error">
      <span>It may have been turned off, or only part of it was copied.</span>
    </OneClickCard>
  );
}

/** /legacy/verify/<token>: a verifier's personal page, usable at any time, to report that the owner has died. */
export function VerifierScreen({ token }: { token: string }) {
  const isToken = isLinkToken(token);
  const link = useVerifierLink(token, isToken);
  const confirm = useConfirmDeath(token);

  if (!isToken) return <DeadLink />;
  if (link.isPending) return <FullPageSpinner />;
  if (link.isError) {
    if (link.error instanceof ApiError && [400, 404, 410].includes(link.error.status)) return <DeadLink />;
    return (
      <OneClickCard
        title="This page could not be loaded."
        tone="error"
        actions={<Button onClick={() => void link.refetch()}>Try again</Button>}
      >
        <span>{tooManyTries(link.error) ?? 'Please check your connection and try again.'}</span>
      </OneClickCard>
    );
  }

  const { ownerName, alreadyConfirmed, state } = link.data;
  const view = confirm.data ?? link.data;
  if (confirm.isSuccess || alreadyConfirmed) {
    return (
      <OneClickCard title="Thank you." tone="success">
        <span>Your confirmation is recorded.</span>
        <span>{afterConfirming(view)}</span>
      </OneClickCard>
    );
  }
  // once the release is under way or done, a confirmation can change nothing: no button that does nothing
  if (state === 'released' || state === 'veto') {
    return (
      <OneClickCard title={`${ownerName} named you as a verifier`} tone="success" icon={HandHeart}>
        <span>{afterConfirming(view)}</span>
      </OneClickCard>
    );
  }
  const consequence = beforeConfirming(link.data);
  return (
    <OneClickCard
      title={`${ownerName} named you as a verifier`}
      tone="ask"
      icon={HandHeart}
      actions={
        <>
          {confirm.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {tooManyTries(confirm.error) ?? errorMessage(confirm.error, 'That did not work. Please try again.')}
            </p>
          )}
          <ConfirmDialog
            title={`Confirm that ${ownerName} has died?`}
            text={consequence}
            confirmLabel="Yes, confirm"
            destructive={false}
            onConfirm={() => confirm.mutate()}
            trigger={
              <Button size="lg" className="w-full" disabled={confirm.isPending}>
                {confirm.isPending && <Spinner />}
                Confirm {ownerName}&apos;s death
              </Button>
            }
          />
        </>
      }
    >
      <span>
        {ownerName} chose to hand parts of their life story on to family and friends after their death, and asked you to help confirm when
        that time has come.
      </span>
      <span>Confirm only if you know that {ownerName} has died.</span>
      <span>{consequence}</span>
    </OneClickCard>
  );
}
