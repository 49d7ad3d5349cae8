import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useConfirmVeto } from '../api';
import { isDeadLink, isLinkToken, isReleased, OneClickAction, OneClickCard } from './one-click-card';
import { useIntl } from '@web/lib/i18n/use-intl';

/** /legacy/cancel?token=…: the owner's one-click cancel from the mail sent when verifiers confirmed a death. */
export function CancelScreen({ token }: { token: string }) {
  const intl = useIntl();
  const veto = useConfirmVeto();

  if (veto.isError && isReleased(veto.error)) {
    return (
      <OneClickCard title={intl.formatMessage({ id: 'heir.cancel.tooLate', defaultMessage: 'It is too late to cancel' })} tone="error">
        <span>
          {errorMessage(
            veto.error,
            intl.formatMessage({ id: 'heir.oneClick.released', defaultMessage: 'This Legacy Plan has already been released.' }),
          )}
        </span>
      </OneClickCard>
    );
  }
  if (!isLinkToken(token) || (veto.isError && isDeadLink(veto.error))) {
    return (
      <OneClickCard
        title={intl.formatMessage({ id: 'heir.oneClick.deadTitle', defaultMessage: 'This link does not work any more' })}
        tone="error"
        actions={
          <Button asChild>
            <Link to="/login">{intl.formatMessage({ id: 'heir.oneClick.signIn', defaultMessage: 'Sign in to heirloom' })}</Link>
          </Button>
        }
      >
        <span>
          {veto.isError
            ? errorMessage(
                veto.error,
                intl.formatMessage({ id: 'heir.oneClick.expired', defaultMessage: 'It has expired or was already used.' }),
              )
            : intl.formatMessage({ id: 'heir.oneClick.expired', defaultMessage: 'It has expired or was already used.' })}{' '}
          {intl.formatMessage({ id: 'heir.cancel.signInCancels', defaultMessage: 'Signing in also cancels a pending release.' })}
        </span>
      </OneClickCard>
    );
  }
  if (veto.isSuccess) {
    return (
      <OneClickCard title={intl.formatMessage({ id: 'heir.cancel.cancelled', defaultMessage: 'Release cancelled' })} tone="success">
        <span>
          {intl.formatMessage({
            id: 'heir.cancel.cancelledText',
            defaultMessage: 'Cancelled. Nothing was released, and your verifiers have been told.',
          })}
        </span>
      </OneClickCard>
    );
  }
  return (
    <OneClickCard
      title={intl.formatMessage({ id: 'heir.cancel.title', defaultMessage: 'Your verifiers reported your death' })}
      tone="ask"
      icon={ShieldX}
      actions={
        <OneClickAction
          label={intl.formatMessage({ id: 'heir.cancel.button', defaultMessage: 'Cancel the release' })}
          pending={veto.isPending}
          error={veto.error}
          destructive
          onClick={() => veto.mutate(token)}
        />
      }
    >
      <span>
        {intl.formatMessage({
          id: 'heir.cancel.text',
          defaultMessage: 'If you are reading this, it was a mistake. Cancel now and nothing is released; your plan carries on as before.',
        })}
      </span>
    </OneClickCard>
  );
}
