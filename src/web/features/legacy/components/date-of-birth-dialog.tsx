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

const dateOfBirthFormSchema = heirInputSchema.pick({ dateOfBirth: true });

/** An heir's date of birth, for releases at an age; releases already set at an age move with it. */
export function DateOfBirthDialog({ heir }: { heir: Heir }) {
  const [open, setOpen] = useState(false);
  const setDateOfBirth = useSetDateOfBirth();
  const form = useForm({ resolver: zodResolver(dateOfBirthFormSchema), defaultValues: { dateOfBirth: heir.dateOfBirth } });

  const save = form.handleSubmit(({ dateOfBirth }) =>
    setDateOfBirth.mutate(
      { heirId: heir.id, dateOfBirth: dateOfBirth ?? null },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Date of birth saved' });
        },
        onError: (err) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Failed to save the date of birth') }),
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
        <Button variant="ghost" size="sm" aria-label={`${heir.dateOfBirth ? 'Change' : 'Add'} date of birth for ${heir.name}`}>
          {heir.dateOfBirth ? 'Change' : 'Add'} date of birth
        </Button>
      }
      title={`${heir.name}’s date of birth`}
      description="Needed to release something on a birthday, e.g. at 18."
      submitLabel="Save"
      isPending={setDateOfBirth.isPending}
      onSubmit={save}
    >
      <FormField label="Date of birth" error={form.formState.errors.dateOfBirth}>
        <Input type="date" max={localDay()} {...form.register('dateOfBirth', { setValueAs: (day: string) => day || null })} />
      </FormField>
    </DialogForm>
  );
}
