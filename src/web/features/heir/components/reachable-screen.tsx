import { MailCheck } from 'lucide-react';
import { useConfirmReachable } from '../api';
import { isDeadLink, isLinkToken, OneClickAction, OneClickCard } from './one-click-card';

/** /legacy/reachable?token=…: someone named in a Legacy Plan confirms, with one click, that the mail reached them. */
export function ReachableScreen({ token }: { token: string }) {
  const confirm = useConfirmReachable();

  if (!isLinkToken(token) || (confirm.isError && isDeadLink(confirm.error))) {
    return (
      <OneClickCard title="This link does not work" tone="error">
        <span>Please open the link from the most recent mail. If it still does not work, tell the person who named you.</span>
      </OneClickCard>
    );
  }
  if (confirm.isSuccess) {
    return (
      <OneClickCard title="Thank you — this address reaches you." tone="success">
        <span>{confirm.data.message} Nothing else is needed; heirloom will ask again in a year.</span>
      </OneClickCard>
    );
  }
  return (
    <OneClickCard
      title="Does this address still reach you?"
      tone="ask"
      icon={MailCheck}
      actions={
        <OneClickAction
          label="Yes, this address reaches me"
          pending={confirm.isPending}
          error={confirm.error}
          onClick={() => confirm.mutate(token)}
        />
      }
    >
      <span>You are named in a Legacy Plan kept in heirloom. Once a year it checks that it can still reach you. One click is enough.</span>
    </OneClickCard>
  );
}
