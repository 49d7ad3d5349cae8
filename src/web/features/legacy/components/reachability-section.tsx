import { useId } from 'react';
import type { ReachabilityEntry } from '@shared/schemas/reachability';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useReachability } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

const WORDS = defineMessages({
  heirAndVerifier: { id: 'legacy.reach.heirAndVerifier', defaultMessage: 'heir and verifier' },
  verifier: { id: 'legacy.reach.verifier', defaultMessage: 'verifier' },
  heir: { id: 'legacy.reach.heir', defaultMessage: 'heir' },
  confirmed: { id: 'legacy.reach.confirmed', defaultMessage: 'Confirmed {date}' },
  pending: { id: 'legacy.reach.pending', defaultMessage: 'Asked {date}; waiting for the click' },
  unconfirmed: {
    id: 'legacy.reach.unconfirmed',
    defaultMessage: 'Not confirmed since heirloom asked on {date}: this address may be out of date',
  },
  bounced: { id: 'legacy.reach.bounced', defaultMessage: 'Their mail server refused this address: it may be out of date' },
  notAsked: { id: 'legacy.reach.notAsked', defaultMessage: 'Not asked yet: heirloom asks a week after someone is named, then once a year' },
});

const roles = (e: ReachabilityEntry) =>
  activeIntl().formatMessage(e.heir && e.verifier ? WORDS.heirAndVerifier : e.verifier ? WORDS.verifier : WORDS.heir);

/** Where one address stands, in words; the second value says whether the owner should look at it. */
function standing(e: ReachabilityEntry): [string, boolean] {
  const intl = activeIntl();
  switch (e.status) {
    case 'confirmed':
      return [intl.formatMessage(WORDS.confirmed, { date: formatLongDate(e.lastConfirmedAt) }), false];
    case 'pending':
      return [intl.formatMessage(WORDS.pending, { date: formatLongDate(e.askedAt) }), false];
    case 'unconfirmed':
      return [intl.formatMessage(WORDS.unconfirmed, { date: formatLongDate(e.askedAt) }), true];
    case 'bounced':
      return [intl.formatMessage(WORDS.bounced), true];
    default:
      return [intl.formatMessage(WORDS.notAsked), false];
  }
}

/** After Life: whether the addresses of the heirs and verifiers still reach them (decision 073). */
export function ReachabilitySection() {
  const intl = useIntl();
  const reachability = useReachability();
  const titleId = useId();
  if (reachability.isSuccess && reachability.data.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-semibold">
          {intl.formatMessage({ id: 'legacy.reach.title', defaultMessage: 'Can heirloom still reach them?' })}
        </h2>
        <p className="text-sm text-muted-foreground">
          {intl.formatMessage({
            id: 'legacy.reach.description',
            defaultMessage:
              "Once a year heirloom asks each heir and verifier to confirm with one click that their address still reaches them. Update an address that may be out of date on the person's contact.",
          })}
        </p>
      </div>
      {reachability.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
          {intl.formatMessage({ id: 'legacy.reach.loadFailed', defaultMessage: 'Failed to load whether their addresses reach them' })}
          <Button variant="outline" size="sm" onClick={() => void reachability.refetch()}>
            {intl.formatMessage({ id: 'legacy.common.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        </div>
      ) : reachability.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <ul
          aria-label={intl.formatMessage({ id: 'legacy.reach.list', defaultMessage: 'Addresses of heirs and verifiers' })}
          className="grid gap-2"
        >
          {reachability.data.map((e) => {
            const [words, look] = standing(e);
            return (
              <li key={e.contactId} className="grid gap-0.5 rounded-lg border bg-card p-3 text-sm">
                <span>
                  <span className="font-medium">{e.name}</span>
                  <span className="text-muted-foreground">{` · ${roles(e)} · ${e.email}`}</span>
                </span>
                <span className={look ? 'font-medium text-destructive' : 'text-muted-foreground'}>{words}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
