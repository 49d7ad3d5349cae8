import { Link } from 'react-router';
import { useId } from 'react';
import type { RelationRule } from '@shared/schemas/legacy';
import { familyTreePath } from '@web/app/paths';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useLegacyStatus, useRelationRules, useRemoveRelationRule } from '../api';
import { conditionText } from '../wording';
import { AddRelationRuleDialog } from './add-relation-rule-dialog';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function RuleCard({ rule }: { rule: RelationRule }) {
  const remove = useRemoveRelationRule();
  const heading = `${capitalised(rule.label)}: ${rule.target.title}`;
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-medium">{heading}</h3>
          <p className="text-sm text-muted-foreground">{conditionText(rule)}</p>
        </div>
        <ConfirmDialog
          title="Remove this rule?"
          text={`Everyone it names stops receiving “${rule.target.title}” through it, including what was already released to them.`}
          confirmLabel="Remove"
          destructive
          onConfirm={() =>
            remove.mutate(rule.id, {
              onSuccess: () => toast({ title: 'Removed' }),
              onError: (err) =>
                toast({ variant: 'destructive', title: 'Failed to remove', description: errorMessage(err, 'An error occurred') }),
            })
          }
          trigger={
            <Button variant="outline" size="sm" aria-label={`Remove ${heading}`}>
              Remove
            </Button>
          }
        />
      </div>
      {!rule.ownerInTree ? (
        <p className="text-sm">
          You are not in your family tree yet, so this names nobody. <Link to={familyTreePath()}>Open the family tree</Link>
        </p>
      ) : rule.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody in your family tree is named this way yet.</p>
      ) : (
        <ul aria-label={`Named by ${rule.label}`} className="grid gap-2 text-sm">
          {rule.members.map((m) => (
            <li key={m.treePersonId} className="grid gap-0.5">
              <span>
                <span className="font-medium">{m.name}</span>
                {m.relation && <span className="text-muted-foreground">{` · ${m.relation}`}</span>}
                <span className="text-muted-foreground">{m.status === 'receives' ? ' · receives it' : ' · cannot receive it yet'}</span>
              </span>
              {m.message && <span className={m.status === 'receives' ? 'text-muted-foreground' : 'text-destructive'}>{m.message}</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Releases chosen by relation (decision 065): each rule with everyone it names and whether they receive. */
export function RelationRulesSection() {
  const rules = useRelationRules();
  const status = useLegacyStatus();
  const titleId = useId();
  // a newcomer is announced by mail only where the server can send it; the list below always says it
  const told = status.data?.mailConfigured
    ? 'You are e-mailed when someone new joins, and this list shows who can receive.'
    : 'This list shows who is named and who can receive.';
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            By relation
          </h2>
          <p className="text-sm text-muted-foreground">
            {`Give something to each of your grandchildren, or all your descendants: whoever your family tree adds later receives it too, once they have a contact with an e-mail address. ${told}`}
          </p>
        </div>
        <AddRelationRuleDialog />
      </div>
      {rules.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
          Failed to load your rules by relation
          <Button variant="outline" size="sm" onClick={() => void rules.refetch()}>
            Try again
          </Button>
        </div>
      ) : rules.isPending ? (
        <Skeleton className="h-24" />
      ) : rules.data.length > 0 ? (
        <ul aria-label="Rules by relation" className="grid gap-3">
          {rules.data.map((rule) => (
            <RuleCard key={rule.id} rule={rule} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
