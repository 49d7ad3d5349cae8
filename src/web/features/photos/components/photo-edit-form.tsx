import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { photoPatchSchema, type Photo } from '@shared/schemas/photos';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useUpdatePhoto } from '../api';

/** "summer, Family ,, beach" → ["summer", "Family", "beach"]: the words between commas, blanks dropped. */
export const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

// The shared contract checks every field; only the tags are typed as one line of text here.
const { description, location, tags } = photoPatchSchema.shape;
const photoEditSchema = z.object({
  description,
  location,
  // checked as a whole so the message lands on the one Tags field (not on "tags.3")
  tags: z.string().transform((text, ctx) => {
    const parsed = tags.safeParse(splitTags(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Please check the tags' });
    return z.NEVER;
  }),
});
type PhotoEditValues = z.input<typeof photoEditSchema>;

const toFormValues = (photo: Photo): PhotoEditValues => ({
  description: photo.description ?? '',
  location: photo.location ?? '',
  tags: photo.tags.join(', '),
});

/**
 * The owner edits a photo's description, tags and place in the viewer's details panel. The whole tag list
 * is sent (the server drops repeats, ignoring case); an emptied field clears it.
 */
export function PhotoEditForm({ photo, onDone }: { photo: Photo; onDone: () => void }) {
  const updatePhoto = useUpdatePhoto();
  const form = useForm<PhotoEditValues, unknown, z.output<typeof photoEditSchema>>({
    resolver: zodResolver(photoEditSchema),
    defaultValues: toFormValues(photo),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((patch) =>
    updatePhoto.mutate(
      { id: photo.id, patch },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Photo details updated.' });
          onDone();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to update photo details') }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Edit photo details">
      <FormField label="Description" error={errors.description}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <FormField label="Tags" error={errors.tags} hint="Separate tags with commas">
        <Input autoComplete="off" {...form.register('tags')} />
      </FormField>
      <FormField label="Place" error={errors.location} hint="A place name, or latitude, longitude">
        <Input autoComplete="off" {...form.register('location')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={updatePhoto.isPending}>
          Save details
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={updatePhoto.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
