import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ATTACHMENT_MAX_BYTES } from '@shared/limits';
import { memoryInputSchema, type Memory, type MemoryFormValues, type MemoryInput } from '@shared/schemas/memories';
import { ApproximateDateField, type ApproximateDateValue } from '@web/components/approximate-date-field';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { VoiceRecorder } from '@web/components/voice-recorder';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useCapabilities } from '@web/lib/capabilities';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localDay } from '@web/lib/local-day';
import { useCreateMemory, useUpdateMemory, useUploadAttachments } from '../api';
import { AttachmentDropZone } from './attachment-drop-zone';
import { ExistingAttachments } from './existing-attachments';
import { ImproveContent } from './improve-content';
import { LinkPicker } from './link-picker';
import { TagInput } from './tag-input';
import { TagSuggestions } from './tag-suggestions';
import { transcribeQueued, transcribeSaved } from './transcribe-button';

/** spec §4: a new memory defaults to today, the writer's own day. */
function defaultsFor(memory: Memory | undefined): MemoryFormValues {
  if (!memory)
    return {
      title: '',
      content: '',
      eventDate: localDay(),
      eventDatePrecision: 'day',
      eventDateMargin: null,
      isPublic: false,
      tags: [],
      location: '',
    };
  // a memory's date is a calendar day at best: an exact one (from an import) is edited as its day
  const precision = memory.eventDatePrecision === undefined || memory.eventDatePrecision === 'exact' ? 'day' : memory.eventDatePrecision;
  return {
    title: memory.title,
    content: memory.content,
    eventDate: memory.eventDate,
    eventDatePrecision: precision,
    eventDateMargin: precision === 'about' ? (memory.eventDateMargin ?? null) : null,
    isPublic: memory.isPublic,
    tags: memory.tags,
    location: memory.location ?? '',
  };
}

/** How sure a writer can be of a memory's date: a calendar day at best (decision 067). */
const MEMORY_PRECISIONS = ['day', 'month', 'year', 'decade', 'about'] as const;

type MemoryFormProps = {
  /** The memory being edited; absent for a new one. */
  memory?: Memory;
  /** Saved (and any queued files uploaded): close the form. */
  onDone: () => void;
  /** Saved, but its files could not be uploaded: keep editing the saved memory so nothing queued is lost. */
  onSavedWithFailedUpload: (memory: Memory) => void;
};

