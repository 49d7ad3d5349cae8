import { zodResolver } from '@hookform/resolvers/zod';
import { HeartPulse, Plane } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MAX_PAUSE_DAYS, type VETO_DAYS, type LegacyPlan, type LegacyStatus } from '@shared/schemas/legacy';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useCheckIn, useLegacyPlan, useLegacyStatus, useSavePlan, useVeto } from '../api';
import { formatDay, localMidnightIso, statusText } from '../wording';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { localDayFromToday } from '@web/lib/local-day';
import { useIntl } from '@web/lib/i18n/use-intl';

const planInput = (plan: LegacyPlan, pausedUntil: string | null) => ({
  checkInMonths: plan.checkInMonths,
  vetoDays: plan.vetoDays as (typeof VETO_DAYS)[number],
  verifierContactIds: plan.verifiers.map((v) => v.contactId),
  verifiersRequired: plan.verifiersRequired,
  pausedUntil,
});

const pauseDayMessage = () =>
  activeIntl().formatMessage({ id: 'legacy.status.pauseDay', defaultMessage: 'Choose a day within the next 6 months.' });

function TravelButton({ plan, isPaused }: { plan: LegacyPlan; isPaused: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const savePlan = useSavePlan();
  const min = localDayFromToday(1);
  const max = localDayFromToday(MAX_PAUSE_DAYS);
  const form = useForm({
    resolver: zodResolver(z.object({ day: z.string().refine((day) => day !== '' && day >= min && day <= max, pauseDayMessage()) })),
    defaultValues: { day: '' },
  });

  const save = (pausedUntil: string | null, done: string) =>
    savePlan.mutate(planInput(plan, pausedUntil), {
      onSuccess: () => {
        setOpen(false);
        toast({ title: done });
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'legacy.status.errorTitle', defaultMessage: 'Error' }),
          description: errorMessage(
            err,
            intl.formatMessage({ id: 'legacy.status.saveFailed', defaultMessage: 'Failed to save your plan' }),
          ),
        }),
    });

  if (isPaused)
    return (
      <Button
        variant="outline"
        disabled={savePlan.isPending}
        onClick={() => save(null, intl.formatMessage({ id: 'legacy.status.resumed', defaultMessage: 'Check-ins resumed' }))}
      >
        {intl.formatMessage({ id: 'legacy.status.resume', defaultMessage: 'Resume check-ins' })}
      </Button>
    );

  return (
    <DialogForm
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.reset();
      }}
      trigger={
        <Button variant="outline">
          <Plane aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.status.travelling', defaultMessage: 'I’m travelling' })}
        </Button>
      }
      title={intl.formatMessage({ id: 'legacy.status.pause', defaultMessage: 'Pause check-ins' })}
      description={intl.formatMessage({
        id: 'legacy.status.pauseText',
        defaultMessage: 'heirloom sends no “Are you still there?” mail until the day you choose, at most 6 months ahead.',
      })}
      submitLabel={intl.formatMessage({ id: 'legacy.status.pause', defaultMessage: 'Pause check-ins' })}
      isPending={savePlan.isPending}
      onSubmit={form.handleSubmit(({ day }) =>
        save(
          localMidnightIso(day),
          intl.formatMessage(
            { id: 'legacy.status.pausedUntil', defaultMessage: 'Check-ins paused until {date}' },
            { date: formatDay(day) },
          ),
        ),
      )}
    >
      <FormField label={intl.formatMessage({ id: 'legacy.status.backOn', defaultMessage: 'Back on' })} error={form.formState.errors.day}>
        <Input type="date" min={min} max={max} {...form.register('day')} />
      </FormField>
    </DialogForm>
  );
}

