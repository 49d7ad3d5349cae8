import { describe, expect, it } from 'vitest';
import type { TreePerson, TreeRelation } from '@shared/schemas/tree';
import { birthParents, groupRelatives, linksFor, type NewRelative } from './relatives';

const person = (id: number): TreePerson => ({
  id,
  givenNames: `P${id}`,
  surname: '',
  birthSurname: null,
  sex: 'unknown',
  gender: null,
  birth: { date: null, place: null },
  death: null,
  living: true,
  isOwner: false,
  contactId: null,
  personId: null,
  pictureUrl: null,
  note: null,
  warnings: [],
});
let nextId = 1;
const relation = (kind: 'parent' | 'partner', from: number, to: number, type: TreeRelation['type'] = 'birth'): TreeRelation => ({
  id: nextId++,
  kind,
  from,
  to,
  type,
  start: null,
  end: null,
  endReason: null,
});

describe('groupRelatives', () => {
  it('sorts relatives into parents, partners, children, siblings and others', () => {
    // 1 is the person; 2, 3 parents (3 adoptive); 4 a partner; 5 a child; 6 a sibling; 7 a grandparent
    const data = {
      persons: [2, 3, 4, 5, 6, 7].map(person),
      relations: [
        relation('parent', 2, 1),
        relation('parent', 3, 1, 'adoptive'),
        relation('partner', 4, 1, 'married'),
        relation('parent', 1, 5),
        relation('parent', 2, 6),
        relation('parent', 7, 2),
      ],
    };
    const groups = groupRelatives(1, data);
    const ids = (list: { person: TreePerson }[]) => list.map((r) => r.person.id);
    expect(ids(groups.parents)).toEqual([2, 3]);
    expect(ids(groups.partners)).toEqual([4]);
    expect(ids(groups.children)).toEqual([5]);
    expect(ids(groups.siblings)).toEqual([6]);
    expect(ids(groups.others)).toEqual([7]);
    expect(birthParents(groups)).toEqual([2]);
  });
});

describe('linksFor', () => {
  const base: NewRelative = {
    kind: 'parent',
    personId: 1,
    otherId: 9,
    parentType: 'birth',
    partnerType: 'married',
    coParentId: null,
    parentIds: [],
  };

  it('makes the new person a parent of the person', () => {
    expect(linksFor(base)).toEqual([{ kind: 'parent', type: 'birth', from: 9, to: 1 }]);
  });

  it('makes a child of the person and of their partner', () => {
    expect(linksFor({ ...base, kind: 'child', coParentId: 4, parentType: 'adoptive' })).toEqual([
      { kind: 'parent', type: 'adoptive', from: 1, to: 9 },
      { kind: 'parent', type: 'adoptive', from: 4, to: 9 },
    ]);
  });

  it('makes a partner', () => {
    expect(linksFor({ ...base, kind: 'partner', partnerType: 'partners' })).toEqual([
      { kind: 'partner', type: 'partners', from: 1, to: 9 },
    ]);
  });

  it('makes a brother or sister a child of the same birth parents', () => {
    expect(linksFor({ ...base, kind: 'sibling', parentIds: [2, 3] })).toEqual([
      { kind: 'parent', type: 'birth', from: 2, to: 9 },
      { kind: 'parent', type: 'birth', from: 3, to: 9 },
    ]);
  });
});
