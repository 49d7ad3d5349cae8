// Between the dataset of a file and the rows of the tree: persons and links to insert, and the tree read back as
// a dataset for the writer (record ids I<id>).
import type { GedcomDataset, GedcomPerson, GedcomRelation } from './gedcom-dataset';
import type { PersonInsert, RelationInsert } from './gedcom.repo';
import type { treePersons, treeRelations } from '../../../db/schema';

export function personRow(person: GedcomPerson, importId: number): PersonInsert {
  return {
    givenNames: person.givenNames,
    surname: person.surname,
    birthSurname: person.birthSurname,
    sex: person.sex,
    gender: person.gender,
    birthDate: person.birth?.date ?? null,
    birthPlace: person.birth?.place ?? null,
    died: person.death !== null,
    deathDate: person.death?.date ?? null,
    deathPlace: person.death?.place ?? null,
    note: person.note,
    importId,
    gedcomId: person.ref,
  };
}

/** null when a link names a person the file did not bring (left out by the reading, with a report line). */
export function relationRow(relation: GedcomRelation, ids: Map<string, number>): RelationInsert | null {
  const from = ids.get(relation.fromRef);
  const to = ids.get(relation.toRef);
  if (from === undefined || to === undefined || from === to) return null;
  if (relation.kind === 'parent') return { kind: 'parent', fromId: from, toId: to, type: relation.type };
  return {
    kind: 'partner',
    // a partnership is stored once, the lower id first
    fromId: Math.min(from, to),
    toId: Math.max(from, to),
    type: relation.type,
    startDate: relation.start,
    endDate: relation.end,
    endReason: relation.endReason,
  };
}

type PersonRecord = typeof treePersons.$inferSelect;
type RelationRecord = typeof treeRelations.$inferSelect;

export function treeAsDataset(persons: PersonRecord[], relations: RelationRecord[]): Pick<GedcomDataset, 'persons' | 'relations'> {
  const ref = (id: number) => `I${id}`;
  return {
    persons: persons.map((p) => ({
      ref: ref(p.id),
      givenNames: p.givenNames,
      surname: p.surname,
      birthSurname: p.birthSurname,
      sex: p.sex,
      gender: p.gender,
      birth: p.birthDate || p.birthPlace ? { date: p.birthDate, place: p.birthPlace } : null,
      death: p.died || p.deathDate || p.deathPlace ? { date: p.deathDate, place: p.deathPlace } : null,
      note: p.note,
    })),
    relations: relations.map((r): GedcomRelation => {
      if (r.kind === 'parent') return { kind: 'parent', fromRef: ref(r.fromId), toRef: ref(r.toId), type: r.type as 'birth' };
      return {
        kind: 'partner',
        fromRef: ref(r.fromId),
        toRef: ref(r.toId),
        type: r.type as 'married',
        start: r.startDate,
        end: r.endDate,
        endReason: r.endReason,
      };
    }),
  };
}
