import type { UseFormReturn } from 'react-hook-form';
import { storedTreeDate } from '@shared/tree/tree-date-typed';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useIntl } from '@web/lib/i18n/use-intl';
import type { PersonFormValues } from '../person-form-values';

export const selectClass =
  'flex h-11 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm';

/** A tree person's fields: names, sex, birth, death and a note (the note only when editing). */
export function PersonFields({ form, withNote = false }: { form: UseFormReturn<PersonFormValues>; withNote?: boolean }) {
  const intl = useIntl();
  const { errors } = form.formState;
  const died = form.watch('died');
  // a date is typed in any language's words and stored in the one grammar GEDCOM maps onto (tree-date-typed.ts)
  const dateHint = intl.formatMessage({
    id: 'tree.fields.dateHint',
    defaultMessage: 'As exact as you know it: 12 May 1890, May 1890, 1890, c. 1890, before 1890, between 1890 and 1895.',
  });
  const dateField = (name: 'birthDate' | 'deathDate') => form.register(name, { setValueAs: storedTreeDate });
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={intl.formatMessage({ id: 'tree.fields.givenNames', defaultMessage: 'Given names' })} error={errors.givenNames}>
          <Input autoComplete="off" className="h-11" {...form.register('givenNames')} />
        </FormField>
        <FormField label={intl.formatMessage({ id: 'tree.fields.surname', defaultMessage: 'Surname' })} error={errors.surname}>
          <Input autoComplete="off" className="h-11" {...form.register('surname')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={intl.formatMessage({ id: 'tree.fields.sex', defaultMessage: 'Sex' })}
          hint={intl.formatMessage({ id: 'tree.fields.sexHint', defaultMessage: 'Chooses the words: mother or father, aunt or uncle.' })}
          error={errors.sex}
        >
          <select className={selectClass} {...form.register('sex')}>
            <option value="unknown">{intl.formatMessage({ id: 'tree.fields.sex.unknown', defaultMessage: 'Not known' })}</option>
            <option value="female">{intl.formatMessage({ id: 'tree.fields.sex.female', defaultMessage: 'Female' })}</option>
            <option value="male">{intl.formatMessage({ id: 'tree.fields.sex.male', defaultMessage: 'Male' })}</option>
            <option value="other">{intl.formatMessage({ id: 'tree.fields.sex.other', defaultMessage: 'Other' })}</option>
          </select>
        </FormField>
        <FormField
          label={intl.formatMessage({ id: 'tree.fields.birthSurname', defaultMessage: 'Surname at birth' })}
          hint={intl.formatMessage({ id: 'tree.fields.birthSurnameHint', defaultMessage: 'Where it differs.' })}
          error={errors.birthSurname}
        >
          <Input autoComplete="off" className="h-11" {...form.register('birthSurname')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={intl.formatMessage({ id: 'tree.fields.born', defaultMessage: 'Born' })} hint={dateHint} error={errors.birthDate}>
          <Input autoComplete="off" inputMode="text" className="h-11" {...dateField('birthDate')} />
        </FormField>
        <FormField label={intl.formatMessage({ id: 'tree.fields.birthPlace', defaultMessage: 'Place of birth' })} error={errors.birthPlace}>
          <Input autoComplete="off" className="h-11" {...form.register('birthPlace')} />
        </FormField>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" className="size-5" {...form.register('died')} />
        {intl.formatMessage({ id: 'tree.fields.hasDied', defaultMessage: 'Has died' })}
      </label>
      {died && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={intl.formatMessage({ id: 'tree.fields.died', defaultMessage: 'Died' })}
            hint={dateHint}
            error={errors.deathDate}
          >
            <Input autoComplete="off" className="h-11" {...dateField('deathDate')} />
          </FormField>
          <FormField
            label={intl.formatMessage({ id: 'tree.fields.deathPlace', defaultMessage: 'Place of death' })}
            error={errors.deathPlace}
          >
            <Input autoComplete="off" className="h-11" {...form.register('deathPlace')} />
          </FormField>
        </div>
      )}
      {withNote && (
        <FormField label={intl.formatMessage({ id: 'tree.fields.note', defaultMessage: 'About them' })} error={errors.note}>
          <Textarea rows={4} {...form.register('note')} />
        </FormField>
      )}
    </div>
  );
}
