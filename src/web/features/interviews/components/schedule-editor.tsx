import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import type { Interview } from '@shared/schemas/interviews';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localTimeZone } from '@web/lib/local-day';
import { useUpdateInterview } from '../api';
import { toSchedule } from './use-interview-draft';
import { ScheduleFields, type ScheduleChoice } from './schedule-fields';
import { useIntl } from '@web/lib/i18n/use-intl';

const choiceOf = (interview: Interview): ScheduleChoice =>
  interview.schedule ? { kind: 'weekly', ...interview.schedule } : { kind: 'all-at-once', weekday: 0, hour: 10, timeZone: localTimeZone() };

/** Change when the questions still to send go out. */
export function ScheduleEditor({ interview }: { interview: Interview }) {
  const update = useUpdateInterview(interview.id);
  const intl = useIntl();
  const [choice, setChoice] = useState<ScheduleChoice | null>(null);

  if (!choice)
    return (
      <Button variant="outline" onClick={() => setChoice(choiceOf(interview))}>
        <CalendarClock aria-hidden="true" />
        {intl.formatMessage({ id: 'interviews.scheduleEditor.change', defaultMessage: 'Change schedule' })}
      </Button>
    );

  return (
    <div className="grid w-full gap-3 rounded-lg border p-3">
      <ScheduleFields value={choice} onChange={setChoice} />
      <div className="flex gap-2">
        <Button
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { schedule: toSchedule(choice) },
              {
                onSuccess: () => {
                  toast({ title: intl.formatMessage({ id: 'interviews.scheduleEditor.saved', defaultMessage: 'Schedule saved' }) });
                  setChoice(null);
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
                    description: errorMessage(
                      error,
                      intl.formatMessage({ id: 'interviews.scheduleEditor.failed', defaultMessage: 'Failed to change the schedule' }),
                    ),
                  }),
              },
            )
          }
        >
          {intl.formatMessage({ id: 'interviews.scheduleEditor.save', defaultMessage: 'Save schedule' })}
        </Button>
        <Button variant="outline" onClick={() => setChoice(null)}>
          {intl.formatMessage({ id: 'interviews.cancel', defaultMessage: 'Cancel' })}
        </Button>
      </div>
    </div>
  );
}
