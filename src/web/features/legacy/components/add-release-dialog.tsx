import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Heir, Letter, ReleaseInput } from '@shared/schemas/legacy';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { IncludeNamesOption } from '@web/components/share-options';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localDayFromToday } from '@web/lib/local-day';
import type { LibraryKind } from '@web/lib/own-items';
import { translateText } from '@web/lib/i18n/language-store';
import { useAddRelease, useOwnCollections } from '../api';
import { birthdayAt, formatDay, targetKindName } from '../wording';
import {
  ageToday,
  KINDS,
  mayShowNames,
  reachedNow,
  releaseFormSchema,
  releaseFormValues,
  type Condition,
  type Kind,
  type ReleaseFormValues,
} from './release-form';

const isPickerKind = (kind: Kind): kind is LibraryKind => kind === 'photo' || kind === 'memory' || kind === 'document';
function usePickerLabels(): Record<LibraryKind, { label: string; empty: string }> {
  const intl = useIntl();
  return {
    photo: {
      label: intl.formatMessage({ id: 'legacy.letter.galleryPhotos', defaultMessage: 'Gallery photos' }),
      empty: intl.formatMessage({ id: 'legacy.letter.noPhotos', defaultMessage: 'No photos in your gallery yet.' }),
    },
    memory: {
      label: intl.formatMessage({ id: 'legacy.addRelease.yourMemories', defaultMessage: 'Your memories' }),
      empty: intl.formatMessage({ id: 'legacy.addRelease.noMemories', defaultMessage: 'No memories yet.' }),
    },
    document: {
      label: intl.formatMessage({ id: 'legacy.addRelease.vaultDocuments', defaultMessage: 'Vault documents' }),
      empty: intl.formatMessage({ id: 'legacy.addRelease.noDocuments', defaultMessage: 'No documents in your vault yet.' }),
    },
  };
}

/** Collections and letters are few: a select. Photos, memories and documents are picked with search and paging. */
function useSelectChoices(kind: Kind, open: boolean, letters: Letter[]) {
  const collections = useOwnCollections(open && kind === 'collection');
  if (kind === 'collection') return { query: collections, items: collections.data?.map((c) => ({ id: c.id, title: c.title })) };
  return { query: { isPending: false, isError: false }, items: letters.map((l) => ({ id: l.id, title: l.title })) };
}

const selectClass = 'h-10 rounded-md border border-input bg-card px-3 text-sm';

