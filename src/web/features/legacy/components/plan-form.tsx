import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CHECK_IN_MONTHS, VETO_DAYS, type LegacyPlan, type LegacyPlanInput } from '@shared/schemas/legacy';
import { FormField } from '@web/components/form-field';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl, translateText } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import type { PickerItem } from '@web/lib/own-items';
import { useLegacyPlan, useLegacyStatus, useSavePlan } from '../api';
import { planFormSchema, planFormValues, requiredOf, waitDaysOf, type PlanFormValues } from './plan-form-schema';

const DEFAULT_PLAN: LegacyPlan = { checkInMonths: 6, vetoDays: 30, verifiersRequired: 1, verifiers: [], pausedUntil: null };

const messages = defineMessages({
  days: { id: 'legacy.plan.days', defaultMessage: '{count, plural, one {# day} other {# days}}' },
  noWaitNeedsTwo: {
    id: 'legacy.plan.noWaitNeedsTwo',
    defaultMessage:
      '“None” needs at least two verifiers who must agree: one person’s mistake must never hand everything on with no chance to stop it. With one, the shortest waiting time is 1 day.',
  },
  ask: {
    id: 'legacy.plan.explanation.ask',
    defaultMessage: 'Every {months} months heirloom e-mails you “Are you still there?”. Signing in counts.',
  },
  noAnswer: {
    id: 'legacy.plan.explanation.noAnswer',
    defaultMessage:
      'If you don’t answer it or two reminders, your verifiers are asked to confirm; they can also report your death at any time.',
  },
  chooseVerifier: { id: 'legacy.plan.explanation.chooseVerifier', defaultMessage: 'Choose at least one verifier below.' },
  told: {
    id: 'legacy.plan.explanation.told',
    defaultMessage: 'You are e-mailed at every address the moment the first of them reports it, and can cancel.',
  },
  atOnce: {
    id: 'legacy.plan.explanation.atOnce',
    defaultMessage:
      'When {required} of them {required, plural, one {confirms} other {confirm}}, your heirs are told at once, with no waiting time.',
  },
  afterWait: {
    id: 'legacy.plan.explanation.afterWait',
    defaultMessage:
      'When {required} of them {required, plural, one {confirms} other {confirm}}, you still have {days, plural, one {# day} other {# days}} to cancel before your heirs are told.',
  },
});

/** Why “None” needs two verifiers: shown beside the waiting times whenever fewer must confirm. */
export const noWaitNeedsTwo = () => activeIntl().formatMessage(messages.noWaitNeedsTwo);

/** Exactly what the trigger does with these settings. */
export function planExplanation(months: number, required: number, verifiers: number, vetoDays: number): string {
  const intl = activeIntl();
  const ask = `${intl.formatMessage(messages.ask, { months })} ${intl.formatMessage(messages.noAnswer)}`;
  if (verifiers === 0) return `${ask} ${intl.formatMessage(messages.chooseVerifier)}`;
  const told = intl.formatMessage(messages.told);
  const confirm =
    vetoDays === 0
      ? intl.formatMessage(messages.atOnce, { required })
      : intl.formatMessage(messages.afterWait, { required, days: vetoDays });
  return `${ask} ${told} ${confirm}`;
}

