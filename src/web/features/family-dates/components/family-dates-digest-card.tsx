import { CalendarHeart } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localTimeZone } from '@web/lib/local-day';
import { useFamilyDatesSettings, useSetFamilyDatesDigest } from '../api';

/** Settings → Account: the weekly mail of the family's dates (off until the owner switches it on). */
export function FamilyDatesDigestCard() {
  const intl = useIntl();
  const settings = useFamilyDatesSettings();
  const setDigest = useSetFamilyDatesDigest();
  const switchId = useId();

  const set = (digest: boolean) =>
    // the browser's zone decides whose Monday morning the mail waits for
    setDigest.mutate(
      { digest, timeZone: localTimeZone() },
      {
        onSuccess: () =>
          toast({
            title: digest
              ? intl.formatMessage({ id: 'familyDates.digest.onTitle', defaultMessage: 'Weekly family dates are on' })
              : intl.formatMessage({ id: 'familyDates.digest.offTitle', defaultMessage: 'Weekly family dates are off' }),
            description: digest
              ? intl.formatMessage({
                  id: 'familyDates.digest.onText',
                  defaultMessage: 'You will receive them by e-mail on Monday mornings.',
                })
              : intl.formatMessage({ id: 'familyDates.digest.offText', defaultMessage: 'You will no longer receive them by e-mail.' }),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'familyDates.digest.errorTitle', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'familyDates.digest.changeFailed', defaultMessage: 'Failed to change the setting' }),
            ),
          }),
      },
    );

  let body;
  if (settings.isPending) body = <Skeleton className="h-8" />;
  else if (settings.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        {intl.formatMessage({ id: 'familyDates.digest.fetchFailed', defaultMessage: 'Failed to fetch the setting' })}
      </p>
    );
  else
    body = (
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={switchId} className="font-medium">
          {intl.formatMessage({ id: 'familyDates.digest.switch', defaultMessage: 'E-mail me the dates of the coming week' })}
        </label>
        <Switch id={switchId} checked={settings.data.digest} disabled={setDigest.isPending} onCheckedChange={set} />
      </div>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarHeart aria-hidden="true" className="size-5 text-primary" />
          {intl.formatMessage({ id: 'familyDates.digest.title', defaultMessage: 'Dates that matter' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'familyDates.digest.description',
            defaultMessage:
              'Birthdays and wedding anniversaries in your family, and the anniversaries of those who have died, once a week on Monday morning.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