/** "Add": one collection or item for this heir, and when it is released. */
export function AddReleaseDialog({ heir, letters }: { heir: Heir; letters: Letter[] }) {
  const intl = useIntl();
  const pickerLabels = usePickerLabels();
  const [open, setOpen] = useState(false);
  const addRelease = useAddRelease();
  const minDay = localDayFromToday(1);
  const form = useForm<ReleaseFormValues, unknown, ReleaseInput>({
    resolver: zodResolver(releaseFormSchema(heir, minDay)),
    defaultValues: releaseFormValues(heir),
  });
  const { errors } = form.formState;
  const [kind, targetId, condition, age] = useWatch({ control: form.control, name: ['kind', 'targetId', 'condition', 'age'] });
  const choices = useSelectChoices(kind, open, letters);

  function onOpenChange(next: boolean) {
    setOpen(next);
    form.reset(releaseFormValues(heir));
  }

  const add = form.handleSubmit((input) =>
    addRelease.mutate(input, {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          title: intl.formatMessage({ id: 'legacy.addRelease.added', defaultMessage: 'Added' }),
          description: intl.formatMessage(
            { id: 'legacy.addRelease.willReceive', defaultMessage: '{name} will receive it.' },
            { name: heir.name },
          ),
        });
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'legacy.addRelease.failed', defaultMessage: 'Failed to add' }),
          description: errorMessage(err, intl.formatMessage({ id: 'legacy.common.anError', defaultMessage: 'An error occurred' })),
        }),
    }),
  );

  const conditions: { value: Condition; label: string; disabledReason?: string }[] = [
    { value: 'after-death', label: intl.formatMessage({ id: 'legacy.addRelease.afterDeath', defaultMessage: 'After my death' }) },
    { value: 'on-date', label: intl.formatMessage({ id: 'legacy.addRelease.onDate', defaultMessage: 'On a date' }) },
    {
      value: 'at-age',
      label: intl.formatMessage({ id: 'legacy.addRelease.atAge', defaultMessage: 'At an age' }),
      disabledReason: heir.dateOfBirth
        ? undefined
        : intl.formatMessage({ id: 'legacy.addRelease.needsBirthday', defaultMessage: 'Needs the heir’s date of birth' }),
    },
    { value: 'never', label: intl.formatMessage({ id: 'legacy.addRelease.never', defaultMessage: 'Never' }) },
  ];

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={intl.formatMessage(
            { id: 'legacy.addRelease.title', defaultMessage: 'Add something for {name}' },
            { name: heir.name },
          )}
        >
          <Plus aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.addRelease.add', defaultMessage: 'Add' })}
        </Button>
      }
      title={intl.formatMessage({ id: 'legacy.addRelease.title', defaultMessage: 'Add something for {name}' }, { name: heir.name })}
      description={intl.formatMessage(
        { id: 'legacy.addRelease.description', defaultMessage: 'Choose what {name} receives, and when.' },
        { name: heir.name },
      )}
      submitLabel={
        addRelease.isPending
          ? intl.formatMessage({ id: 'legacy.addRelease.adding', defaultMessage: 'Adding...' })
          : intl.formatMessage({ id: 'legacy.addRelease.add', defaultMessage: 'Add' })
      }
      isPending={addRelease.isPending}
      onSubmit={add}
    >
      <FormField label={intl.formatMessage({ id: 'legacy.addRelease.what', defaultMessage: 'What' })}>
        <select className={selectClass} {...form.register('kind', { onChange: () => form.setValue('targetId', '') })}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {targetKindName(k)}
            </option>
          ))}
        </select>
      </FormField>
      {isPickerKind(kind) ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{targetKindName(kind)}</legend>
          <OwnItemPicker
            kind={kind}
            enabled={open}
            mode="one"
            selected={new Set(targetId ? [Number(targetId)] : [])}
            onToggle={(id) => form.setValue('targetId', String(id), { shouldValidate: form.formState.isSubmitted })}
            {...pickerLabels[kind]}
          />
          {errors.targetId && <p className="text-sm font-medium text-destructive">{translateText(errors.targetId.message ?? '')}</p>}
        </fieldset>
      ) : (
        <FormField label={targetKindName(kind)} error={errors.targetId}>
          <select
            className={selectClass}
            disabled={choices.query.isPending || choices.query.isError || !choices.items?.length}
            {...form.register('targetId')}
          >
            <option value="">
              {choices.query.isPending
                ? intl.formatMessage({ id: 'legacy.addRelease.loading', defaultMessage: 'Loading...' })
                : choices.query.isError
                  ? intl.formatMessage({ id: 'legacy.addRelease.loadFailed', defaultMessage: 'Failed to load your items' })
                  : choices.items?.length
                    ? intl.formatMessage({ id: 'legacy.addRelease.chooseOne', defaultMessage: 'Choose one' })
                    : intl.formatMessage({ id: 'legacy.addRelease.nothingYet', defaultMessage: 'Nothing here yet' })}
            </option>
            {choices.items?.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{intl.formatMessage({ id: 'legacy.addRelease.when', defaultMessage: 'When' })}</legend>
        {conditions.map((c) => (
          <label key={c.value} className="flex items-center gap-2 text-sm has-disabled:opacity-70">
            <input type="radio" value={c.value} disabled={c.disabledReason !== undefined} {...form.register('condition')} />
            {c.label}
            {c.disabledReason && <span className="text-xs text-muted-foreground">({c.disabledReason})</span>}
          </label>
        ))}
      </fieldset>
      {condition === 'on-date' && (
        <FormField label={intl.formatMessage({ id: 'legacy.addRelease.releaseOn', defaultMessage: 'Release on' })} error={errors.day}>
          <Input type="date" min={minDay} {...form.register('day')} />
        </FormField>
      )}
      {condition === 'at-age' && heir.dateOfBirth && (
        <div className="grid gap-2">
          <FormField label={intl.formatMessage({ id: 'legacy.addRelease.age', defaultMessage: 'Age' })} error={errors.age}>
            <Input type="number" inputMode="numeric" min={1} max={120} {...form.register('age')} />
          </FormField>
          {reachedNow(heir, age) ? (
            <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm font-medium">
              {intl.formatMessage(
                {
                  id: 'legacy.addRelease.receivesNow',
                  defaultMessage: '{name} is {age}: {name} receives this now, not on a later birthday.',
                },
                { name: heir.name, age: String(ageToday(heir.dateOfBirth)) },
              )}
            </p>
          ) : (
            Number(age) >= 1 && (
              <p className="text-xs text-muted-foreground">
                {intl.formatMessage(
                  { id: 'legacy.addRelease.onDay', defaultMessage: 'On {day}' },
                  { day: formatDay(birthdayAt(heir.dateOfBirth, Number(age))) },
                )}
              </p>
            )
          )}
        </div>
      )}
      {mayShowNames(kind) && <IncludeNamesOption {...form.register('includeNames')} />}
      {errors.root && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {translateText(errors.root.message ?? '')}
        </p>
      )}
    </DialogForm>
  );
}
