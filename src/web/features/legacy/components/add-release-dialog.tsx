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
import { localDayFromToday } from '@web/lib/local-day';
import type { LibraryKind } from '@web/lib/own-items';
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
const PICKER_LABELS: Record<LibraryKind, { label: string; empty: string }> = {
  photo: { label: 'Gallery photos', empty: 'No photos in your gallery yet.' },
  memory: { label: 'Your memories', empty: 'No memories yet.' },
  document: { label: 'Vault documents', empty: 'No documents in your vault yet.' },
};

/** Collections and letters are few: a select. Photos, memories and documents are picked with search and paging. */
function useSelectChoices(kind: Kind, open: boolean, letters: Letter[]) {
  const collections = useOwnCollections(open && kind === 'collection');
  if (kind === 'collection') return { query: collections, items: collections.data?.map((c) => ({ id: c.id, title: c.title })) };
  return { query: { isPending: false, isError: false }, items: letters.map((l) => ({ id: l.id, title: l.title })) };
}

const selectClass = 'h-10 rounded-md border border-input bg-card px-3 text-sm';

/** "Add": one collection or item for this heir, and when it is released. */
export function AddReleaseDialog({ heir, letters }: { heir: Heir; letters: Letter[] }) {
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
        toast({ title: 'Added', description: `${heir.name} will receive it.` });
      },
      onError: (err) => toast({ variant: 'destructive', title: 'Failed to add', description: errorMessage(err, 'An error occurred') }),
    }),
  );

  const conditions: { value: Condition; label: string; disabledReason?: string }[] = [
    { value: 'after-death', label: 'After my death' },
    { value: 'on-date', label: 'On a date' },
    { value: 'at-age', label: 'At an age', disabledReason: heir.dateOfBirth ? undefined : 'Needs the heir’s date of birth' },
    { value: 'never', label: 'Never' },
  ];

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Add something for ${heir.name}`}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      }
      title={`Add something for ${heir.name}`}
      description={`Choose what ${heir.name} receives, and when.`}
      submitLabel={addRelease.isPending ? 'Adding...' : 'Add'}
      isPending={addRelease.isPending}
      onSubmit={add}
    >
      <FormField label="What">
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
            {...PICKER_LABELS[kind]}
          />
          {errors.targetId && <p className="text-sm font-medium text-destructive">{errors.targetId.message}</p>}
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
                ? 'Loading...'
                : choices.query.isError
                  ? 'Failed to load your items'
                  : choices.items?.length
                    ? 'Choose one'
                    : 'Nothing here yet'}
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
        <legend className="mb-2 text-sm font-medium">When</legend>
        {conditions.map((c) => (
          <label key={c.value} className="flex items-center gap-2 text-sm has-disabled:opacity-70">
            <input type="radio" value={c.value} disabled={c.disabledReason !== undefined} {...form.register('condition')} />
            {c.label}
            {c.disabledReason && <span className="text-xs text-muted-foreground">({c.disabledReason})</span>}
          </label>
        ))}
      </fieldset>
      {condition === 'on-date' && (
        <FormField label="Release on" error={errors.day}>
          <Input type="date" min={minDay} {...form.register('day')} />
        </FormField>
      )}
      {condition === 'at-age' && heir.dateOfBirth && (
        <div className="grid gap-2">
          <FormField label="Age" error={errors.age}>
            <Input type="number" inputMode="numeric" min={1} max={120} {...form.register('age')} />
          </FormField>
          {reachedNow(heir, age) ? (
            <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm font-medium">
              {`${heir.name} is ${ageToday(heir.dateOfBirth)}: ${heir.name} receives this now, not on a later birthday.`}
            </p>
          ) : (
            Number(age) >= 1 && <p className="text-xs text-muted-foreground">On {formatDay(birthdayAt(heir.dateOfBirth, Number(age)))}</p>
          )}
        </div>
      )}
      {mayShowNames(kind) && <IncludeNamesOption {...form.register('includeNames')} />}
      {errors.root && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      )}
    </DialogForm>
  );
}
