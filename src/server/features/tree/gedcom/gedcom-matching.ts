// Imported persons who may be someone already in the tree: the same first given name, the same surname (or birth
// surname, either way round) and the same birth year. Only suggested: the owner decides.
import { yearOf } from '@shared/tree/tree-date';

export interface MatchablePerson {
  id: number;
  givenNames: string;
  surname: string;
  birthSurname: string | null;
  birthDate: string | null;
}

/** At most this many suggestions for one imported person (a common name in a large tree). */
const PER_PERSON = 3;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function keysOf(person: MatchablePerson): string[] {
  const year = yearOf(person.birthDate);
  const given = fold(person.givenNames).split(' ')[0];
  if (year === null || !given) return [];
  const surnames = new Set([person.surname, person.birthSurname ?? ''].map(fold).filter(Boolean));
  return [...surnames].map((surname) => `${given}|${surname}|${year}`);
}

export function findMatches(imported: MatchablePerson[], existing: MatchablePerson[]): { importedId: number; existingId: number }[] {
  const index = new Map<string, number[]>();
  for (const person of existing) {
    for (const key of keysOf(person)) index.set(key, [...(index.get(key) ?? []), person.id]);
  }
  const pairs: { importedId: number; existingId: number }[] = [];
  for (const person of imported) {
    const found = new Set<number>();
    for (const key of keysOf(person)) for (const id of index.get(key) ?? []) found.add(id);
    for (const existingId of [...found].slice(0, PER_PERSON)) pairs.push({ importedId: person.id, existingId });
  }
  return pairs;
}
