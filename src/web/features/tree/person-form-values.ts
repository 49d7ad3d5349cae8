// The person form's flat fields and the API's person, both ways. Each field keeps the shared schema's own rule.
import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from '@shared/limits';
import { TREE_NOTE_MAX_LENGTH, treeDateSchema, treeSexSchema, type TreePerson, type TreePersonInput } from '@shared/schemas/tree';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';

const messages = defineMessages({
  tooLong: { id: 'tree.fields.tooLong', defaultMessage: 'Must be at most {max} characters' },
});

// said when the check fails, so it is in the page's language of that moment
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: () => activeIntl().formatMessage(messages.tooLong, { max: String(max) }) });

export const personFormSchema = z.object({
  givenNames: text(MAX_SHORT_TEXT_LENGTH),
  surname: text(MAX_SHORT_TEXT_LENGTH),
  birthSurname: text(MAX_SHORT_TEXT_LENGTH),
  sex: treeSexSchema,
  birthDate: treeDateSchema,
  birthPlace: text(MAX_SHORT_TEXT_LENGTH),
  died: z.boolean(),
  deathDate: treeDateSchema,
  deathPlace: text(MAX_SHORT_TEXT_LENGTH),
  note: text(TREE_NOTE_MAX_LENGTH),
});

export type PersonFormValues = z.infer<typeof personFormSchema>;

export const emptyPersonForm: PersonFormValues = {
  givenNames: '',
  surname: '',
  birthSurname: '',
  sex: 'unknown',
  birthDate: '',
  birthPlace: '',
  died: false,
  deathDate: '',
  deathPlace: '',
  note: '',
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function personFormOf(person: TreePerson): PersonFormValues {
  return {
    givenNames: person.givenNames,
    surname: person.surname,
    birthSurname: person.birthSurname ?? '',
    sex: person.sex,
    birthDate: person.birth.date ?? '',
    birthPlace: person.birth.place ?? '',
    died: person.death !== null,
    deathDate: person.death?.date ?? '',
    deathPlace: person.death?.place ?? '',
    note: person.note ?? '',
  };
}

/** What the API is sent: empty fields as null, a death only when they died (a date or place says so too). */
export function personInputOf(values: PersonFormValues): TreePersonInput {
  const died = values.died || values.deathDate.trim() !== '' || values.deathPlace.trim() !== '';
  return {
    givenNames: values.givenNames.trim(),
    surname: values.surname.trim(),
    birthSurname: orNull(values.birthSurname),
    sex: values.sex,
    birth: { date: orNull(values.birthDate), place: orNull(values.birthPlace) },
    death: died ? { date: orNull(values.deathDate), place: orNull(values.deathPlace) } : null,
    note: orNull(values.note),
  };
}
