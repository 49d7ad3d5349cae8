import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Person } from '@shared/schemas/people';
import { collectionInputSchema, type CollectionInput } from '@shared/schemas/sharing';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { PersonPicker } from './person-picker';

/** The title a person collection is given until the owner writes their own. */
const TITLES = defineMessages({
  named: { id: 'collections.form.personTitle', defaultMessage: 'Every photo of {name}' },
  unnamed: { id: 'collections.form.personTitleUnnamed', defaultMessage: 'Every photo of them' },
});
export const personCollectionTitle = (person: Pick<Person, 'name'>) =>
  person.name ? activeIntl().formatMessage(TITLES.named, { name: person.name }) : activeIntl().formatMessage(TITLES.unnamed);

type CollectionFormProps = {
  defaultValues: CollectionInput;
  submitLabel: string;
  isPending: boolean;
  /** Resolves true when saved, so the form can reset itself. */
  onSubmit: (values: CollectionInput) => Promise<boolean>;
  /** A new collection may instead be every photo of a person: the choice is shown (and, with `person`, made). */
  personChoice?: { person?: Person };
};

/** Title and description of a collection, checked with the schema the server uses; a new one may follow a person. */
export function CollectionForm({ defaultValues, submitLabel, isPending, onSubmit, personChoice }: CollectionFormProps) {
  const intl = useIntl();
  const initialPerson = personChoice?.person;
  const form = useForm<CollectionInput>({
    resolver: zodResolver(collectionInputSchema),
    defaultValues: initialPerson
      ? { ...defaultValues, personId: initialPerson.id, title: personCollectionTitle(initialPerson) }
      : defaultValues,
  });
  const { errors } = form.formState;
  const [holds, setHolds] = useState<'items' | 'person'>(initialPerson ? 'person' : 'items');
  const [personId, setPersonId] = useState<number | null>(initialPerson?.id ?? null);
  const [personError, setPersonError] = useState<string | null>(null);
  // the title the form wrote for the chosen person: replaced when another is chosen, kept once the owner edits it
  const autoTitle = useRef(initialPerson ? personCollectionTitle(initialPerson) : '');

  function choose(person: Person | null) {
    setPersonId(person?.id ?? null);
    if (!person) return;
    setPersonError(null);
    const title = form.getValues('title');
    if (title === '' || title === autoTitle.current) {
      autoTitle.current = personCollectionTitle(person);
      form.setValue('title', autoTitle.current, { shouldValidate: form.formState.isSubmitted });
    }
  }

  const followsPerson = personChoice !== undefined && holds === 'person';
  /** A person collection needs its person: said beside the title's own message, if any. */
  const personChosen = () => {
    if (followsPerson && personId === null)
      setPersonError(
        intl.formatMessage({ id: 'collections.form.choosePerson', defaultMessage: 'Choose the person whose photos it holds.' }),
      );
    return !followsPerson || personId !== null;
  };

  const submit = form.handleSubmit(async (values) => {
    if (!personChosen()) return;
    // an emptied description is removed, not kept as an empty text
    const input: CollectionInput = { title: values.title, description: values.description?.trim() ? values.description : null };
    if (followsPerson) input.personId = personId;
    if (await onSubmit(input)) form.reset(defaultValues);
  }, personChosen);

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {personChoice && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">
            {intl.formatMessage({ id: 'collections.form.holds', defaultMessage: 'What it holds' })}
          </legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="collection-holds" checked={holds === 'items'} onChange={() => setHolds('items')} />
            {intl.formatMessage({ id: 'collections.form.holdsItems', defaultMessage: 'Photos, memories and documents you choose' })}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="collection-holds" checked={holds === 'person'} onChange={() => setHolds('person')} />
            {intl.formatMessage({
              id: 'collections.form.holdsPerson',
              defaultMessage: 'Every photo of a person (it keeps itself up to date)',
            })}
          </label>
        </fieldset>
      )}
      {personChoice && holds === 'person' && (
        <div className="grid gap-1">
          <PersonPicker initial={initialPerson} onChoose={choose} />
          {personError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {personError}
            </p>
          )}
        </div>
      )}
      <FormField label={intl.formatMessage({ id: 'collections.form.title', defaultMessage: 'Title' })} error={errors.title}>
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'collections.form.description', defaultMessage: 'Description' })}
        error={errors.description}
        hint={intl.formatMessage({
          id: 'collections.form.descriptionHint',
          defaultMessage: 'Optional. People you share the collection with see it.',
        })}
      >
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={isPending}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
