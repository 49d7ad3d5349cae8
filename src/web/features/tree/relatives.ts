// A person's relatives sorted into the groups their page shows, and the links that adding a relative makes.
import type { TreePerson, TreeRelation, TreeRelationInput } from '@shared/schemas/tree';
import type { TreePersonRelations } from './api';

export type RelativeKind = 'parent' | 'child' | 'partner' | 'sibling';
export type ParentType = 'birth' | 'adoptive' | 'step' | 'foster';
export type PartnerType = 'married' | 'partners';

export interface Relative {
  person: TreePerson;
  /** The person's own link to them; none for a relative found through others (a brother, a grandmother). */
  relation: TreeRelation | null;
}

export interface RelativeGroups {
  parents: Relative[];
  partners: Relative[];
  children: Relative[];
  siblings: Relative[];
  others: Relative[];
}

export function groupRelatives(id: number, data: TreePersonRelations): RelativeGroups {
  const byId = new Map(data.persons.map((p) => [p.id, p]));
  const groups: RelativeGroups = { parents: [], partners: [], children: [], siblings: [], others: [] };
  const seen = new Set<number>([id]);
  const add = (list: Relative[], personId: number, relation: TreeRelation | null) => {
    const person = byId.get(personId);
    if (!person || seen.has(personId)) return;
    seen.add(personId);
    list.push({ person, relation });
  };
  for (const r of data.relations) {
    if (r.kind === 'parent' && r.to === id) add(groups.parents, r.from, r);
    else if (r.kind === 'parent' && r.from === id) add(groups.children, r.to, r);
    else if (r.kind === 'partner' && (r.from === id || r.to === id)) add(groups.partners, r.from === id ? r.to : r.from, r);
  }
  const parentIds = new Set(groups.parents.map((p) => p.person.id));
  for (const r of data.relations) if (r.kind === 'parent' && parentIds.has(r.from)) add(groups.siblings, r.to, null);
  for (const person of data.persons) add(groups.others, person.id, null);
  return groups;
}

/** The birth parents of a person (brothers and sisters are found through them). */
export const birthParents = (groups: RelativeGroups) => groups.parents.filter((p) => p.relation?.type === 'birth').map((p) => p.person.id);

export interface NewRelative {
  kind: RelativeKind;
  /** The person whose page it is. */
  personId: number;
  /** The relative added (made just now, or chosen from the tree). */
  otherId: number;
  parentType: ParentType;
  partnerType: PartnerType;
  /** For a child: their other parent, when the person has a partner. */
  coParentId: number | null;
  /** For a brother or sister: the person's birth parents. */
  parentIds: number[];
}

/** The links that make `otherId` the person's parent, child, partner, or brother or sister. */
export function linksFor(add: NewRelative): TreeRelationInput[] {
  switch (add.kind) {
    case 'parent':
      return [{ kind: 'parent', type: add.parentType, from: add.otherId, to: add.personId }];
    case 'child':
      return [
        { kind: 'parent', type: add.parentType, from: add.personId, to: add.otherId },
        ...(add.coParentId !== null ? [{ kind: 'parent' as const, type: add.parentType, from: add.coParentId, to: add.otherId }] : []),
      ];
    case 'partner':
      return [{ kind: 'partner', type: add.partnerType, from: add.personId, to: add.otherId }];
    case 'sibling':
      return add.parentIds.map((parentId) => ({ kind: 'parent' as const, type: 'birth' as const, from: parentId, to: add.otherId }));
  }
}
