import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { photoBulkSchema } from '@shared/schemas/photos';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { splitTags } from './photo-edit-form';
import { photoCount } from './photo-bulk-words';

// the words as the shared contract checks them (at least one, each tag's length and count)
const tagsFormSchema = z.object({
  text: z.string().superRefine((text, ctx) => {
    const parsed = photoBulkSchema.shape.action.safeParse({ type: 'addTags', tags: splitTags(text) });
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Add at least one tag' });
  }),
});

type Props = {
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onSubmit: (tags: string[]) => void;
};

/** "Add tags" for the selected photos: comma-separated words, added to each photo's own tags. */
export function PhotoBulkTagsDialog({ count, open, onOpenChange, isPending, onSubmit }: Props) {
  const form = useForm({ resolver: zodResolver(tagsFormSchema), defaultValues: { text: '' } });

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      title="Add tags"
      description={`Adds these tags to ${photoCount(count)}. Tags a photo already has are not repeated, and no tag is removed.`}
      submitLabel="Save tags"
      isPending={isPending}
      onSubmit={form.handleSubmit(({ text }) => onSubmit(splitTags(text)))}
    >
      <FormField label="New tags" error={form.formState.errors.text} hint="Separate tags with commas">
        <Input autoComplete="off" {...form.register('text')} />
      </FormField>
    </DialogForm>
  );
}
