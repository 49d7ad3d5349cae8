import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { datePrecisionSchema } from '@shared/dates/date-precision';
import { EARLIEST_YEAR } from '@shared/limits';
import { photoPatchSchema, type Photo } from '@shared/schemas/photos';
import { ApproximateDateField, type ApproximateDateValue } from '@web/components/approximate-date-field';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localDay } from '@web/lib/local-day';
import { useUpdatePhoto } from '../api';
import { dateTakenFields, photoDateValue } from '../photo-date-value';
import { toastTitles } from '../toast-messages';

/** "summer, Family ,, beach" → ["summer", "Family", "beach"]: the words between commas, blanks dropped. */
export const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

const messages = defineMessages({
  invalidDate: { id: 'photos.edit.invalidDate', defaultMessage: 'Please enter a valid date' },
  checkTags: { id: 'photos.edit.checkTags', defaultMessage: 'Please check the tags' },
});

const sameDate = (a: ApproximateDateValue, b: ApproximateDateValue) =>
  a.date === b.date && a.precision === b.precision && (a.precision !== 'about' || a.margin === b.margin);

// The shared contract checks every field; the tags are typed as one line of text here, and the date taken is
// sent (and checked) only when it was changed, as the date, how sure the owner is and any give or take.
const { description, location, tags, dateTaken } = photoPatchSchema.shape;
const photoEditSchemaFor = (initial: ApproximateDateValue) =>
  z.object({
    description,
    location,
    when: z.object({ date: z.string(), precision: datePrecisionSchema, margin: z.number().nullable() }).transform((value, ctx) => {
      if (sameDate(value, initial)) return {};
      const fields = dateTakenFields(value);
      if (fields.dateTaken === null) {
        ctx.addIssue({ code: 'custom', message: activeIntl().formatMessage(messages.invalidDate) });
        return z.NEVER;
      }
      const parsed = dateTaken.safeParse(fields.dateTaken);
      if (parsed.success) return fields;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? activeIntl().formatMessage(messages.invalidDate) });
      return z.NEVER;
    }),
    // checked as a whole so the message lands on the one Tags field (not on "tags.3")
    tags: z.string().transform((text, ctx) => {
      const parsed = tags.safeParse(splitTags(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? activeIntl().formatMessage(messages.checkTags) });
      return z.NEVER;
    }),
  });
type PhotoEditSchema = ReturnType<typeof photoEditSchemaFor>;
type PhotoEditValues = z.input<PhotoEditSchema>;

const toFormValues = (photo: Photo): PhotoEditValues => ({
  description: photo.description ?? '',
  location: photo.location ?? '',
  tags: photo.tags.join(', '),
  when: photoDateValue(photo),
});

/** Exact (a camera's date and time) is offered only to a photo that has one: a date set by hand is a day or less. */
const precisionsFor = (photo: Photo) =>
  photoDateValue(photo).precision === 'exact'
    ? (['exact', 'day', 'month', 'year', 'decade', 'about'] as const)
    : (['day', 'month', 'year', 'decade', 'about'] as const);

/**
 * The owner edits a photo's description, tags, place and date taken (with how sure they are of it, decision 067)
 * in the viewer's details panel. The whole tag list
 * is sent (the server drops repeats, ignoring case); an emptied field clears it.
 */
export function PhotoEditForm({ photo, onDone }: { photo: Photo; onDone: () => void }) {
  const intl = useIntl();
  const updatePhoto = useUpdatePhoto();
  const schema = useMemo(() => photoEditSchemaFor(photoDateValue(photo)), [photo]);
  const form = useForm<PhotoEditValues, unknown, z.output<PhotoEditSchema>>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(photo),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ when, ...fields }) =>
    updatePhoto.mutate(
      { id: photo.id, patch: { ...fields, ...when } },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage(toastTitles.success),
            description: intl.formatMessage({ id: 'photos.edit.saved', defaultMessage: 'Photo details updated.' }),
          });
          onDone();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage(toastTitles.error),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'photos.edit.failed', defaultMessage: 'Failed to update photo details' }),
            ),
          }),
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={intl.formatMessage({ id: 'photos.edit.label', defaultMessage: 'Edit photo details' })}
    >
      <FormField label={intl.formatMessage({ id: 'photos.edit.description', defaultMessage: 'Description' })} error={errors.description}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'photos.edit.tags', defaultMessage: 'Tags' })}
        error={errors.tags}
        hint={intl.formatMessage({ id: 'photos.edit.tagsHint', defaultMessage: 'Separate tags with commas' })}
      >
        <Input autoComplete="off" {...form.register('tags')} />
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'photos.edit.place', defaultMessage: 'Place' })}
        error={errors.location}
        hint={intl.formatMessage({ id: 'photos.edit.placeHint', defaultMessage: 'A place name, or latitude, longitude' })}
      >
        <Input autoComplete="off" {...form.register('location')} />
      </FormField>
      <Controller
        control={form.control}
        name="when"
        render={({ field, fieldState }) => (
          <ApproximateDateField
            label={intl.formatMessage({ id: 'photos.edit.dateTaken', defaultMessage: 'Date taken' })}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error}
            precisions={precisionsFor(photo)}
            minYear={EARLIEST_YEAR}
            maxYear={new Date().getFullYear()}
            maxDay={localDay()}
          />
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={updatePhoto.isPending}>
          {intl.formatMessage({ id: 'photos.edit.save', defaultMessage: 'Save details' })}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={updatePhoto.isPending}>
          {intl.formatMessage({ id: 'photos.edit.cancel', defaultMessage: 'Cancel' })}
        </Button>
      </div>
    </form>
  );
}
