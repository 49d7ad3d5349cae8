import { zodResolver } from '@hookform/resolvers/zod';
import { BookOpenText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BOOK_DEDICATION_MAX, BOOK_TITLE_MAX, bookPageSizes, type BookInput } from '@shared/schemas/books';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useBookCollections, useBookInterviews, useMakeBook, useMemoryPhotos } from '../api';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const PAGE_SIZE_NAMES = defineMessages({
  A4: { id: 'books.make.pageSizeA4', defaultMessage: 'A4 (21 × 29.7 cm)' },
  Letter: { id: 'books.make.pageSizeLetter', defaultMessage: 'US Letter (8.5 × 11 in)' },
  '6x9': { id: 'books.make.pageSize6x9', defaultMessage: 'Book (6 × 9 in)' },
}) satisfies Record<(typeof bookPageSizes)[number], unknown>;

const INVALID = defineMessages({
  title: { id: 'books.make.titleRequired', defaultMessage: 'Give the book a title' },
  titleMax: { id: 'books.make.titleMax', defaultMessage: 'A title is at most {max} characters' },
  dedicationMax: { id: 'books.make.dedicationMax', defaultMessage: 'A dedication is at most {max} characters' },
  collection: { id: 'books.make.chooseCollection', defaultMessage: 'Choose a collection' },
  interview: { id: 'books.make.chooseInterview', defaultMessage: 'Choose an interview' },
  from: { id: 'books.make.chooseFrom', defaultMessage: 'Choose the first day' },
  to: { id: 'books.make.chooseTo', defaultMessage: 'Choose the last day' },
  order: { id: 'books.make.periodOrder', defaultMessage: 'The period must end on or after its first day' },
  voiceUntil: { id: 'books.make.chooseVoiceUntil', defaultMessage: 'Choose the last day the links work' },
});
const invalid = (message: keyof typeof INVALID, values?: Record<string, string>) => activeIntl().formatMessage(INVALID[message], values);

/** The dialog's fields; turned into the API's book request on submit. */
const bookFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: () => invalid('title') })
      .max(BOOK_TITLE_MAX, { error: () => invalid('titleMax', { max: String(BOOK_TITLE_MAX) }) }),
    dedication: z.string().max(BOOK_DEDICATION_MAX, { error: () => invalid('dedicationMax', { max: String(BOOK_DEDICATION_MAX) }) }),
    pageSize: z.enum(bookPageSizes),
    chapters: z.enum(['period', 'theme']),
    which: z.enum(['all', 'collection', 'interview', 'period']),
    collectionId: z.string(),
    interviewId: z.string(),
    from: z.string(),
    to: z.string(),
    includePhotos: z.boolean(),
    coverPhotoId: z.string(),
    voiceExpiry: z.enum(['none', 'date']),
    voiceUntil: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.which === 'collection' && !v.collectionId)
      ctx.addIssue({ code: 'custom', path: ['collectionId'], message: invalid('collection') });
    if (v.which === 'interview' && !v.interviewId) ctx.addIssue({ code: 'custom', path: ['interviewId'], message: invalid('interview') });
    if (v.which === 'period') {
      if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: invalid('from') });
      if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: invalid('to') });
      if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: invalid('order') });
    }
    if (v.voiceExpiry === 'date' && !v.voiceUntil) ctx.addIssue({ code: 'custom', path: ['voiceUntil'], message: invalid('voiceUntil') });
  });
type BookForm = z.infer<typeof bookFormSchema>;

const DEFAULTS: BookForm = {
  title: '',
  dedication: '',
  pageSize: 'A4',
  chapters: 'period',
  which: 'all',
  collectionId: '',
  interviewId: '',
  from: '',
  to: '',
  includePhotos: true,
  coverPhotoId: '',
  voiceExpiry: 'none',
  voiceUntil: '',
};

