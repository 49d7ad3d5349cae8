import { useId, useState, type ChangeEvent } from 'react';
import type { FieldError } from 'react-hook-form';
import type { DatePrecision } from '@shared/dates/date-precision';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { formattingLocale } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { formatItemDate } from '@web/lib/item-date';

export type ApproximateDateValue = {
  /** yyyy-MM-dd (the first day of the period), yyyy-MM-ddTHH:mm for an exact date; '' while incomplete. */
  date: string;
  precision: DatePrecision;
  margin: number | null;
};

const precisionLabels = defineMessages({
  exact: { id: 'common.approximateDate.precision.exact', defaultMessage: 'Exact (date and time)' },
  day: { id: 'common.approximateDate.precision.day', defaultMessage: 'The day' },
  month: { id: 'common.approximateDate.precision.month', defaultMessage: 'The month' },
  year: { id: 'common.approximateDate.precision.year', defaultMessage: 'The year' },
  decade: { id: 'common.approximateDate.precision.decade', defaultMessage: 'The decade' },
  about: { id: 'common.approximateDate.precision.about', defaultMessage: 'About a year' },
});

/** The twelve months' names in the page's language, as a list shows them (capitalised). */
function monthNames(): string[] {
  const format = new Intl.DateTimeFormat(formattingLocale(), { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => {
    const name = format.format(Date.UTC(2000, i, 1));
    return name.charAt(0).toLocaleUpperCase(formattingLocale()) + name.slice(1);
  });
}

/** The margins offered; '' is the default, a year or so. */
const MARGINS = ['', '2', '5', '10'];

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const pad = (n: number) => String(n).padStart(2, '0');

type Parts = { year: string; month: string; margin: string };

/** The inputs' parts read from a value: the year and month of its date, the margin as text. */
function partsOf({ date, margin }: ApproximateDateValue): Parts {
  const match = /^(\d{4})-(\d{2})/.exec(date);
  return { year: match?.[1] ?? '', month: match ? String(Number(match[2])) : '', margin: margin == null ? '' : String(margin) };
}

/** The value the parts make for a precision: '' until the year is a four-digit year within the range. */
function valueOf(precision: DatePrecision, parts: Parts, minYear: number, maxYear: number): ApproximateDateValue {
  const year = Number(parts.year);
  const isYear = /^\d{4}$/.test(parts.year.trim()) && year >= minYear && year <= maxYear;
  const margin = precision === 'about' && parts.margin !== '' ? Number(parts.margin) : null;
  if (!isYear) return { date: '', precision, margin };
  if (precision === 'month') return { date: parts.month ? `${year}-${pad(Number(parts.month))}-01` : '', precision, margin };
  if (precision === 'decade') return { date: `${year - (year % 10)}-01-01`, precision, margin };
  return { date: `${year}-01-01`, precision, margin };
}

type Props = {
  /** The label of the day's own input ("Date", "Date taken"), as the forms always had it. */
  label: string;
  value: ApproximateDateValue;
  onChange: (value: ApproximateDateValue) => void;
  error?: FieldError;
  /** The choices offered, in order; the exact one only where a time is kept (a photo). */
  precisions: readonly DatePrecision[];
  minYear: number;
  maxYear: number;
  /** The latest day the day input takes (yyyy-MM-dd). */
  maxDay?: string;
};

/**
 * A date with how sure its owner is (decision 067): "How sure?" picks the day, the month, the year, the decade or
 * about a year, and only the inputs that precision needs are shown: the day; a month and a year; a year; a decade;
 * a year give or take. Below them, "Shows as: c. 1955" is how every screen will show it.
 */
export function ApproximateDateField({ label, value, onChange, error, precisions, minYear, maxYear, maxDay }: Props) {
  const intl = useIntl();
  const id = useId();
  const chooseText = intl.formatMessage({ id: 'common.approximateDate.choose', defaultMessage: 'Choose…' });
  const yearsText = (count: string) =>
    intl.formatMessage(
      { id: 'common.approximateDate.years', defaultMessage: '{count, plural, one {# year} other {# years}}' },
      { count: Number(count) },
    );
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const { precision } = value;

  const change = (next: Partial<Parts>) => {
    const merged = { ...parts, ...next };
    setParts(merged);
    onChange(valueOf(precision, merged, minYear, maxYear));
  };
  const changePrecision = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value as DatePrecision;
    if (next === 'exact' || next === 'day') {
      // the day input starts on the day the other inputs named, or empty
      const day = value.date ? value.date.slice(0, 10) : '';
      onChange({ date: next === 'exact' && day ? `${day}T12:00` : day, precision: next, margin: null });
      return;
    }
    const fromDate = value.date ? partsOf(value) : parts;
    const merged = { ...fromDate, margin: parts.margin };
    setParts(merged);
    onChange(valueOf(next, merged, minYear, maxYear));
  };

  const decades: number[] = [];
  // a long list is hard to read: decades since 1800 (a memory may go further back as a year)
  const firstDecade = Math.max(minYear, 1800);
  for (let d = maxYear - (maxYear % 10); d >= firstDecade - (firstDecade % 10); d -= 10) decades.push(d);
  const preview = value.date ? formatItemDate({ date: value.date, precision, margin: value.margin }) : '';

  return (
    <div className="grid gap-2">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <label htmlFor={`${id}-precision`} className="text-sm font-medium">
            {intl.formatMessage({ id: 'common.approximateDate.howSure', defaultMessage: 'How sure?' })}
          </label>
          <select id={`${id}-precision`} className={selectClass} value={precision} onChange={changePrecision}>
            {precisions.map((p) => (
              <option key={p} value={p}>
                {intl.formatMessage(precisionLabels[p])}
              </option>
            ))}
          </select>
        </div>
        {precision === 'day' && (
          <FormField label={label} error={error}>
            <Input
              type="date"
              max={maxDay}
              value={value.date}
              onChange={(e) => onChange({ date: e.target.value, precision, margin: null })}
            />
          </FormField>
        )}
        {precision === 'exact' && (
          <FormField label={label} error={error}>
            <Input type="datetime-local" value={value.date} onChange={(e) => onChange({ date: e.target.value, precision, margin: null })} />
          </FormField>
        )}
        {precision === 'decade' && (
          <FormField label={intl.formatMessage({ id: 'common.approximateDate.decade', defaultMessage: 'Decade' })} error={error}>
            <select
              className={selectClass}
              value={parts.year ? String(Number(parts.year) - (Number(parts.year) % 10)) : ''}
              onChange={(e) => change({ year: e.target.value })}
            >
              <option value="">{chooseText}</option>
              {decades.map((d) => (
                <option key={d} value={d}>
                  {intl.formatMessage({ id: 'common.approximateDate.decadeName', defaultMessage: '{decade}s' }, { decade: String(d) })}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {(precision === 'month' || precision === 'year' || precision === 'about') && (
          <FormField
            label={intl.formatMessage({ id: 'common.approximateDate.year', defaultMessage: 'Year' })}
            error={error}
            hint={intl.formatMessage(
              { id: 'common.approximateDate.yearRange', defaultMessage: '{min} to {max}' },
              { min: String(minYear), max: String(maxYear) },
            )}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={parts.year}
              onChange={(e) => change({ year: e.target.value })}
            />
          </FormField>
        )}
        {precision === 'month' && (
          <div className="grid content-start gap-2">
            <label htmlFor={`${id}-month`} className="text-sm font-medium">
              {intl.formatMessage({ id: 'common.approximateDate.month', defaultMessage: 'Month' })}
            </label>
            <select id={`${id}-month`} className={selectClass} value={parts.month} onChange={(e) => change({ month: e.target.value })}>
              <option value="">{chooseText}</option>
              {monthNames().map((name, i) => (
                <option key={name} value={String(i + 1)}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        {precision === 'about' && (
          <div className="grid content-start gap-2">
            <label htmlFor={`${id}-margin`} className="text-sm font-medium">
              {intl.formatMessage({ id: 'common.approximateDate.giveOrTake', defaultMessage: 'Give or take' })}
            </label>
            <select id={`${id}-margin`} className={selectClass} value={parts.margin} onChange={(e) => change({ margin: e.target.value })}>
              {MARGINS.map((m) => (
                <option key={m} value={m}>
                  {m === '' ? intl.formatMessage({ id: 'common.approximateDate.yearOrSo', defaultMessage: 'a year or so' }) : yearsText(m)}
                </option>
              ))}
              {parts.margin !== '' && !MARGINS.includes(parts.margin) && <option value={parts.margin}>{yearsText(parts.margin)}</option>}
            </select>
          </div>
        )}
      </div>
      {preview && (precision !== 'day' || value.date !== '') && (
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {intl.formatMessage(
            { id: 'common.approximateDate.showsAs', defaultMessage: 'Shows as: <strong>{date}</strong>' },
            {
              date: preview,
              strong: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
            },
          )}
        </p>
      )}
    </div>
  );
}
