import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { FamilyRelation, RelationRuleInput } from '@shared/schemas/legacy';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { IncludeNamesOption } from '@web/components/share-options';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localDayFromToday } from '@web/lib/local-day';
import { useAddRelationRule, useOwnCollections } from '../api';
import { localMidnightIso } from '../wording';

export const RELATION_CHOICES: { value: FamilyRelation; label: string }[] = [
  { value: 'children', label: 'Each of my children' },
  { value: 'grandchildren', label: 'Each of my grandchildren' },
  { value: 'descendants', label: 'All my descendants' },
  { value: 'partner', label: 'My partner' },
];

const formSchema = (minDay: string) =>
  z
    .object({
      relation: z.enum(['children', 'grandchildren', 'descendants', 'partner']),
      collectionId: z.string().min(1, 'Choose a collection'),
      condition: z.enum(['after-death', 'on-date', 'at-age', 'never']),
      day: z.string(),
      age: z.string(),
      includeNames: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.condition === 'on-date' && (!v.day || v.day < minDay))
        ctx.addIssue({ code: 'custom', path: ['day'], message: 'Choose a day after today' });
      const age = Number(v.age);
      if (v.condition === 'at-age' && !(Number.isInteger(age) && age >= 1 && age <= 120))
        ctx.addIssue({ code: 'custom', path: ['age'], message: 'An age from 1 to 120' });
    })
    .transform((v): RelationRuleInput => ({
      relation: v.relation,
      collectionId: Number(v.collectionId),
      condition: v.condition,
      releaseAt: v.condition === 'on-date' ? localMidnightIso(v.day) : null,
      age: v.condition === 'at-age' ? Number(v.age) : null,
      includeNames: v.includeNames,
    }));
type FormValues = z.input<ReturnType<typeof formSchema>>;

const defaults: FormValues = {
  relation: 'grandchildren',
  collectionId: '',
  condition: 'after-death',
  day: '',
  age: '',
  includeNames: false,
};
const selectClass = 'h-10 rounded-md border border-input bg-card px-3 text-sm';

/** "Add by relation": one collection to everyone of the family a relation names, now and as the family grows. */
export function AddRelationRuleDialog() {
  const [open, setOpen] = useState(false);
  const addRule = useAddRelationRule();
  const collections = useOwnCollections(open);
  const minDay = localDayFromToday(1);
  const form = useForm<FormValues, unknown, RelationRuleInput>({ resolver: zodResolver(formSchema(minDay)), defaultValues: defaults });
  const { errors } = form.formState;
  const condition = useWatch({ control: form.control, name: 'condition' });

  function onOpenChange(next: boolean) {
    setOpen(next);
    form.reset(defaults);
  }

  const add = form.handleSubmit((input) =>
    addRule.mutate(input, {
      onSuccess: (rule) => {
        onOpenChange(false);
        const receiving = rule.members.filter((m) => m.status === 'receives').length;
        toast({ title: 'Added', description: `${receiving} of the ${rule.members.length} your family tree names will receive it.` });
      },
      onError: (err) => toast({ variant: 'destructive', title: 'Failed to add', description: errorMessage(err, 'An error occurred') }),
    }),
  );

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden="true" />
          Add by relation
        </Button>
      }
      title="Give by relation"
      description="Everyone your family tree names this way who has a contact with an e-mail address receives it, and so does anyone added to the tree later."
      submitLabel={addRule.isPending ? 'Adding...' : 'Add'}
      isPending={addRule.isPending}
      onSubmit={add}
    >
      <FormField label="To">
        <select className={selectClass} {...form.register('relation')}>
          {RELATION_CHOICES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Collection" error={errors.collectionId}>
        <select
          className={selectClass}
          disabled={collections.isPending || collections.isError || !collections.data?.length}
          {...form.register('collectionId')}
        >
          <option value="">
            {collections.isPending
              ? 'Loading...'
              : collections.isError
                ? 'Failed to load your collections'
                : collections.data.length
                  ? 'Choose one'
                  : 'No collections yet'}
          </option>
          {collections.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">When</legend>
        {(
          [
            ['after-death', 'After my death'],
            ['on-date', 'On a date'],
            ['at-age', 'At an age (each on their own birthday)'],
            ['never', 'Never'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} {...form.register('condition')} />
            {label}
          </label>
        ))}
      </fieldset>
      {condition === 'on-date' && (
        <FormField label="Release on" error={errors.day}>
          <Input type="date" min={minDay} {...form.register('day')} />
        </FormField>
      )}
      {condition === 'at-age' && (
        <div className="grid gap-1">
          <FormField label="Age" error={errors.age}>
            <Input type="number" inputMode="numeric" min={1} max={120} {...form.register('age')} />
          </FormField>
          <p className="text-xs text-muted-foreground">
            Someone already older receives it at once; someone without a date of birth cannot yet.
          </p>
        </div>
      )}
      <IncludeNamesOption {...form.register('includeNames')} />
    </DialogForm>
  );
}