/** spec §2/§4: the inline memory form with its Content and Attachments tabs. */
export function MemoryForm({ memory, onDone, onSavedWithFailedUpload }: MemoryFormProps) {
  const intl = useIntl();
  const isEdit = memory !== undefined;
  const errorTitle = intl.formatMessage({ id: 'memories.form.errorTitle', defaultMessage: 'Error' });
  const form = useForm<MemoryFormValues, unknown, MemoryInput>({
    resolver: zodResolver(memoryInputSchema), // the same schema the server validates with
    defaultValues: defaultsFor(memory),
  });
  const { errors } = form.formState;
  const [tab, setTab] = useState('content');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const createMemory = useCreateMemory();
  const updateMemory = useUpdateMemory();
  const uploadAttachments = useUploadAttachments();
  const [title, content, location, eventDate, tags, eventDatePrecision, eventDateMargin] = useWatch({
    control: form.control,
    name: ['title', 'content', 'location', 'eventDate', 'tags', 'eventDatePrecision', 'eventDateMargin'],
  });
  /** The date and how sure the writer is, set together; checked again once the form has been submitted. */
  const setDate = ({ date, precision, margin }: ApproximateDateValue) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('eventDate', date, options);
    form.setValue('eventDatePrecision', precision, options);
    form.setValue('eventDateMargin', margin, options);
  };
  // Transcribe buttons only when the server has a speech-to-text model (decision 039).
  const canTranscribe = useCapabilities().data?.transcription === true;

  /** Transcribed words join the story as a new paragraph, for the user to edit before saving. */
  function appendToStory(text: string) {
    const story = (form.getValues('content') ?? '').trimEnd();
    form.setValue('content', story ? `${story}\n\n${text}` : text, { shouldDirty: true, shouldValidate: true });
  }

  async function upload(memoryId: number, queued: File[], fallback: string) {
    try {
      const count = await uploadAttachments.mutateAsync({ memoryId, files: queued });
      toast({
        title: intl.formatMessage({ id: 'memories.form.uploaded', defaultMessage: 'Attachments Uploaded' }),
        description: intl.formatMessage(
          { id: 'memories.form.uploadedText', defaultMessage: '{count, plural, other {# attachment(s)}} uploaded successfully.' },
          { count },
        ),
      });
      setFiles([]);
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: errorTitle, description: errorMessage(error, fallback) });
      return false;
    }
  }

  const submit = form.handleSubmit(
    async (values) => {
      setBusy(true);
      let saved: Memory;
      try {
        saved = isEdit ? await updateMemory.mutateAsync({ id: memory.id, input: values }) : await createMemory.mutateAsync(values);
      } catch (error) {
        const fallback = !(error instanceof ApiError)
          ? intl.formatMessage({ id: 'memories.form.saveFailed', defaultMessage: 'Failed to save memory. Please try again.' })
          : isEdit
            ? intl.formatMessage({ id: 'memories.form.updateFailed', defaultMessage: 'Failed to update memory' })
            : intl.formatMessage({ id: 'memories.form.createFailed', defaultMessage: 'Failed to create memory' });
        toast({ variant: 'destructive', title: errorTitle, description: errorMessage(error, fallback) });
        setBusy(false);
        return;
      }
      toast(
        isEdit
          ? {
              title: intl.formatMessage({ id: 'memories.form.updated', defaultMessage: 'Memory Updated' }),
              description: intl.formatMessage({
                id: 'memories.form.updatedText',
                defaultMessage: 'Your memory has been updated successfully.',
              }),
            }
          : {
              title: intl.formatMessage({ id: 'memories.form.created', defaultMessage: 'Memory Created' }),
              description: intl.formatMessage({
                id: 'memories.form.createdText',
                defaultMessage: 'Your memory has been saved successfully.',
              }),
            },
      );
      // spec §4: queued files are uploaded after the save, with the new or existing id.
      if (
        files.length > 0 &&
        !(await upload(
          saved.id,
          files,
          intl.formatMessage({ id: 'memories.form.uploadFailedRetry', defaultMessage: 'Failed to upload attachments. Please try again.' }),
        ))
      ) {
        setBusy(false);
        if (!isEdit) onSavedWithFailedUpload(saved);
        return;
      }
      setBusy(false);
      form.reset(defaultsFor(undefined));
      onDone();
    },
    // Validation messages live on the Content tab: show them.
    () => setTab('content'),
  );

  /** Upload Files, on a saved memory only: a new memory's files are queued and go up with Save Memory (spec §4). */
  async function uploadNow(memoryId: number) {
    if (files.length === 0) {
      toast({ variant: 'destructive', title: intl.formatMessage({ id: 'memories.form.noFiles', defaultMessage: 'No files selected' }) });
      return;
    }
    setBusy(true);
    await upload(memoryId, files, intl.formatMessage({ id: 'memories.form.uploadFailed', defaultMessage: 'Failed to upload attachments' }));
    setBusy(false);
  }

  const formTitle = isEdit
    ? intl.formatMessage({ id: 'memories.form.editTitle', defaultMessage: 'Edit Memory' })
    : intl.formatMessage({ id: 'memories.form.createTitle', defaultMessage: 'Create New Memory' });
  const pending = busy || createMemory.isPending || updateMemory.isPending || uploadAttachments.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{formTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={formTitle}>
          <FormField label={intl.formatMessage({ id: 'memories.form.title', defaultMessage: 'Title' })} error={errors.title}>
            <Input
              autoComplete="off"
              placeholder={intl.formatMessage({ id: 'memories.form.titlePlaceholder', defaultMessage: 'Give your memory a title' })}
              {...form.register('title')}
            />
          </FormField>

          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="content">{intl.formatMessage({ id: 'memories.form.contentTab', defaultMessage: 'Content' })}</TabsTrigger>
              <TabsTrigger value="attachments">
                {files.length > 0
                  ? intl.formatMessage(
                      { id: 'memories.form.attachmentsQueued', defaultMessage: 'Attachments ({count})' },
                      { count: String(files.length) },
                    )
                  : intl.formatMessage({ id: 'memories.form.attachmentsTab', defaultMessage: 'Attachments' })}
              </TabsTrigger>
            </TabsList>

            <TabsContent value="content" forceMount className="grid gap-4 data-[state=inactive]:hidden">
              <FormField label={intl.formatMessage({ id: 'memories.form.contentTab', defaultMessage: 'Content' })} error={errors.content}>
                <Textarea
                  rows={8}
                  placeholder={intl.formatMessage({ id: 'memories.form.contentPlaceholder', defaultMessage: 'Write your memory...' })}
                  {...form.register('content')}
                />
              </FormField>
              <div className="flex flex-wrap items-center gap-2">
                <ImproveContent
                  input={{ title, content: content ?? '', location: location || null, eventDate }}
                  onAccept={(improved) => form.setValue('content', improved, { shouldDirty: true, shouldValidate: true })}
                />
                <TagSuggestions
                  title={title ?? ''}
                  content={content ?? ''}
                  tags={tags ?? []}
                  onAccept={(tag) => form.setValue('tags', [...(form.getValues('tags') ?? []), tag], { shouldDirty: true })}
                />
              </div>
              <ApproximateDateField
                label={intl.formatMessage({ id: 'memories.form.date', defaultMessage: 'Date' })}
                value={{ date: eventDate ?? '', precision: eventDatePrecision ?? 'day', margin: eventDateMargin ?? null }}
                onChange={setDate}
                error={errors.eventDate}
                precisions={MEMORY_PRECISIONS}
                minYear={1000}
                maxYear={new Date().getFullYear()}
              />
              <FormField label={intl.formatMessage({ id: 'memories.form.location', defaultMessage: 'Location' })} error={errors.location}>
                <Input
                  autoComplete="off"
                  placeholder={intl.formatMessage({ id: 'memories.form.locationPlaceholder', defaultMessage: 'Where did it happen?' })}
                  {...form.register('location')}
                />
              </FormField>
              <Controller
                control={form.control}
                name="tags"
                render={({ field }) => <TagInput tags={field.value ?? []} onChange={field.onChange} />}
              />
            </TabsContent>

            <TabsContent value="attachments" forceMount className="grid gap-4 data-[state=inactive]:hidden">
              <AttachmentDropZone
                files={files}
                onFilesChange={setFiles}
                disabled={pending}
                itemAction={canTranscribe ? transcribeQueued(appendToStory) : undefined}
              />
              {/* A recording joins the same queue as a picked file and is uploaded the same way. */}
              <VoiceRecorder
                maxBytes={ATTACHMENT_MAX_BYTES}
                disabled={pending}
                onRecorded={(file) => setFiles((queued) => [...queued, file])}
              />
              {isEdit && (
                <div className="flex flex-wrap items-center gap-2">
                  <Button type="button" variant="outline" size="sm" onClick={() => void uploadNow(memory.id)} disabled={pending}>
                    {intl.formatMessage({ id: 'memories.form.uploadFiles', defaultMessage: 'Upload Files' })}
                  </Button>
                  <LinkPicker memoryId={memory.id} />
                </div>
              )}
              {isEdit ? (
                <ExistingAttachments
                  memoryId={memory.id}
                  itemAction={canTranscribe ? transcribeSaved(memory.id, appendToStory) : undefined}
                />
              ) : (
                <p className="text-sm text-muted-foreground">
                  {intl.formatMessage({
                    id: 'memories.form.queuedNote',
                    defaultMessage:
                      'Files you add here are uploaded when you save the memory. To link photos or documents you already have, save the memory and edit it.',
                  })}
                </p>
              )}
            </TabsContent>
          </Tabs>

          <div className="flex justify-end gap-2">
            <SubmitButton
              isPending={pending}
              pendingLabel={
                isEdit
                  ? intl.formatMessage({ id: 'memories.form.updating', defaultMessage: 'Updating Memory...' })
                  : intl.formatMessage({ id: 'memories.form.saving', defaultMessage: 'Saving Memory...' })
              }
            >
              {isEdit
                ? intl.formatMessage({ id: 'memories.form.update', defaultMessage: 'Update Memory' })
                : intl.formatMessage({ id: 'memories.form.save', defaultMessage: 'Save Memory' })}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
