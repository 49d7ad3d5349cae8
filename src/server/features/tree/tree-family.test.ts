import { describe, expect, it } from 'vitest';
import { indexFamily, relationBetween } from '@shared/tree/relation-naming';
import { selectGraph } from './tree-graph';
import { buildFamily, toFamilyGraph } from './tree-family';
import { ancestorChain, parentLinkRefusal } from './tree-link-checks';
import type { PersonRow, RelationRow } from './tree.repo';

const person = (id: number, more: Partial<PersonRow> = {}): PersonRow => ({
  id,
  userId: 1,
  isOwner: id === 1,
  givenNames: `P${id}`,
  surname: 'Line',
  birthSurname: null,
  sex: id % 2 === 0 ? 'female' : 'male',
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
let nextId = 1;
const parentLink = (fromId: number, toId: number): RelationRow => ({
  id: nextId++,
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

/** Five thousand persons: couples, each with two children, generation after generation below person 1. */
function bigFamily(size: number) {
  const persons = [person(1)];
  const relations: RelationRow[] = [];
  let parent = 1;
  for (let id = 2; id <= size; id++) {
    persons.push(person(id));
    relations.push(parentLink(parent, id));
    if (id % 2 === 1) parent++;
  }
  return { persons, relations };
}

describe('the tree in memory', () => {
  it('finds a cycle along a chain of 5,000 generations without running out of stack', () => {
    const persons = Array.from({ length: 5000 }, (_, i) => person(i + 1));
    const relations = persons.slice(1).map((p) => parentLink(p.id - 1, p.id));
    const family = buildFamily(persons, relations);
    expect(ancestorChain(family, 1, 5000)).toHaveLength(5000);
    expect(parentLinkRefusal(family, 5000, 1, 'birth')?.message).toBe(
      'P5000 Line cannot be a parent of P1 Line: P1 Line is already an ancestor of P5000 Line, 4999 generations up ' +
        '(P1 Line, parent of P2 Line, parent of P3 Line, parent of …, parent of P4999 Line, parent of P5000 Line)',
    );
  });

  it('names a relation and selects the view around a person at 5,000 persons', () => {
    const { persons, relations } = bigFamily(5000);
    const family = buildFamily(persons, relations);
    const label = relationBetween(indexFamily(toFamilyGraph(persons, relations)), '4999', '1')?.label;
    expect(label).toMatch(/^your (great-)+grandfather$/);
    const view = selectGraph(family, 1, 4, 4);
    expect(view.ids.size).toBe(1 + 2 + 4 + 8 + 16);
    expect(view.truncated).toBe(true);
  });
});
