import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import type { PersonFormValues } from '../person-form-values';

export const selectClass =
  'flex h-11 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm';

const DATE_HINT = 'As exact as you know it: 1890-05-12, 1890-05, 1890, c. 1890, before 1890, between 1890 and 1895.';

/** A tree person's fields: names, sex, birth, death and a note (the note only when editing). */
export function PersonFields({ form, withNote = false }: { form: UseFormReturn<PersonFormValues>; withNote?: boolean }) {
  const { errors } = form.formState;
  const died = form.watch('died');
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Given names" error={errors.givenNames}>
          <Input autoComplete="off" className="h-11" {...form.register('givenNames')} />
        </FormField>
        <FormField label="Surname" error={errors.surname}>
          <Input autoComplete="off" className="h-11" {...form.register('surname')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Sex" hint="Chooses the words: mother or father, aunt or uncle." error={errors.sex}>
          <select className={selectClass} {...form.register('sex')}>
            <option value="unknown">Not known</option>
            <option value="female">Female</option>
            <option value="male">Male</option>
            <option value="other">Other</option>
          </select>
        </FormField>
        <FormField label="Surname at birth" hint="Where it differs." error={errors.birthSurname}>
          <Input autoComplete="off" className="h-11" {...form.register('birthSurname')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Born" hint={DATE_HINT} error={errors.birthDate}>
          <Input autoComplete="off" inputMode="text" className="h-11" {...form.register('birthDate')} />
        </FormField>
        <FormField label="Place of birth" error={errors.birthPlace}>
          <Input autoComplete="off" className="h-11" {...form.register('birthPlace')} />
        </FormField>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" className="size-5" {...form.register('died')} />
        Has died
      </label>
      {died && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Died" hint={DATE_HINT} error={errors.deathDate}>
            <Input autoComplete="off" className="h-11" {...form.register('deathDate')} />
          </FormField>
          <FormField label="Place of death" error={errors.deathPlace}>
            <Input autoComplete="off" className="h-11" {...form.register('deathPlace')} />
          </FormField>
        </div>
      )}
      {withNote && (
        <FormField label="About them" error={errors.note}>
          <Textarea rows={4} {...form.register('note')} />
        </FormField>
      )}
    </div>
  );
}