export function toBookInput(v: BookForm): BookInput {
  const memories: BookInput['memories'] =
    v.which === 'collection'
      ? { collectionId: Number(v.collectionId) }
      : v.which === 'interview'
        ? { interviewId: Number(v.interviewId) }
        : v.which === 'period'
          ? { from: v.from, to: v.to }
          : { all: true };
  return {
    title: v.title,
    dedication: v.dedication.trim() || null,
    pageSize: v.pageSize,
    chapters: v.chapters,
    memories,
    includePhotos: v.includePhotos,
    coverPhotoId: v.coverPhotoId ? Number(v.coverPhotoId) : null,
    // the links work through the whole chosen day, in the viewer's own time
    voiceLinks: { expiresAt: v.voiceExpiry === 'date' ? new Date(`${v.voiceUntil}T23:59:59`).toISOString() : null },
  };
}

/** Make a book: a print-ready PDF of the memories, made on the server while the owner does something else. */
export function MakeBookDialog() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const make = useMakeBook();
  const collections = useBookCollections(open);
  const interviews = useBookInterviews(open);
  const photos = useMemoryPhotos(open);
  const form = useForm<BookForm>({ resolver: zodResolver(bookFormSchema), defaultValues: DEFAULTS });
  const { errors } = form.formState;
  const which = form.watch('which');
  const voiceExpiry = form.watch('voiceExpiry');

  const onOpenChange = (next: boolean) => {
    if (!next) form.reset(DEFAULTS);
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) =>
    make.mutate(toBookInput(values), {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'books.make.started', defaultMessage: 'Your book is being made' }),
          description: intl.formatMessage({
            id: 'books.make.startedText',
            defaultMessage: 'It appears under Your books; you can leave this page meanwhile.',
          }),
        });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'books.make.notStarted', defaultMessage: 'The book was not started' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'books.make.somethingWrong', defaultMessage: 'Something went wrong. Please try again.' }),
          ),
        }),
    }),
  );

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline">
          <BookOpenText aria-hidden="true" />
          {intl.formatMessage({ id: 'books.make.title', defaultMessage: 'Make a book' })}
        </Button>
      }
      title={intl.formatMessage({ id: 'books.make.title', defaultMessage: 'Make a book' })}
      description={intl.formatMessage({
        id: 'books.make.description',
        defaultMessage: 'A PDF of your memories, ready to print: a cover, a table of contents and a chapter for each decade or theme.',
      })}
      submitLabel={
        make.isPending
          ? intl.formatMessage({ id: 'books.make.starting', defaultMessage: 'Starting...' })
          : intl.formatMessage({ id: 'books.make.submit', defaultMessage: 'Make the book' })
      }
      isPending={make.isPending}
      onSubmit={onSubmit}
      className="max-h-[90vh] overflow-y-auto"
    >
      <FormField label={intl.formatMessage({ id: 'books.make.titleLabel', defaultMessage: 'Title' })} error={errors.title}>
        <Input {...form.register('title')} />
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'books.make.dedicationLabel', defaultMessage: 'Dedication (optional)' })}
        error={errors.dedication}
      >
        <Textarea rows={2} {...form.register('dedication')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={intl.formatMessage({ id: 'books.make.pageSizeLabel', defaultMessage: 'Page size' })} error={errors.pageSize}>
          <select className={selectClass} {...form.register('pageSize')}>
            {bookPageSizes.map((size) => (
              <option key={size} value={size}>
                {intl.formatMessage(PAGE_SIZE_NAMES[size])}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={intl.formatMessage({ id: 'books.make.chaptersLabel', defaultMessage: 'Chapters by' })} error={errors.chapters}>
          <select className={selectClass} {...form.register('chapters')}>
            <option value="period">{intl.formatMessage({ id: 'books.make.chaptersDecade', defaultMessage: 'Decade' })}</option>
            <option value="theme">{intl.formatMessage({ id: 'books.make.chaptersTheme', defaultMessage: 'Theme (tag)' })}</option>
          </select>
        </FormField>
      </div>
      <FormField label={intl.formatMessage({ id: 'books.make.whichLabel', defaultMessage: 'Which memories' })} error={errors.which}>
        <select className={selectClass} {...form.register('which')}>
          <option value="all">{intl.formatMessage({ id: 'books.make.whichAll', defaultMessage: 'All my memories' })}</option>
          <option value="collection">
            {intl.formatMessage({ id: 'books.make.whichCollection', defaultMessage: 'The memories of a collection' })}
          </option>
          <option value="interview">
            {intl.formatMessage({ id: 'books.make.whichInterview', defaultMessage: 'One storyteller’s interview' })}
          </option>
          <option value="period">{intl.formatMessage({ id: 'books.make.whichPeriod', defaultMessage: 'The memories of a period' })}</option>
        </select>
      </FormField>
      {which === 'collection' && (
        <FormField
          label={intl.formatMessage({ id: 'books.make.collectionLabel', defaultMessage: 'Collection' })}
          error={errors.collectionId}
        >
          <select className={selectClass} {...form.register('collectionId')}>
            <option value="">
              {collections.isPending
                ? intl.formatMessage({ id: 'books.make.loadingCollections', defaultMessage: 'Loading collections...' })
                : invalid('collection')}
            </option>
            {collections.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </FormField>
      )}
      {which === 'interview' && (
        <FormField
          label={intl.formatMessage({ id: 'books.make.interviewLabel', defaultMessage: 'Interview' })}
          error={errors.interviewId}
          hint={intl.formatMessage({ id: 'books.make.interviewHint', defaultMessage: 'The memories that answer its questions.' })}
        >
          <select className={selectClass} {...form.register('interviewId')}>
            <option value="">
              {interviews.isPending
                ? intl.formatMessage({ id: 'books.make.loadingInterviews', defaultMessage: 'Loading interviews...' })
                : invalid('interview')}
            </option>
            {interviews.data?.map((i) => {
              const answers = i.questions.filter((q) => q.answeredMemoryId !== null).length;
              return (
                <option key={i.id} value={i.id}>
                  {intl.formatMessage(
                    { id: 'books.make.interviewOption', defaultMessage: '{name} ({count, plural, one {# answer} other {# answers}})' },
                    { name: i.storytellerName, count: answers },
                  )}
                </option>
              );
            })}
          </select>
        </FormField>
      )}
      {which === 'period' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={intl.formatMessage({ id: 'books.make.fromLabel', defaultMessage: 'From' })} error={errors.from}>
            <Input type="date" {...form.register('from')} />
          </FormField>
          <FormField label={intl.formatMessage({ id: 'books.make.toLabel', defaultMessage: 'To' })} error={errors.to}>
            <Input type="date" {...form.register('to')} />
          </FormField>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('includePhotos')} />
        {intl.formatMessage({ id: 'books.make.includePhotos', defaultMessage: 'Include the memories’ photos' })}
      </label>
      <FormField
        label={intl.formatMessage({ id: 'books.make.coverLabel', defaultMessage: 'Cover photo' })}
        error={errors.coverPhotoId}
        hint={intl.formatMessage({ id: 'books.make.coverHint', defaultMessage: 'One of the photos that belong to your memories.' })}
      >
        <select className={selectClass} {...form.register('coverPhotoId')}>
          <option value="">{intl.formatMessage({ id: 'books.make.noCover', defaultMessage: 'No cover photo' })}</option>
          {photos.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title || p.fileName}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'books.make.voiceLabel', defaultMessage: 'Voice recordings’ links' })}
        error={errors.voiceExpiry}
        hint={intl.formatMessage({
          id: 'books.make.voiceHint',
          defaultMessage:
            'Each recording gets a QR code that plays it. Anyone holding the book can open these links; you can stop them later, and deleting the book removes them.',
        })}
      >
        <select className={selectClass} {...form.register('voiceExpiry')}>
          <option value="none">{intl.formatMessage({ id: 'books.make.voiceKeep', defaultMessage: 'Keep working' })}</option>
          <option value="date">{intl.formatMessage({ id: 'books.make.voiceStop', defaultMessage: 'Stop working after a day' })}</option>
        </select>
      </FormField>
      {voiceExpiry === 'date' && (
        <FormField
          label={intl.formatMessage({ id: 'books.make.voiceUntilLabel', defaultMessage: 'Last day the links work' })}
          error={errors.voiceUntil}
        >
          <Input type="date" {...form.register('voiceUntil')} />
        </FormField>
      )}
    </DialogForm>
  );
}
