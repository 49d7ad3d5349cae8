// What a person's form or PATCH means for the row: '' and null are "none", a death object (even empty) says the
// person has died, and a field left out of a PATCH stays as it is.
import type { z } from 'zod';
import type { treePersonInputSchema, treePersonPatchSchema } from '@shared/schemas/tree';
import type { PersonRow, PersonValues } from './tree.repo';

type PersonInput = z.output<typeof treePersonInputSchema>;
type PersonPatch = z.output<typeof treePersonPatchSchema>;

const orNull = (value: string | null | undefined) => (value ? value : null);

export function toPersonValues(input: PersonInput): PersonValues {
  return {
    givenNames: input.givenNames,
    surname: input.surname,
    birthSurname: orNull(input.birthSurname),
    sex: input.sex,
    gender: orNull(input.gender),
    birthDate: orNull(input.birth?.date),
    birthPlace: orNull(input.birth?.place),
    died: input.death !== null && input.death !== undefined,
    deathDate: orNull(input.death?.date),
    deathPlace: orNull(input.death?.place),
    living: input.living ?? null,
    contactId: input.contactId ?? null,
    personId: input.personId ?? null,
    note: orNull(input.note),
  };
}

export function toPersonChanges(patch: PersonPatch): Partial<PersonValues> {
  const changes: Partial<PersonValues> = {};
  if (patch.givenNames !== undefined) changes.givenNames = patch.givenNames;
  if (patch.surname !== undefined) changes.surname = patch.surname;
  if (patch.sex !== undefined) changes.sex = patch.sex;
  if (patch.living !== undefined) changes.living = patch.living;
  for (const key of ['birthSurname', 'gender', 'note'] as const) {
    if (patch[key] !== undefined) changes[key] = orNull(patch[key]);
  }
  if (patch.contactId !== undefined) changes.contactId = patch.contactId;
  if (patch.personId !== undefined) changes.personId = patch.personId;
  if (patch.birth === null) Object.assign(changes, { birthDate: null, birthPlace: null });
  else if (patch.birth) {
    if (patch.birth.date !== undefined) changes.birthDate = orNull(patch.birth.date);
    if (patch.birth.place !== undefined) changes.birthPlace = orNull(patch.birth.place);
  }
  if (patch.death === null) Object.assign(changes, { died: false, deathDate: null, deathPlace: null });
  else if (patch.death) {
    changes.died = true;
    if (patch.death.date !== undefined) changes.deathDate = orNull(patch.death.date);
    if (patch.death.place !== undefined) changes.deathPlace = orNull(patch.death.place);
  }
  return changes;
}

/** The owner's own person as their profile describes them. */
export function ownerValues(
  profile:
    { firstName: string; surname: string; dateOfBirth: string; cityOfBirth: string | null; gender: PersonRow['sex'] | null } | undefined,
): PersonValues {
  return {
    givenNames: profile?.firstName ?? '',
    surname: profile?.surname ?? '',
    birthDate: profile?.dateOfBirth ?? null,
    birthPlace: profile?.cityOfBirth ?? null,
    sex: profile?.gender ?? 'unknown',
  };
}
