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
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localDayFromToday } from '@web/lib/local-day';
import { useAddRelationRule, useOwnCollections } from '../api';
import { localMidnightIso } from '../wording';

export const relationChoices = (): { value: FamilyRelation; label: string }[] => {
  const intl = activeIntl();
  return [
    { value: 'children', label: intl.formatMessage({ id: 'legacy.relationRule.children', defaultMessage: 'Each of my children' }) },
    {
      value: 'grandchildren',
      label: intl.formatMessage({ id: 'legacy.relationRule.grandchildren', defaultMessage: 'Each of my grandchildren' }),
    },
    { value: 'descendants', label: intl.formatMessage({ id: 'legacy.relationRule.descendants', defaultMessage: 'All my descendants' }) },
    { value: 'partner', label: intl.formatMessage({ id: 'legacy.relationRule.partner', defaultMessage: 'My partner' }) },
  ];
};

const formSchema = (minDay: string) =>
  z
    .object({
      relation: z.enum(['children', 'grandchildren', 'descendants', 'partner']),
      collectionId: z
        .string()
        .min(1, activeIntl().formatMessage({ id: 'legacy.relationRule.chooseCollection', defaultMessage: 'Choose a collection' })),
      condition: z.enum(['after-death', 'on-date', 'at-age', 'never']),
      day: z.string(),
      age: z.string(),
      includeNames: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.condition === 'on-date' && (!v.day || v.day < minDay))
        ctx.addIssue({
          code: 'custom',
          path: ['day'],
          message: activeIntl().formatMessage({ id: 'legacy.relationRule.dayAfterToday', defaultMessage: 'Choose a day after today' }),
        });
      const age = Number(v.age);
      if (v.condition === 'at-age' && !(Number.isInteger(age) && age >= 1 && age <= 120))
        ctx.addIssue({
          code: 'custom',
          path: ['age'],
          message: activeIntl().formatMessage({ id: 'legacy.relationRule.ageRange', defaultMessage: 'An age from 1 to 120' }),
        });
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
  const intl = useIntl();
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
        toast({
          title: intl.formatMessage({ id: 'legacy.addRelease.added', defaultMessage: 'Added' }),
          description: intl.formatMessage(
            {
              id: 'legacy.relationRule.willReceive',
              defaultMessage: '{receiving} of the {total} your family tree names will receive it.',
            },
            { receiving, total: rule.members.length },
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

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.relationRule.trigger', defaultMessage: 'Add by relation' })}
        </Button>
      }
      title={intl.formatMessage({ id: 'legacy.relationRule.title', defaultMessage: 'Give by relation' })}
      description={intl.formatMessage({
        id: 'legacy.relationRule.description',
        defaultMessage:
          'Everyone your family tree names this way who has a contact with an e-mail address receives it, and so does anyone added to the tree later.',
      })}
      submitLabel={
        addRule.isPending
          ? intl.formatMessage({ id: 'legacy.addRelease.adding', defaultMessage: 'Adding...' })
          : intl.formatMessage({ id: 'legacy.addRelease.add', defaultMessage: 'Add' })
      }
      isPending={addRule.isPending}
      onSubmit={add}
    >
      <FormField label={intl.formatMessage({ id: 'legacy.relationRule.to', defaultMessage: 'To' })}>
        <select className={selectClass} {...form.register('relation')}>
          {relationChoices().map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'legacy.relationRule.collection', defaultMessage: 'Collection' })}
        error={errors.collectionId}
      >
        <select
          className={selectClass}
          disabled={collections.isPending || collections.isError || !collections.data?.length}
          {...form.register('collectionId')}
        >
          <option value="">
            {collections.isPending
              ? intl.formatMessage({ id: 'legacy.addRelease.loading', defaultMessage: 'Loading...' })
              : collections.isError
                ? intl.formatMessage({ id: 'legacy.relationRule.loadFailed', defaultMessage: 'Failed to load your collections' })
                : collections.data.length
                  ? intl.formatMessage({ id: 'legacy.addRelease.chooseOne', defaultMessage: 'Choose one' })
                  : intl.formatMessage({ id: 'legacy.relationRule.noCollections', defaultMessage: 'No collections yet' })}
          </option>
          {collections.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{intl.formatMessage({ id: 'legacy.addRelease.when', defaultMessage: 'When' })}</legend>
        {(
          [
            ['after-death', intl.formatMessage({ id: 'legacy.addRelease.afterDeath', defaultMessage: 'After my death' })],
            ['on-date', intl.formatMessage({ id: 'legacy.addRelease.onDate', defaultMessage: 'On a date' })],
            [
              'at-age',
              intl.formatMessage({
                id: 'legacy.relationRule.atAge',
                defaultMessage: 'At an age (each on their own birthday)',
              }),
            ],
            ['never', intl.formatMessage({ id: 'legacy.addRelease.never', defaultMessage: 'Never' })],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} {...form.register('condition')} />
            {label}
          </label>
        ))}
      </fieldset>
      {condition === 'on-date' && (
        <FormField label={intl.formatMessage({ id: 'legacy.addRelease.releaseOn', defaultMessage: 'Release on' })} error={errors.day}>
          <Input type="date" min={minDay} {...form.register('day')} />
        </FormField>
      )}
      {condition === 'at-age' && (
        <div className="grid gap-1">
          <FormField label={intl.formatMessage({ id: 'legacy.addRelease.age', defaultMessage: 'Age' })} error={errors.age}>
            <Input type="number" inputMode="numeric" min={1} max={120} {...form.register('age')} />
          </FormField>
          <p className="text-xs text-muted-foreground">
            {intl.formatMessage({
              id: 'legacy.relationRule.ageNote',
              defaultMessage: 'Someone already older receives it at once; someone without a date of birth cannot yet.',
            })}
          </p>
        </div>
      )}
      <IncludeNamesOption {...form.register('includeNames')} />
    </DialogForm>
  );
}
