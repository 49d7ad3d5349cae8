import { describe, expect, it } from 'vitest';
import { buildFamily } from './tree-family';
import { warningsFor } from './tree-person-dto';
import type { PersonRow, RelationRow } from './tree.repo';

const person = (id: number, givenNames: string, more: Partial<PersonRow> = {}): PersonRow => ({
  id,
  userId: 1,
  isOwner: false,
  givenNames,
  surname: 'Martin',
  birthSurname: null,
  sex: 'unknown',
  gender: null,
  birthDate: null,
  birthPlace: null,
  died: false,
  deathDate: null,
  deathPlace: null,
  living: null,
  contactId: null,
  personId: null,
  note: null,
  importId: null,
  gedcomId: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...more,
});

const birthLink = (id: number, fromId: number, toId: number): RelationRow => ({
  id,
  userId: 1,
  kind: 'parent',
  fromId,
  toId,
  type: 'birth',
  startDate: null,
  endDate: null,
  endReason: null,
  createdAt: new Date(0),
});

describe('date warnings of a tree person', () => {
  const family = buildFamily(
    [
      person(1, 'Rose', { birthDate: 'c. 1900', died: true, deathDate: '1850' }),
      person(2, 'Paul', { birthDate: '1908' }),
      person(3, '', { surname: '', birthDate: '1990' }),
    ],
    [birthLink(1, 1, 2), birthLink(2, 1, 3)],
  );

  it('says them in English exactly as ever', () => {
    expect(warningsFor(family, 2)).toEqual([
      'Rose Martin was 8 at the birth of Paul Martin',
      'Paul Martin was born (1908) after the death of Rose Martin (1850)',
    ]);
    expect(warningsFor(family, 3)).toEqual([
      'Rose Martin was 90 at the birth of someone unnamed',
      'someone unnamed was born (1990) after the death of Rose Martin (1850)',
    ]);
  });

  it('says them in the reader’s language', () => {
    expect(warningsFor(family, 1, 'de')[0]).toBe('Gestorben (1850) vor der Geburt (1900)');
    expect(warningsFor(family, 2, 'de')).toEqual([
      'Rose Martin war bei der Geburt von Paul Martin 8 Jahre alt',
      'Paul Martin wurde 1908 geboren, nach dem Tod von Rose Martin (1850)',
    ]);
    expect(warningsFor(family, 3, 'fr')[0]).toBe('une personne sans nom : naissance alors que Rose Martin avait 90 ans');
  });
});
