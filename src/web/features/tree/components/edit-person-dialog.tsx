import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Pencil } from 'lucide-react';
import type { TreePerson } from '@shared/schemas/tree';
import { DialogForm } from '@web/components/dialog-form';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useUpdateTreePerson } from '../api';
import { personFormOf, personFormSchema, personInputOf, type PersonFormValues } from '../person-form-values';
import { PersonFields } from './person-fields';

/** Edit a tree person's names, dates and note. */
export function EditPersonDialog({ person }: { person: TreePerson }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const update = useUpdateTreePerson();
  const form = useForm<PersonFormValues>({ resolver: zodResolver(personFormSchema), values: personFormOf(person) });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: person.id, patch: personInputOf(values) });
      toast({ title: intl.formatMessage({ id: 'tree.edit.saved', defaultMessage: 'Saved' }) });
      setOpen(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'tree.edit.failed', defaultMessage: 'Could not save' }),
        description: errorMessage(error, intl.formatMessage({ id: 'tree.error', defaultMessage: 'An error occurred' })),
      });
    }
  });
  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" className="min-h-11">
          <Pencil aria-hidden="true" />
          {intl.formatMessage({ id: 'tree.edit.button', defaultMessage: 'Edit' })}
        </Button>
      }
      title={intl.formatMessage({ id: 'tree.edit.title', defaultMessage: 'Edit person' })}
      description={intl.formatMessage({
        id: 'tree.edit.description',
        defaultMessage: 'Names, dates and places as you know them; old records are often unsure, and that is fine.',
      })}
      submitLabel={
        update.isPending
          ? intl.formatMessage({ id: 'tree.edit.saving', defaultMessage: 'Saving...' })
          : intl.formatMessage({ id: 'tree.edit.save', defaultMessage: 'Save' })
      }
      isPending={update.isPending}
      onSubmit={submit}
      className="max-h-[90dvh] overflow-y-auto"
    >
      <PersonFields form={form} withNote />
    </DialogForm>
  );
}
