import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { photoBulkSchema } from '@shared/schemas/photos';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { splitTags } from './photo-edit-form';

const messages = defineMessages({
  noTag: { id: 'photos.bulkTags.noTag', defaultMessage: 'Add at least one tag' },
});

// the words as the shared contract checks them (at least one, each tag's length and count)
const tagsFormSchema = z.object({
  text: z.string().superRefine((text, ctx) => {
    const parsed = photoBulkSchema.shape.action.safeParse({ type: 'addTags', tags: splitTags(text) });
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? activeIntl().formatMessage(messages.noTag) });
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
  const intl = useIntl();
  const form = useForm({ resolver: zodResolver(tagsFormSchema), defaultValues: { text: '' } });

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'photos.bulkTags.title', defaultMessage: 'Add tags' })}
      description={intl.formatMessage(
        {
          id: 'photos.bulkTags.description',
          defaultMessage:
            'Adds these tags to {count, plural, one {# photo} other {# photos}}. Tags a photo already has are not repeated, and no tag is removed.',
        },
        { count },
      )}
      submitLabel={intl.formatMessage({ id: 'photos.bulkTags.save', defaultMessage: 'Save tags' })}
      isPending={isPending}
      onSubmit={form.handleSubmit(({ text }) => onSubmit(splitTags(text)))}
    >
      <FormField
        label={intl.formatMessage({ id: 'photos.bulkTags.newTags', defaultMessage: 'New tags' })}
        error={form.formState.errors.text}
        hint={intl.formatMessage({ id: 'photos.bulkTags.hint', defaultMessage: 'Separate tags with commas' })}
      >
        <Input autoComplete="off" {...form.register('text')} />
      </FormField>
    </DialogForm>
  );
}
