import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { heirInputSchema, type Heir } from '@shared/schemas/legacy';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localDay } from '@web/lib/local-day';
import { useSetDateOfBirth } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

const dateOfBirthFormSchema = heirInputSchema.pick({ dateOfBirth: true });

/** An heir's date of birth, for releases at an age; releases already set at an age move with it. */
export function DateOfBirthDialog({ heir }: { heir: Heir }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const setDateOfBirth = useSetDateOfBirth();
  const form = useForm({ resolver: zodResolver(dateOfBirthFormSchema), defaultValues: { dateOfBirth: heir.dateOfBirth } });

  const save = form.handleSubmit(({ dateOfBirth }) =>
    setDateOfBirth.mutate(
      { heirId: heir.id, dateOfBirth: dateOfBirth ?? null },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: intl.formatMessage({ id: 'legacy.birth.saved', defaultMessage: 'Date of birth saved' }) });
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'legacy.common.error', defaultMessage: 'Error' }),
            description: errorMessage(
              err,
              intl.formatMessage({ id: 'legacy.birth.saveFailed', defaultMessage: 'Failed to save the date of birth' }),
            ),
          }),
      },
    ),
  );

  return (
    <DialogForm
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.reset({ dateOfBirth: heir.dateOfBirth });
      }}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={
            heir.dateOfBirth
              ? intl.formatMessage({ id: 'legacy.birth.changeFor', defaultMessage: 'Change date of birth for {name}' }, { name: heir.name })
              : intl.formatMessage({ id: 'legacy.birth.addFor', defaultMessage: 'Add date of birth for {name}' }, { name: heir.name })
          }
        >
          {heir.dateOfBirth
            ? intl.formatMessage({ id: 'legacy.birth.change', defaultMessage: 'Change date of birth' })
            : intl.formatMessage({ id: 'legacy.birth.add', defaultMessage: 'Add date of birth' })}
        </Button>
      }
      title={intl.formatMessage({ id: 'legacy.birth.title', defaultMessage: '{name}’s date of birth' }, { name: heir.name })}
      description={intl.formatMessage({
        id: 'legacy.birth.hint',
        defaultMessage: 'Needed to release something on a birthday, e.g. at 18.',
      })}
      submitLabel={intl.formatMessage({ id: 'legacy.birth.save', defaultMessage: 'Save' })}
      isPending={setDateOfBirth.isPending}
      onSubmit={save}
    >
      <FormField
        label={intl.formatMessage({ id: 'legacy.birth.label', defaultMessage: 'Date of birth' })}
        error={form.formState.errors.dateOfBirth}
      >
        <Input type="date" max={localDay()} {...form.register('dateOfBirth', { setValueAs: (day: string) => day || null })} />
      </FormField>
    </DialogForm>
  );
}
