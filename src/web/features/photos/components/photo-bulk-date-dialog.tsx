import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { parseApproximateDate } from '@shared/dates/date-precision';
import { photoBulkSchema } from '@shared/schemas/photos';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { formatItemDate, UNDATED } from '@web/lib/item-date';
import { dateTakenFields } from '../photo-date-value';

export { localNoon } from '../photo-date-value';

type SetDate = Extract<z.output<typeof photoBulkSchema>['action'], { type: 'setDate' }>;
const messages = defineMessages({
  unreadable: { id: 'photos.bulkDate.unreadable', defaultMessage: 'Please write a date such as 1965, about 1965, the 1960s or June 1962' },
  empty: { id: 'photos.bulkDate.empty', defaultMessage: 'Please choose a date' },
  invalid: { id: 'photos.bulkDate.invalid', defaultMessage: 'Please enter a valid date' },
});

/** "undated", "unknown", "no date": the photos' dates are cleared (a scan wrongly dated by hand). */
const NO_DATE = /^(?:undated|unknown|not known|no date|none)$/i;

/** What the words typed say, as the setDate action sends it; null when they name no date. */
export function setDateAction(text: string): SetDate | null {
  if (NO_DATE.test(text.trim())) return { type: 'setDate', dateTaken: null, dateTakenMargin: null };
  const parsed = parseApproximateDate(text);
  return parsed && { type: 'setDate', ...dateTakenFields(parsed) };
}

// the words as the shared contract checks the date they make (range, format): ids stand in for the selection
const whenFormSchema = z.object({
  when: z
    .string()
    .trim()
    .superRefine((when, ctx) => {
      if (when === '') return void ctx.addIssue({ code: 'custom', message: activeIntl().formatMessage(messages.empty) });
      const action = setDateAction(when);
      if (!action) return void ctx.addIssue({ code: 'custom', message: activeIntl().formatMessage(messages.unreadable) });
      const parsed = photoBulkSchema.shape.action.safeParse(action);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? activeIntl().formatMessage(messages.invalid) });
    }),
});

type Props = {
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onSubmit: (action: SetDate) => void;
};

/**
 * "Set date" for the selected photos (decision 067): the owner writes when they are from as they would say it
 * ("1965", "about 1965", "the 1960s", "June 1962", "June 14, 1962"); below the field, how every screen will show
 * it. A day is set at noon the owner's time; a month, year, decade or about date at the start of its period.
 */
export function PhotoBulkDateDialog({ count, open, onOpenChange, isPending, onSubmit }: Props) {
  const intl = useIntl();
  const form = useForm({ resolver: zodResolver(whenFormSchema), defaultValues: { when: '' } });
  const when = useWatch({ control: form.control, name: 'when' });
  const action = setDateAction(when ?? '');
  const preview = action && (action.dateTaken === null ? UNDATED : formatItemDate(parseApproximateDate(when ?? '')!));

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'photos.bulkDate.title', defaultMessage: 'Set the date taken' })}
      description={intl.formatMessage(
        {
          id: 'photos.bulkDate.description',
          defaultMessage:
            'These are from about …: gives {count, plural, one {# photo} other {# photos}} the same date, as sure as you are of it. Any time or date each had is replaced.',
        },
        { count },
      )}
      submitLabel={intl.formatMessage({ id: 'photos.bulkDate.save', defaultMessage: 'Save date' })}
      isPending={isPending}
      onSubmit={form.handleSubmit(({ when: text }) => {
        const action = setDateAction(text);
        if (action) onSubmit(action);
      })}
    >
      <FormField
        label={intl.formatMessage({ id: 'photos.bulkDate.label', defaultMessage: 'Date taken' })}
        error={form.formState.errors.when}
        hint={intl.formatMessage({
          id: 'photos.bulkDate.hint',
          defaultMessage: 'For example 1965, about 1965, 1960s, June 1962 or 14 June 1962; Undated clears the date',
        })}
      >
        <Input
          autoComplete="off"
          placeholder={intl.formatMessage({ id: 'photos.bulkDate.placeholder', defaultMessage: 'about 1965' })}
          {...form.register('when')}
        />
      </FormField>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {preview
          ? intl.formatMessage(
              { id: 'photos.bulkDate.preview', defaultMessage: 'Shows as: <strong>{date}</strong>' },
              { date: preview, strong: (chunks) => <span className="font-medium text-foreground">{chunks}</span> },
            )
          : ''}
      </p>
    </DialogForm>
  );
}
