import { zodResolver } from '@hookform/resolvers/zod';
import { PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { z } from 'zod';
import {
  LEGACY_MESSAGES,
  letterInputSchema,
  LETTER_ATTACHMENTS_MAX_BYTES,
  LETTER_ATTACHMENTS_TOO_LARGE,
  LETTER_AUDIO_ONLY,
  LETTER_PHOTOS_MAX,
  SEALED_LETTER_MAX_BYTES,
  type Heir,
} from '@shared/schemas/legacy';
import { sealLetter, type LetterContent } from '@shared/sealed-letter';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl, translateText } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useWriteLetter } from '../api';
import { isAudioFile, LetterFiles, toLetterFiles } from './letter-files';

const messages = defineMessages({
  sealExplanation: {
    id: 'legacy.letter.sealExplanation',
    defaultMessage:
      'Sealed letters are encrypted in this browser before they are sent. heirloom stores only the locked letter; it opens only in a browser that has this heir’s key code. Not even the people who run this heirloom server can read it. If the key code is lost, the letter cannot be opened.',
  },
});

export const sealExplanation = () => activeIntl().formatMessage(messages.sealExplanation);

const plainLetter = letterInputSchema.options[0].shape;

// the shared title and text; the files as this browser holds them, checked before they are read
const letterFormSchema = z
  .object({
    title: plainLetter.title,
    body: z.string(),
    sealed: z.boolean(),
    files: z.array(z.custom<File>()),
    recordings: z.array(z.custom<File>()),
    photoIds: z.array(z.number()),
  })
  .superRefine((letter, ctx) => {
    // a sealed letter's length is bounded by its sealed size, not by a plain letter's
    const bodyIssue = plainLetter.body.safeParse(letter.body).error?.issues.find((i) => !letter.sealed || i.code !== 'too_big');
    if (bodyIssue) ctx.addIssue({ code: 'custom', path: ['body'], message: bodyIssue.message });
    const total = [...letter.files, ...letter.recordings].reduce((sum, file) => sum + file.size, 0);
    if (total > LETTER_ATTACHMENTS_MAX_BYTES) ctx.addIssue({ code: 'custom', path: ['files'], message: LETTER_ATTACHMENTS_TOO_LARGE });
    else if (!letter.sealed && !letter.files.every(isAudioFile))
      ctx.addIssue({ code: 'custom', path: ['files'], message: LETTER_AUDIO_ONLY });
  });
type LetterForm = z.input<typeof letterFormSchema>;

