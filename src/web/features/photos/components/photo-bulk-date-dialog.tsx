import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { photoBulkSchema } from '@shared/schemas/photos';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { localDay } from '@web/lib/local-day';
import { photoCount } from './photo-bulk-words';

/**
 * A picked day becomes noon of that day in the viewer's time zone: the photos then show that same day to
 * anyone within eleven hours of here, where midnight would put them on the day before for everyone west.
 */
export const localNoon = (day: string) => new Date(`${day}T12:00:00`).toISOString();

// the day as the shared contract checks it (range, format): ids stand in for the selection
const dayFormSchema = z.object({
  day: z
    .string()
    .min(1, 'Please choose a date')
    .superRefine((day, ctx) => {
      if (day === '') return;
      const parsed = photoBulkSchema.shape.action.safeParse({ type: 'setDate', dateTaken: localNoon(day) });
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Please enter a valid date' });
    }),
});

type Props = {
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onSubmit: (dateTaken: string) => void;
};

/** "Set date" for the selected photos: one calendar day, checked by the shared contract before it is sent. */
export function PhotoBulkDateDialog({ count, open, onOpenChange, isPending, onSubmit }: Props) {
  const form = useForm({ resolver: zodResolver(dayFormSchema), defaultValues: { day: '' } });

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      title="Set the date taken"
      description={`Gives ${photoCount(count)} the same date, at noon your time. The time each was taken is replaced.`}
      submitLabel="Save date"
      isPending={isPending}
      onSubmit={form.handleSubmit(({ day }) => onSubmit(localNoon(day)))}
    >
      <FormField label="Date taken" error={form.formState.errors.day}>
        <Input type="date" min="1900-01-01" max={localDay()} {...form.register('day')} />
      </FormField>
    </DialogForm>
  );
}
