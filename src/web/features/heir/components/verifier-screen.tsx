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
import { useIntl } from '@web/lib/i18n/use-intl';

function DeadLink() {
  const intl = useIntl();
  return (
    <OneClickCard
      title={intl.formatMessage({ id: 'heir.verifierPage.deadTitle', defaultMessage: 'This link does not work any more.' })}
      tone="error"
    >
      <span>
        {intl.formatMessage({
          id: 'heir.verifierPage.deadText',
          defaultMessage: 'It may have been turned off, or only part of it was copied.',
        })}
      </span>
    </OneClickCard>
  );
}

/** /legacy/verify/<token>: a verifier's personal page, usable at any time, to report that the owner has died. */
export function VerifierScreen({ token }: { token: string }) {
  const intl = useIntl();
  const isToken = isLinkToken(token);
  const link = useVerifierLink(token, isToken);
  const confirm = useConfirmDeath(token);

  if (!isToken) return <DeadLink />;
  if (link.isPending) return <FullPageSpinner />;
  if (link.isError) {
    if (link.error instanceof ApiError && [400, 404, 410].includes(link.error.status)) return <DeadLink />;
    return (
      <OneClickCard
        title={intl.formatMessage({ id: 'heir.verifierPage.loadFailed', defaultMessage: 'This page could not be loaded.' })}
        tone="error"
        actions={
          <Button onClick={() => void link.refetch()}>
            {intl.formatMessage({ id: 'heir.verifierPage.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        }
      >
        <span>
          {tooManyTries(link.error) ??
            intl.formatMessage({ id: 'heir.verifierPage.loadFailedText', defaultMessage: 'Please check your connection and try again.' })}
        </span>
      </OneClickCard>
    );
  }

  const { ownerName, alreadyConfirmed, state } = link.data;
  const view = confirm.data ?? link.data;
  const named = intl.formatMessage(
    { id: 'heir.verifierPage.named', defaultMessage: '{name} named you as a verifier' },
    { name: ownerName },
  );
  if (confirm.isSuccess || alreadyConfirmed) {
    return (
      <OneClickCard title={intl.formatMessage({ id: 'heir.verifierPage.thanks', defaultMessage: 'Thank you.' })} tone="success">
        <span>{intl.formatMessage({ id: 'heir.verifierPage.recorded', defaultMessage: 'Your confirmation is recorded.' })}</span>
        <span>{afterConfirming(view)}</span>
      </OneClickCard>
    );
  }
  // once the release is under way or done, a confirmation can change nothing: no button that does nothing
  if (state === 'released' || state === 'veto') {
    return (
      <OneClickCard title={named} tone="success" icon={HandHeart}>
        <span>{afterConfirming(view)}</span>
      </OneClickCard>
    );
  }
  const consequence = beforeConfirming(link.data);
  return (
    <OneClickCard
      title={named}
      tone="ask"
      icon={HandHeart}
      actions={
        <>
          {confirm.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {tooManyTries(confirm.error) ??
                errorMessage(
                  confirm.error,
                  intl.formatMessage({ id: 'heir.verifierPage.failed', defaultMessage: 'That did not work. Please try again.' }),
                )}
            </p>
          )}
          <ConfirmDialog
            title={intl.formatMessage(
              { id: 'heir.verifierPage.confirmTitle', defaultMessage: 'Confirm that {name} has died?' },
              { name: ownerName },
            )}
            text={consequence}
            confirmLabel={intl.formatMessage({ id: 'heir.verifierPage.yes', defaultMessage: 'Yes, confirm' })}
            destructive={false}
            onConfirm={() => confirm.mutate()}
            trigger={
              <Button size="lg" className="w-full" disabled={confirm.isPending}>
                {confirm.isPending && <Spinner />}
                {intl.formatMessage({ id: 'heir.verifierPage.confirm', defaultMessage: "Confirm {name}'s death" }, { name: ownerName })}
              </Button>
            }
          />
        </>
      }
    >
      <span>
        {intl.formatMessage(
          {
            id: 'heir.verifierPage.text',
            defaultMessage:
              '{name} chose to hand parts of their life story on to family and friends after their death, and asked you to help confirm when that time has come.',
          },
          { name: ownerName },
        )}
      </span>
      <span>
        {intl.formatMessage(
          { id: 'heir.verifierPage.onlyIf', defaultMessage: 'Confirm only if you know that {name} has died.' },
          { name: ownerName },
        )}
      </span>
      <span>{consequence}</span>
    </OneClickCard>
  );
}
