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
import { useBookCollections, useBookInterviews, useMakeBook, useMemoryPhotos } from '../api';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const PAGE_SIZE_NAMES: Record<(typeof bookPageSizes)[number], string> = {
  A4: 'A4 (21 × 29.7 cm)',
  Letter: 'US Letter (8.5 × 11 in)',
  '6x9': 'Book (6 × 9 in)',
};

/** The dialog's fields; turned into the API's book request on submit. */
const bookFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Give the book a title').max(BOOK_TITLE_MAX, `A title is at most ${BOOK_TITLE_MAX} characters`),
    dedication: z.string().max(BOOK_DEDICATION_MAX, `A dedication is at most ${BOOK_DEDICATION_MAX} characters`),
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
      ctx.addIssue({ code: 'custom', path: ['collectionId'], message: 'Choose a collection' });
    if (v.which === 'interview' && !v.interviewId) ctx.addIssue({ code: 'custom', path: ['interviewId'], message: 'Choose an interview' });
    if (v.which === 'period') {
      if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first day' });
      if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the last day' });
      if (v.from && v.to && v.from > v.to)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period must end on or after its first day' });
    }
    if (v.voiceExpiry === 'date' && !v.voiceUntil)
      ctx.addIssue({ code: 'custom', path: ['voiceUntil'], message: 'Choose the last day the links work' });
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
        toast({ title: 'Your book is being made', description: 'It appears under Your books; you can leave this page meanwhile.' });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'The book was not started',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
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
          Make a book
        </Button>
      }
      title="Make a book"
      description="A PDF of your memories, ready to print: a cover, a table of contents and a chapter for each decade or theme."
      submitLabel={make.isPending ? 'Starting...' : 'Make the book'}
      isPending={make.isPending}
      onSubmit={onSubmit}
      className="max-h-[90vh] overflow-y-auto"
    >
      <FormField label="Title" error={errors.title}>
        <Input {...form.register('title')} />
      </FormField>
      <FormField label="Dedication (optional)" error={errors.dedication}>
        <Textarea rows={2} {...form.register('dedication')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Page size" error={errors.pageSize}>
          <select className={selectClass} {...form.register('pageSize')}>
            {bookPageSizes.map((size) => (
              <option key={size} value={size}>
                {PAGE_SIZE_NAMES[size]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Chapters by" error={errors.chapters}>
          <select className={selectClass} {...form.register('chapters')}>
            <option value="period">Decade</option>
            <option value="theme">Theme (tag)</option>
          </select>
        </FormField>
      </div>
      <FormField label="Which memories" error={errors.which}>
        <select className={selectClass} {...form.register('which')}>
          <option value="all">All my memories</option>
          <option value="collection">The memories of a collection</option>
          <option value="interview">One storyteller’s interview</option>
          <option value="period">The memories of a period</option>
        </select>
      </FormField>
      {which === 'collection' && (
        <FormField label="Collection" error={errors.collectionId}>
          <select className={selectClass} {...form.register('collectionId')}>
            <option value="">{collections.isPending ? 'Loading collections...' : 'Choose a collection'}</option>
            {collections.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </FormField>
      )}
      {which === 'interview' && (
        <FormField label="Interview" error={errors.interviewId} hint="The memories that answer its questions.">
          <select className={selectClass} {...form.register('interviewId')}>
            <option value="">{interviews.isPending ? 'Loading interviews...' : 'Choose an interview'}</option>
            {interviews.data?.map((i) => {
              const answers = i.questions.filter((q) => q.answeredMemoryId !== null).length;
              return (
                <option key={i.id} value={i.id}>
                  {i.storytellerName} ({answers} {answers === 1 ? 'answer' : 'answers'})
                </option>
              );
            })}
          </select>
        </FormField>
      )}
      {which === 'period' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="From" error={errors.from}>
            <Input type="date" {...form.register('from')} />
          </FormField>
          <FormField label="To" error={errors.to}>
            <Input type="date" {...form.register('to')} />
          </FormField>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('includePhotos')} />
        Include the memories’ photos
      </label>
      <FormField label="Cover photo" error={errors.coverPhotoId} hint="One of the photos that belong to your memories.">
        <select className={selectClass} {...form.register('coverPhotoId')}>
          <option value="">No cover photo</option>
          {photos.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title || p.fileName}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Voice recordings’ links"
        error={errors.voiceExpiry}
        hint="Each recording gets a QR code that plays it. Anyone holding the book can open these links; you can stop them later, and deleting the book removes them."
      >
        <select className={selectClass} {...form.register('voiceExpiry')}>
          <option value="none">Keep working</option>
          <option value="date">Stop working after a day</option>
        </select>
      </FormField>
      {voiceExpiry === 'date' && (
        <FormField label="Last day the links work" error={errors.voiceUntil}>
          <Input type="date" {...form.register('voiceUntil')} />
        </FormField>
      )}
    </DialogForm>
  );
}
