import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { collectionInputSchema, type CollectionInput } from '@shared/schemas/sharing';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';

type CollectionFormProps = {
  defaultValues: CollectionInput;
  submitLabel: string;
  isPending: boolean;
  /** Resolves true when saved, so the form can reset itself. */
  onSubmit: (values: CollectionInput) => Promise<boolean>;
};

/** Title and description of a collection, checked with the schema the server uses. */
export function CollectionForm({ defaultValues, submitLabel, isPending, onSubmit }: CollectionFormProps) {
  const form = useForm<CollectionInput>({ resolver: zodResolver(collectionInputSchema), defaultValues });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    // an emptied description is removed, not kept as an empty text
    if (await onSubmit({ title: values.title, description: values.description?.trim() ? values.description : null }))
      form.reset(defaultValues);
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Title" error={errors.title}>
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField label="Description" error={errors.description} hint="Optional. People you share the collection with see it.">
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={isPending}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