/** "Write a letter": plain, or sealed in this browser for the heir's key code (decision 027). */
export function LetterDialog({ heir }: { heir: Heir }) {
  const intl = useIntl();
  const canSeal = heir.hasKeyCode && heir.publicKey !== null;
  const empty: LetterForm = { title: '', body: '', sealed: canSeal, files: [], recordings: [], photoIds: [] };
  const [open, setOpen] = useState(false);
  const writeLetter = useWriteLetter();
  const form = useForm<LetterForm, unknown, z.output<typeof letterFormSchema>>({
    resolver: zodResolver(letterFormSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const [sealed, files, recordings, photoIds] = useWatch({ control: form.control, name: ['sealed', 'files', 'recordings', 'photoIds'] });
  const sealId = useId();

  function onOpenChange(next: boolean) {
    setOpen(next);
    form.reset(empty);
  }

  const change = (name: 'files' | 'recordings' | 'photoIds') => (value: File[] | number[]) =>
    form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });

  // sealing and reading the files happen while the form is submitting; the request itself is the mutation's
  const send = form.handleSubmit(async (letter) => {
    const done = {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          title: letter.sealed
            ? intl.formatMessage({ id: 'legacy.letter.sealedSaved', defaultMessage: 'Letter sealed and saved' })
            : intl.formatMessage({ id: 'legacy.letter.saved', defaultMessage: 'Letter saved' }),
          description: intl.formatMessage(
            {
              id: 'legacy.letter.savedDescription',
              defaultMessage: '{name} receives it after your death; change when under “What {name} receives”.',
            },
            { name: heir.name },
          ),
        });
      },
      onError: (err: unknown) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'legacy.letter.saveFailed', defaultMessage: 'Failed to save the letter' }),
          description: errorMessage(err, intl.formatMessage({ id: 'legacy.common.anError', defaultMessage: 'An error occurred' })),
        }),
    };
    try {
      // a sealed letter carries every picked file; a plain one its sound only (decision 039). Recordings go with both.
      const attachments = await toLetterFiles([...letter.files, ...letter.recordings]);
      if (!letter.sealed) {
        const plain = { heirId: heir.id, title: letter.title, body: letter.body.trim(), photoIds: letter.photoIds };
        writeLetter.mutate(attachments.length > 0 ? { ...plain, attachments } : plain, done);
        return;
      }
      const content: LetterContent = { body: letter.body, attachments };
      const sealedLetter = await sealLetter(content, heir.publicKey!);
      if (sealedLetter.ciphertext.length > Math.ceil((SEALED_LETTER_MAX_BYTES * 4) / 3)) {
        form.setError('root', {
          message: `${translateText(LETTER_ATTACHMENTS_TOO_LARGE)} ${intl.formatMessage({
            id: 'legacy.letter.sealedTooLarge',
            defaultMessage: 'The letter with its files must fit in 12 MB once sealed.',
          })}`,
        });
        return;
      }
      writeLetter.mutate({ heirId: heir.id, title: letter.title, sealed: sealedLetter }, done);
    } catch {
      form.setError('root', {
        message: letter.sealed
          ? intl.formatMessage({ id: 'legacy.letter.sealFailed', defaultMessage: 'The letter could not be sealed in this browser.' })
          : intl.formatMessage({
              id: 'legacy.letter.readFailed',
              defaultMessage: 'The attached files could not be read in this browser.',
            }),
      });
    }
  });

  const busy = isSubmitting || writeLetter.isPending;
  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90dvh] overflow-y-auto"
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={intl.formatMessage({ id: 'legacy.letter.writeTo', defaultMessage: 'Write a letter to {name}' }, { name: heir.name })}
        >
          <PenLine aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.letter.write', defaultMessage: 'Write a letter' })}
        </Button>
      }
      title={intl.formatMessage({ id: 'legacy.letter.title', defaultMessage: 'A letter to {name}' }, { name: heir.name })}
      description={intl.formatMessage(
        { id: 'legacy.letter.description', defaultMessage: '{name} receives it when you release it to them.' },
        { name: heir.name },
      )}
      submitLabel={
        busy
          ? intl.formatMessage({ id: 'legacy.common.saving', defaultMessage: 'Saving...' })
          : sealed
            ? intl.formatMessage({ id: 'legacy.letter.sealAndSave', defaultMessage: 'Seal and save' })
            : intl.formatMessage({ id: 'legacy.letter.save', defaultMessage: 'Save letter' })
      }
      isPending={busy}
      onSubmit={send}
    >
      <FormField label={intl.formatMessage({ id: 'legacy.letter.titleField', defaultMessage: 'Title' })} error={errors.title}>
        <Input {...form.register('title')} />
      </FormField>
      <FormField label={intl.formatMessage({ id: 'legacy.letter.body', defaultMessage: 'Letter' })} error={errors.body}>
        <Textarea rows={8} {...form.register('body')} />
      </FormField>
      <div className="grid gap-2 rounded-md border p-3">
        <label htmlFor={sealId} className="flex items-center gap-2 text-sm font-medium">
          <input id={sealId} type="checkbox" disabled={!canSeal} {...form.register('sealed')} />
          {intl.formatMessage({ id: 'legacy.letter.seal', defaultMessage: 'Seal this letter' })}
        </label>
        <p className="text-xs text-muted-foreground">
          {canSeal ? intl.formatMessage(messages.sealExplanation) : LEGACY_MESSAGES.noKeyCode}
        </p>
      </div>
      <LetterFiles
        sealed={sealed}
        picked={files}
        onPickedChange={change('files')}
        recordings={recordings}
        onRecordingsChange={change('recordings')}
        disabled={busy}
        error={errors.files as FieldError | undefined}
      />
      {!sealed && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">
            {intl.formatMessage({ id: 'legacy.letter.photos', defaultMessage: 'Photos from your gallery (optional)' })}
          </legend>
          <OwnItemPicker
            kind="photo"
            enabled={open && !sealed}
            mode="many"
            selected={new Set(photoIds)}
            onToggle={(id) => change('photoIds')(photoIds.includes(id) ? photoIds.filter((other) => other !== id) : [...photoIds, id])}
            label={intl.formatMessage({ id: 'legacy.letter.galleryPhotos', defaultMessage: 'Gallery photos' })}
            empty={intl.formatMessage({ id: 'legacy.letter.noPhotos', defaultMessage: 'No photos in your gallery yet.' })}
            max={LETTER_PHOTOS_MAX}
          />
        </fieldset>
      )}
      {errors.root && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      )}
    </DialogForm>
  );
}
