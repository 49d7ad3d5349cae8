import { describe, expect, it } from 'vitest';
import { treePersonInputSchema, type TreePerson } from '@shared/schemas/tree';
import { emptyPersonForm, personFormOf, personFormSchema, personInputOf } from './person-form-values';

const rose: TreePerson = {
  id: 3,
  givenNames: 'Rose',
  surname: 'Martin',
  birthSurname: 'Dubois',
  sex: 'female',
  gender: null,
  birth: { date: 'c. 1890', place: 'Lyon' },
  death: { date: '1962', place: null },
  living: false,
  isOwner: false,
  contactId: null,
  personId: null,
  pictureUrl: null,
  note: null,
  warnings: [],
};

describe('person form values', () => {
  it('goes from a person to the form and back to the same person', () => {
    const input = personInputOf(personFormOf(rose));
    expect(input).toEqual({
      givenNames: 'Rose',
      surname: 'Martin',
      birthSurname: 'Dubois',
      sex: 'female',
      birth: { date: 'c. 1890', place: 'Lyon' },
      death: { date: '1962', place: null },
      note: null,
    });
    expect(treePersonInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends empty fields as null and no death for the living', () => {
    expect(personInputOf({ ...emptyPersonForm, givenNames: ' Ann ' })).toMatchObject({
      givenNames: 'Ann',
      birthSurname: null,
      birth: { date: null, place: null },
      death: null,
    });
  });

  it('reads a date of death as a death, even with the box left unticked', () => {
    expect(personInputOf({ ...emptyPersonForm, deathDate: '1944' }).death).toEqual({ date: '1944', place: null });
    expect(personInputOf({ ...emptyPersonForm, died: true }).death).toEqual({ date: null, place: null });
  });

  it('checks lengths with the shared schema', () => {
    expect(personFormSchema.safeParse({ ...emptyPersonForm, birthDate: 'x'.repeat(121) }).success).toBe(false);
    expect(personFormSchema.safeParse(emptyPersonForm).success).toBe(true);
  });
});
