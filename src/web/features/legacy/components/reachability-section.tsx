import { useId } from 'react';
import type { ReachabilityEntry } from '@shared/schemas/reachability';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatLongDate } from '@web/lib/format';
import { useReachability } from '../api';

const roles = (e: ReachabilityEntry) => (e.heir && e.verifier ? 'heir and verifier' : e.verifier ? 'verifier' : 'heir');

/** Where one address stands, in words; the second value says whether the owner should look at it. */
function standing(e: ReachabilityEntry): [string, boolean] {
  switch (e.status) {
    case 'confirmed':
      return [`Confirmed ${formatLongDate(e.lastConfirmedAt)}`, false];
    case 'pending':
      return [`Asked ${formatLongDate(e.askedAt)}; waiting for the click`, false];
    case 'unconfirmed':
      return [`Not confirmed since heirloom asked on ${formatLongDate(e.askedAt)}: this address may be out of date`, true];
    case 'bounced':
      return ['Their mail server refused this address: it may be out of date', true];
    default:
      return ['Not asked yet: heirloom asks a week after someone is named, then once a year', false];
  }
}

/** After Life: whether the addresses of the heirs and verifiers still reach them (decision 073). */
export function ReachabilitySection() {
  const reachability = useReachability();
  const titleId = useId();
  if (reachability.isSuccess && reachability.data.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-semibold">
          Can heirloom still reach them?
        </h2>
        <p className="text-sm text-muted-foreground">
          Once a year heirloom asks each heir and verifier to confirm with one click that their address still reaches them. Update an
          address that may be out of date on the person&apos;s contact.
        </p>
      </div>
      {reachability.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
          Failed to load whether their addresses reach them
          <Button variant="outline" size="sm" onClick={() => void reachability.refetch()}>
            Try again
          </Button>
        </div>
      ) : reachability.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <ul aria-label="Addresses of heirs and verifiers" className="grid gap-2">
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
