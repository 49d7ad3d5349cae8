import { useId, useState, type FormEvent } from 'react';
import { CHECK_IN_MONTHS, legacyPlanInputSchema, VETO_DAYS, type LegacyPlan } from '@shared/schemas/legacy';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import type { PickerItem } from '@web/lib/own-items';
import { useLegacyPlan, useLegacyStatus, useSavePlan } from '../api';
import { livePause } from '../wording';

const DEFAULT_PLAN: LegacyPlan = { checkInMonths: 6, vetoDays: 30, verifiersRequired: 1, verifiers: [], pausedUntil: null };

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** Why “None” needs two verifiers: shown beside the waiting times whenever fewer must confirm. */
export const NO_WAIT_NEEDS_TWO =
  '“None” needs at least two verifiers who must agree: one person’s mistake must never hand everything on with no chance to stop it. With one, the shortest waiting time is 1 day.';

/** Exactly what the trigger does with these settings. */
export function planExplanation(months: number, required: number, verifiers: number, vetoDays: number): string {
  const ask =
    `Every ${months} months heirloom e-mails you “Are you still there?”. Signing in counts. ` +
    'If you don’t answer it or two reminders, your verifiers are asked to confirm; they can also report your death at any time.';
  if (verifiers === 0) return `${ask} Choose at least one verifier below.`;
  const told = 'You are e-mailed at every address the moment the first of them reports it, and can cancel.';
  const confirm = `When ${required} of them ${required === 1 ? 'confirms' : 'confirm'}`;
  return vetoDays === 0
    ? `${ask} ${told} ${confirm}, your heirs are told at once, with no waiting time.`
    : `${ask} ${told} ${confirm}, you still have ${days(vetoDays)} to cancel before your heirs are told.`;
}

function PlanFields({ plan }: { plan: LegacyPlan }) {
  const [months, setMonths] = useState(String(plan.checkInMonths));
  const [vetoDays, setVetoDays] = useState<number>(plan.vetoDays);
  // id → name, in the order chosen: a verifier may be on a page of contacts not loaded, or outside a search
  const [verifiers, setVerifiers] = useState(() => new Map(plan.verifiers.map((v) => [v.contactId, v.name])));
  const [required, setRequired] = useState(String(plan.verifiersRequired));
  const [error, setError] = useState<string | null>(null);
  const savePlan = useSavePlan();
  const monthsId = useId();
  const requiredId = useId();
  const noWaitId = useId();

  const requiredNumber = Math.max(1, Number(required) || 1);
  const noWaitAllowed = requiredNumber >= 2;
  // fewer must agree than "None" needs: the shortest wait allowed instead
  const waitDays = vetoDays === 0 && !noWaitAllowed ? 1 : vetoDays;

  function toggle(id: number, item: PickerItem) {
    setVerifiers((old) => {
      const next = new Map(old);
      if (!next.delete(id)) next.set(id, item.title);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      checkInMonths: Number(months),
      vetoDays: waitDays,
      verifierContactIds: [...verifiers.keys()],
      verifiersRequired: Math.max(1, Number(required)),
      pausedUntil: livePause(plan.pausedUntil),
    };
    const parsed = legacyPlanInputSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setError(null);
    // the saved plan re-keys this form, so the toast hangs on the promise rather than on this component
    savePlan.mutateAsync(parsed.data).then(
      () => toast({ title: 'Plan saved' }),
      (err: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Failed to save your plan') }),
    );
  }

  const chosen = verifiers.size;
  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={monthsId}>Check in every (months)</Label>
        <Input
          id={monthsId}
          type="number"
          inputMode="numeric"
          min={CHECK_IN_MONTHS.min}
          max={CHECK_IN_MONTHS.max}
          value={months}
          onChange={(e) => setMonths(e.target.value)}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Waiting time before your heirs are told</legend>
        <div className="flex flex-wrap gap-2">
          {VETO_DAYS.map((n) => (
            <label
              key={n}
              className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5 has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                type="radio"
                name="veto-days"
                checked={waitDays === n}
                disabled={n === 0 && !noWaitAllowed}
                aria-describedby={n === 0 && !noWaitAllowed ? noWaitId : undefined}
                onChange={() => setVetoDays(n)}
              />
              {n === 0 ? 'None' : days(n)}
            </label>
          ))}
        </div>
        {!noWaitAllowed && (
          <p id={noWaitId} className="text-sm text-muted-foreground">
            {NO_WAIT_NEEDS_TWO}
          </p>
        )}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Verifiers: people who confirm your death</legend>
        <OwnItemPicker
          kind="contact"
          enabled
          mode="many"
          selected={new Set(verifiers.keys())}
          onToggle={toggle}
          label="Your contacts"
          empty="No contacts yet. Add family members or friends first."
          unavailable={(item) =>
            item.contact && !item.contact.email ? 'No e-mail address: add one on their contact card first' : undefined
          }
        />
        {chosen > 0 && <p className="text-sm text-muted-foreground">Chosen: {[...verifiers.values()].join(', ')}</p>}
      </fieldset>
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={requiredId}>How many must confirm</Label>
        <Input
          id={requiredId}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, chosen)}
          value={required}
          onChange={(e) => setRequired(e.target.value)}
        />
      </div>
      <p className="rounded-md bg-muted/50 p-3 text-sm">
        {planExplanation(Number(months) || plan.checkInMonths, requiredNumber, chosen, waitDays)}
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={savePlan.isPending}>
          {savePlan.isPending ? 'Saving...' : 'Save plan'}
        </Button>
      </div>
    </form>
  );
}

/** Check-ins and verifiers: when heirloom asks, who confirms, and how long the owner has to cancel. */
export function PlanForm() {
  const plan = useLegacyPlan();
  const status = useLegacyStatus();
  const titleId = useId();
  // no plan saved yet reads as the defaults
  const notSaved = plan.isError && plan.error instanceof ApiError && plan.error.status === 404;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Check-ins and verifiers</CardTitle>
        <CardDescription>How heirloom finds out that you have died, and who confirms it.</CardDescription>
      </CardHeader>
      <CardContent>
        {status.data?.state === 'released' ? (
          <p className="text-sm text-muted-foreground">Your plan has been released; it can no longer be changed.</p>
        ) : plan.isPending ? (
          <Skeleton className="h-64" />
        ) : plan.isError && !notSaved ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            Failed to load your plan
            <Button variant="outline" size="sm" onClick={() => plan.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <PlanFields key={JSON.stringify(plan.data ?? null)} plan={plan.data ?? DEFAULT_PLAN} />
        )}
      </CardContent>
    </Card>
  );
}
