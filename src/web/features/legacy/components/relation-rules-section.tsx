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
import { memberMessage, ruleLabel } from '../relation-rule-words';
import { conditionText } from '../wording';
import { AddRelationRuleDialog } from './add-relation-rule-dialog';
import { useIntl } from '@web/lib/i18n/use-intl';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function RuleCard({ rule }: { rule: RelationRule }) {
  const intl = useIntl();
  const remove = useRemoveRelationRule();
  const label = ruleLabel(rule.relation, intl);
  const heading = intl.formatMessage(
    { id: 'legacy.rules.heading', defaultMessage: '{label}: {title}' },
    { label: capitalised(label), title: rule.target.title },
  );
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-medium">{heading}</h3>
          <p className="text-sm text-muted-foreground">{conditionText(rule)}</p>
        </div>
        <ConfirmDialog
          title={intl.formatMessage({ id: 'legacy.rules.removeTitle', defaultMessage: 'Remove this rule?' })}
          text={intl.formatMessage(
            {
              id: 'legacy.rules.removeText',
              defaultMessage: 'Everyone it names stops receiving “{title}” through it, including what was already released to them.',
            },
            { title: rule.target.title },
          )}
          confirmLabel={intl.formatMessage({ id: 'legacy.common.remove', defaultMessage: 'Remove' })}
          destructive
          onConfirm={() =>
            remove.mutate(rule.id, {
              onSuccess: () => toast({ title: intl.formatMessage({ id: 'legacy.common.removed', defaultMessage: 'Removed' }) }),
              onError: (err) =>
                toast({
                  variant: 'destructive',
                  title: intl.formatMessage({ id: 'legacy.rules.removeFailed', defaultMessage: 'Failed to remove' }),
                  description: errorMessage(err, intl.formatMessage({ id: 'legacy.common.anError', defaultMessage: 'An error occurred' })),
                }),
            })
          }
          trigger={
            <Button
              variant="outline"
              size="sm"
              aria-label={intl.formatMessage({ id: 'legacy.rules.remove', defaultMessage: 'Remove {heading}' }, { heading })}
            >
              {intl.formatMessage({ id: 'legacy.common.remove', defaultMessage: 'Remove' })}
            </Button>
          }
        />
      </div>
      {!rule.ownerInTree ? (
        <p className="text-sm">
          {intl.formatMessage({
            id: 'legacy.rules.notInTree',
            defaultMessage: 'You are not in your family tree yet, so this names nobody.',
          })}{' '}
          <Link to={familyTreePath()}>{intl.formatMessage({ id: 'legacy.rules.openTree', defaultMessage: 'Open the family tree' })}</Link>
        </p>
      ) : rule.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {intl.formatMessage({ id: 'legacy.rules.nobody', defaultMessage: 'Nobody in your family tree is named this way yet.' })}
        </p>
      ) : (
        <ul
          aria-label={intl.formatMessage({ id: 'legacy.rules.namedBy', defaultMessage: 'Named by {label}' }, { label })}
          className="grid gap-2 text-sm"
        >
          {rule.members.map((m) => {
            const message = memberMessage(m, intl);
            return (
              <li key={m.treePersonId} className="grid gap-0.5">
                <span>
                  <span className="font-medium">{m.name}</span>
                  {m.relation && <span className="text-muted-foreground">{` · ${m.relation}`}</span>}
                  <span className="text-muted-foreground">{` · ${m.status === 'receives' ? intl.formatMessage({ id: 'legacy.rules.receives', defaultMessage: 'receives it' }) : intl.formatMessage({ id: 'legacy.rules.cannotReceive', defaultMessage: 'cannot receive it yet' })}`}</span>
                </span>
                {message && <span className={m.status === 'receives' ? 'text-muted-foreground' : 'text-destructive'}>{message}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/** Releases chosen by relation (decision 065): each rule with everyone it names and whether they receive. */
export function RelationRulesSection() {
  const intl = useIntl();
  const rules = useRelationRules();
  const status = useLegacyStatus();
  const titleId = useId();
  // a newcomer is announced by mail only where the server can send it; the list below always says it
  const told = status.data?.mailConfigured
    ? intl.formatMessage({
        id: 'legacy.rules.toldMail',
        defaultMessage: 'You are e-mailed when someone new joins, and this list shows who can receive.',
      })
    : intl.formatMessage({ id: 'legacy.rules.toldList', defaultMessage: 'This list shows who is named and who can receive.' });
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            {intl.formatMessage({ id: 'legacy.rules.title', defaultMessage: 'By relation' })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {`${intl.formatMessage({ id: 'legacy.rules.description', defaultMessage: 'Give something to each of your grandchildren, or all your descendants: whoever your family tree adds later receives it too, once they have a contact with an e-mail address.' })} ${told}`}
          </p>
        </div>
        <AddRelationRuleDialog />
      </div>
      {rules.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
          {intl.formatMessage({ id: 'legacy.rules.loadFailed', defaultMessage: 'Failed to load your rules by relation' })}
          <Button variant="outline" size="sm" onClick={() => void rules.refetch()}>
            {intl.formatMessage({ id: 'legacy.common.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        </div>
      ) : rules.isPending ? (
        <Skeleton className="h-24" />
      ) : rules.data.length > 0 ? (
        <ul aria-label={intl.formatMessage({ id: 'legacy.rules.list', defaultMessage: 'Rules by relation' })} className="grid gap-3">
          {rules.data.map((rule) => (
            <RuleCard key={rule.id} rule={rule} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