function PlanFields({ plan }: { plan: LegacyPlan }) {
  const intl = useIntl();
  const savePlan = useSavePlan();
  const form = useForm<PlanFormValues, unknown, LegacyPlanInput>({
    resolver: zodResolver(planFormSchema(plan.pausedUntil)),
    defaultValues: planFormValues(plan),
  });
  const { errors } = form.formState;
  const [months, vetoDays, verifiers, required] = useWatch({
    control: form.control,
    name: ['checkInMonths', 'vetoDays', 'verifiers', 'verifiersRequired'],
  });
  const noWaitId = useId();

  const requiredNumber = requiredOf(required);
  const noWaitAllowed = requiredNumber >= 2;
  const waitDays = waitDaysOf(vetoDays, requiredNumber);

  function toggle(id: number, item: PickerItem) {
    const next = verifiers.some((v) => v.contactId === id)
      ? verifiers.filter((v) => v.contactId !== id)
      : [...verifiers, { contactId: id, name: item.title }];
    form.setValue('verifiers', next, { shouldValidate: form.formState.isSubmitted });
  }

  // the saved plan re-keys this form, so the toast hangs on the promise rather than on this component
  const save = form.handleSubmit((input) =>
    savePlan.mutateAsync(input).then(
      () => toast({ title: intl.formatMessage({ id: 'legacy.plan.saved', defaultMessage: 'Plan saved' }) }),
      (err: unknown) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'legacy.common.error', defaultMessage: 'Error' }),
          description: errorMessage(err, intl.formatMessage({ id: 'legacy.plan.saveFailed', defaultMessage: 'Failed to save your plan' })),
        }),
    ),
  );

  const chosen = verifiers.length;
  return (
    <form onSubmit={save} className="grid gap-6" noValidate>
      <div className="sm:max-w-xs">
        <FormField
          label={intl.formatMessage({ id: 'legacy.plan.checkInMonths', defaultMessage: 'Check in every (months)' })}
          error={errors.checkInMonths}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={CHECK_IN_MONTHS.min}
            max={CHECK_IN_MONTHS.max}
            {...form.register('checkInMonths')}
          />
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          {intl.formatMessage({ id: 'legacy.plan.waitingTime', defaultMessage: 'Waiting time before your heirs are told' })}
        </legend>
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
                onChange={() => form.setValue('vetoDays', n, { shouldValidate: form.formState.isSubmitted })}
              />
              {n === 0
                ? intl.formatMessage({ id: 'legacy.plan.noWait', defaultMessage: 'None' })
                : intl.formatMessage(messages.days, { count: n })}
            </label>
          ))}
        </div>
        {!noWaitAllowed && (
          <p id={noWaitId} className="text-sm text-muted-foreground">
            {intl.formatMessage(messages.noWaitNeedsTwo)}
          </p>
        )}
        {errors.vetoDays && <p className="text-sm font-medium text-destructive">{translateText(errors.vetoDays.message ?? '')}</p>}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          {intl.formatMessage({ id: 'legacy.plan.verifiers', defaultMessage: 'Verifiers: people who confirm your death' })}
        </legend>
        <OwnItemPicker
          kind="contact"
          enabled
          mode="many"
          selected={new Set(verifiers.map((v) => v.contactId))}
          onToggle={toggle}
          label={intl.formatMessage({ id: 'legacy.plan.yourContacts', defaultMessage: 'Your contacts' })}
          empty={intl.formatMessage({
            id: 'legacy.plan.noContacts',
            defaultMessage: 'No contacts yet. Add family members or friends first.',
          })}
          unavailable={(item) =>
            item.contact && !item.contact.email
              ? intl.formatMessage({
                  id: 'legacy.plan.noEmail',
                  defaultMessage: 'No e-mail address: add one on their contact card first',
                })
              : undefined
          }
        />
        {chosen > 0 && (
          <p className="text-sm text-muted-foreground">
            {intl.formatMessage(
              { id: 'legacy.plan.chosen', defaultMessage: 'Chosen: {names}' },
              { names: verifiers.map((v) => v.name).join(', ') },
            )}
          </p>
        )}
        {errors.verifiers && <p className="text-sm font-medium text-destructive">{translateText(errors.verifiers.message ?? '')}</p>}
      </fieldset>
      <div className="sm:max-w-xs">
        <FormField
          label={intl.formatMessage({ id: 'legacy.plan.howMany', defaultMessage: 'How many must confirm' })}
          error={errors.verifiersRequired}
        >
          <Input type="number" inputMode="numeric" min={1} max={Math.max(1, chosen)} {...form.register('verifiersRequired')} />
        </FormField>
      </div>
      <p className="rounded-md bg-muted/50 p-3 text-sm">
        {planExplanation(Number(months) || plan.checkInMonths, requiredNumber, chosen, waitDays)}
      </p>
      {errors.root && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {translateText(errors.root.message ?? '')}
        </p>
      )}
      <div>
        <SubmitButton
          isPending={savePlan.isPending}
          pendingLabel={intl.formatMessage({ id: 'legacy.common.saving', defaultMessage: 'Saving...' })}
        >
          {intl.formatMessage({ id: 'legacy.plan.save', defaultMessage: 'Save plan' })}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Check-ins and verifiers: when heirloom asks, who confirms, and how long the owner has to cancel. */
export function PlanForm() {
  const intl = useIntl();
  const plan = useLegacyPlan();
  const status = useLegacyStatus();
  const titleId = useId();
  // no plan saved yet reads as the defaults
  const notSaved = plan.isError && plan.error instanceof ApiError && plan.error.status === 404;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{intl.formatMessage({ id: 'legacy.plan.title', defaultMessage: 'Check-ins and verifiers' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'legacy.plan.description',
            defaultMessage: 'How heirloom finds out that you have died, and who confirms it.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.data?.state === 'released' ? (
          <p className="text-sm text-muted-foreground">
            {intl.formatMessage({
              id: 'legacy.plan.released',
              defaultMessage: 'Your plan has been released; it can no longer be changed.',
            })}
          </p>
        ) : plan.isPending ? (
          <Skeleton className="h-64" />
        ) : plan.isError && !notSaved ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            {intl.formatMessage({ id: 'legacy.plan.loadFailed', defaultMessage: 'Failed to load your plan' })}
            <Button variant="outline" size="sm" onClick={() => plan.refetch()}>
              {intl.formatMessage({ id: 'legacy.common.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          </div>
        ) : (
          <PlanFields key={JSON.stringify(plan.data ?? null)} plan={plan.data ?? DEFAULT_PLAN} />
        )}
      </CardContent>
    </Card>
  );
}
