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

const choiceOf = (interview: Interview): ScheduleChoice =>
  interview.schedule ? { kind: 'weekly', ...interview.schedule } : { kind: 'all-at-once', weekday: 0, hour: 10, timeZone: localTimeZone() };

/** Change when the questions still to send go out. */
export function ScheduleEditor({ interview }: { interview: Interview }) {
  const update = useUpdateInterview(interview.id);
  const [choice, setChoice] = useState<ScheduleChoice | null>(null);

  if (!choice)
    return (
      <Button variant="outline" onClick={() => setChoice(choiceOf(interview))}>
        <CalendarClock aria-hidden="true" />
        Change schedule
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
                  toast({ title: 'Schedule saved' });
                  setChoice(null);
                },
                onError: (error) =>
                  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to change the schedule') }),
              },
            )
          }
        >
          Save schedule
        </Button>
        <Button variant="outline" onClick={() => setChoice(null)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
