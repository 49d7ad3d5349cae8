import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import { useIntl } from '@web/lib/i18n/use-intl';
import { hourLabel, weekdayName } from '../schedule';

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export type ScheduleChoice = { kind: 'weekly' | 'all-at-once'; weekday: number; hour: number; timeZone: string };

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAY_INDEXES = [0, 1, 2, 3, 4, 5, 6];

/** The time zones this browser knows, with `current` among them even when the list lacks it. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** One question a week (weekday, hour, time zone) or all at once. */
export function ScheduleFields({ value, onChange }: { value: ScheduleChoice; onChange: (value: ScheduleChoice) => void }) {
  const id = useId();
  const intl = useIntl();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">
        {intl.formatMessage({ id: 'interviews.scheduleFields.howOften', defaultMessage: 'How often' })}
      </legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={`${id}-kind`} checked={value.kind === 'weekly'} onChange={() => onChange({ ...value, kind: 'weekly' })} />
        {intl.formatMessage({ id: 'interviews.scheduleFields.weekly', defaultMessage: 'One question a week' })}
      </label>
      {value.kind === 'weekly' && (
        <div className="grid gap-3 ps-6 sm:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-weekday`}>{intl.formatMessage({ id: 'interviews.scheduleFields.day', defaultMessage: 'Day' })}</Label>
            <select
              id={`${id}-weekday`}
              className={selectClass}
              value={value.weekday}
              onChange={(event) => onChange({ ...value, weekday: Number(event.target.value) })}
            >
              {WEEKDAY_INDEXES.map((index) => (
                <option key={index} value={index}>
                  {weekdayName(index)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-hour`}>{intl.formatMessage({ id: 'interviews.scheduleFields.time', defaultMessage: 'Time' })}</Label>
            <select
              id={`${id}-hour`}
              className={selectClass}
              value={value.hour}
              onChange={(event) => onChange({ ...value, hour: Number(event.target.value) })}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-zone`}>
              {intl.formatMessage({ id: 'interviews.scheduleFields.timeZone', defaultMessage: 'Time zone' })}
            </Label>
            <select
              id={`${id}-zone`}
              className={selectClass}
              value={value.timeZone}
              onChange={(event) => onChange({ ...value, timeZone: event.target.value })}
            >
              {timeZones(value.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name={`${id}-kind`}
          checked={value.kind === 'all-at-once'}
          onChange={() => onChange({ ...value, kind: 'all-at-once' })}
        />
        {intl.formatMessage({ id: 'interviews.schedule.allAtOnce', defaultMessage: 'All questions at once' })}
      </label>
    </fieldset>
  );
}
