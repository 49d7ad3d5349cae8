import { CalendarHeart } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localTimeZone } from '@web/lib/local-day';
import { useFamilyDatesSettings, useSetFamilyDatesDigest } from '../api';

/** Settings → Account: the weekly mail of the family's dates (off until the owner switches it on). */
export function FamilyDatesDigestCard() {
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
            title: digest ? 'Weekly family dates are on' : 'Weekly family dates are off',
            description: digest ? 'You will receive them by e-mail on Monday mornings.' : 'You will no longer receive them by e-mail.',
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to change the setting') }),
      },
    );

  let body;
  if (settings.isPending) body = <Skeleton className="h-8" />;
  else if (settings.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        Failed to fetch the setting
      </p>
    );
  else
    body = (
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={switchId} className="font-medium">
          E-mail me the dates of the coming week
        </label>
        <Switch id={switchId} checked={settings.data.digest} disabled={setDigest.isPending} onCheckedChange={set} />
      </div>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarHeart aria-hidden="true" className="size-5 text-primary" />
          Dates that matter
        </CardTitle>
        <CardDescription>
          Birthdays and wedding anniversaries in your family, and the anniversaries of those who have died, once a week on Monday morning.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