function Actions({ status, plan }: { status: LegacyStatus; plan: LegacyPlan | undefined }) {
  const intl = useIntl();
  const checkIn = useCheckIn();
  const veto = useVeto();
  const isPaused = !!status.pausedUntil && new Date(status.pausedUntil) > new Date();
  return (
    <div className="flex flex-wrap gap-2">
      {status.state === 'veto' && (
        <Button
          size="lg"
          variant="destructive"
          disabled={veto.isPending}
          onClick={() =>
            veto.mutate(undefined, {
              onSuccess: () =>
                toast({
                  title: intl.formatMessage({ id: 'legacy.status.cancelled', defaultMessage: 'Release cancelled' }),
                  description: intl.formatMessage({
                    id: 'legacy.status.cancelledText',
                    defaultMessage: 'Your plan is back to normal and your verifiers are told.',
                  }),
                }),
              onError: (err) =>
                toast({
                  variant: 'destructive',
                  title: intl.formatMessage({ id: 'legacy.status.errorTitle', defaultMessage: 'Error' }),
                  description: errorMessage(
                    err,
                    intl.formatMessage({ id: 'legacy.status.cancelFailed', defaultMessage: 'Failed to cancel the release' }),
                  ),
                }),
            })
          }
        >
          {intl.formatMessage({ id: 'legacy.status.cancel', defaultMessage: 'Cancel the release' })}
        </Button>
      )}
      {status.configured && status.state !== 'released' && (
        <Button
          variant={status.state === 'active' ? 'outline' : 'default'}
          disabled={checkIn.isPending}
          onClick={() =>
            checkIn.mutate(undefined, {
              onSuccess: () =>
                toast({ title: intl.formatMessage({ id: 'legacy.status.checkedIn', defaultMessage: 'Thank you — you checked in' }) }),
              onError: (err) =>
                toast({
                  variant: 'destructive',
                  title: intl.formatMessage({ id: 'legacy.status.errorTitle', defaultMessage: 'Error' }),
                  description: errorMessage(
                    err,
                    intl.formatMessage({ id: 'legacy.status.checkInFailed', defaultMessage: 'Failed to check in' }),
                  ),
                }),
            })
          }
        >
          <HeartPulse aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.status.stillHere', defaultMessage: 'I’m still here' })}
        </Button>
      )}
      {status.configured && status.state === 'active' && plan && <TravelButton plan={plan} isPaused={isPaused} />}
    </div>
  );
}

/** Where the plan stands, in plain words, and what the owner can do about it now. */
export function StatusCard() {
  const intl = useIntl();
  const status = useLegacyStatus();
  const plan = useLegacyPlan();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{intl.formatMessage({ id: 'legacy.status.title', defaultMessage: 'Where your plan stands' })}</CardTitle>
        {status.data && status.data.state === 'verifying' && (
          <CardDescription>
            {intl.formatMessage(
              {
                id: 'legacy.status.confirmations',
                defaultMessage: '{count} of {required} confirmations so far. Sign in or press “I’m still here” to stop it.',
              },
              { count: status.data.confirmations, required: status.data.verifiersRequired },
            )}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Skeleton className="h-16" />
        ) : status.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            {intl.formatMessage({ id: 'legacy.status.loadFailed', defaultMessage: 'Failed to load your plan’s status' })}
            <Button variant="outline" size="sm" onClick={() => status.refetch()}>
              {intl.formatMessage({ id: 'legacy.status.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          </div>
        ) : (
          <>
            <p className={status.data.state === 'veto' ? 'text-lg font-semibold text-destructive' : 'text-lg font-medium'}>
              {statusText(status.data)}
            </p>
            <Actions status={status.data} plan={plan.data} />
            {!status.data.mailConfigured && (
              <Alert>
                <AlertTitle>
                  {intl.formatMessage({ id: 'legacy.status.noMail', defaultMessage: 'heirloom cannot send e-mail yet' })}
                </AlertTitle>
                <AlertDescription>
                  {intl.formatMessage({
                    id: 'legacy.status.noMailText',
                    defaultMessage:
                      'No mail server is set up on this heirloom, so check-ins, verifiers and heirs are not reached: messages wait in the server’s outbox folder. Ask whoever runs this server to set SMTP_URL before you rely on your plan.',
                  })}
                </AlertDescription>
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
