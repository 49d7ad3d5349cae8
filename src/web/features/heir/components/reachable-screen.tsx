import { MailCheck } from 'lucide-react';
import { useConfirmReachable } from '../api';
import { isDeadLink, isLinkToken, OneClickAction, OneClickCard } from './one-click-card';
import { useIntl } from '@web/lib/i18n/use-intl';

/** /legacy/reachable?token=…: someone named in a Legacy Plan confirms, with one click, that the mail reached them. */
export function ReachableScreen({ token }: { token: string }) {
  const intl = useIntl();
  const confirm = useConfirmReachable();

  if (!isLinkToken(token) || (confirm.isError && isDeadLink(confirm.error))) {
    return (
      <OneClickCard title={intl.formatMessage({ id: 'heir.reachable.deadTitle', defaultMessage: 'This link does not work' })} tone="error">
        <span>
          {intl.formatMessage({
            id: 'heir.reachable.deadText',
            defaultMessage: 'Please open the link from the most recent mail. If it still does not work, tell the person who named you.',
          })}
        </span>
      </OneClickCard>
    );
  }
  if (confirm.isSuccess) {
    return (
      <OneClickCard
        title={intl.formatMessage({ id: 'heir.reachable.thanks', defaultMessage: 'Thank you — this address reaches you.' })}
        tone="success"
      >
        <span>
          {confirm.data.message}{' '}
          {intl.formatMessage({
            id: 'heir.reachable.thanksText',
            defaultMessage: 'Nothing else is needed; heirloom will ask again in a year.',
          })}
        </span>
      </OneClickCard>
    );
  }
  return (
    <OneClickCard
      title={intl.formatMessage({ id: 'heir.reachable.title', defaultMessage: 'Does this address still reach you?' })}
      tone="ask"
      icon={MailCheck}
      actions={
        <OneClickAction
          label={intl.formatMessage({ id: 'heir.reachable.confirm', defaultMessage: 'Yes, this address reaches me' })}
          pending={confirm.isPending}
          error={confirm.error}
          onClick={() => confirm.mutate(token)}
        />
      }
    >
      <span>
        {intl.formatMessage({
          id: 'heir.reachable.text',
          defaultMessage:
            'You are named in a Legacy Plan kept in heirloom. Once a year it checks that it can still reach you. One click is enough.',
        })}
      </span>
    </OneClickCard>
  );
}
