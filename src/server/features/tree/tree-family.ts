// The owner's tree held in memory for one request: persons by id and each person's links, and the same tree as
// the FamilyGraph the relation naming walks (src/shared/tree/family-index.ts, whose ids are strings).
import type { FamilyGraph, ParentLink, PartnerLink, Sex } from '@shared/tree/family-index';
import type { PersonRow, RelationRow } from './tree.repo';

/** A person of FamilyGraph, with what the dates digest and the Legacy Plan read (ids as strings, as FamilyGraph's). */
export interface FamilyGraphPerson {
  id: string;
  sex: Sex;
  isOwner: boolean;
  givenNames: string;
  surname: string;
  birthDate: string | null;
  deathDate: string | null;
  died: boolean;
  living: boolean | null;
  contactId: number | null;
  personId: number | null;
}

/** A partner link of FamilyGraph, with its row's id and start date (a wedding anniversary). */
export interface FamilyGraphPartnerLink extends PartnerLink {
  relationId: number;
  start: string | null;
}

export interface TreeFamilyGraph extends FamilyGraph {
  persons: FamilyGraphPerson[];
  parents: (ParentLink & { relationId: number })[];
  partners: FamilyGraphPartnerLink[];
  /** The owner's own person; null until it is first asked for (ownerPerson makes it). */
  ownerId: string | null;
}

export interface TreeFamily {
  persons: Map<number, PersonRow>;
  /** Parent links by child: every type. */
  parentLinks: Map<number, RelationRow[]>;
  /** Parent links by parent. */
  childLinks: Map<number, RelationRow[]>;
  partnerLinks: Map<number, RelationRow[]>;
  relations: RelationRow[];
}

function push<T>(map: Map<number, T[]>, key: number, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildFamily(persons: PersonRow[], relations: RelationRow[]): TreeFamily {
  const family: TreeFamily = {
    persons: new Map(persons.map((p) => [p.id, p])),
    parentLinks: new Map(),
    childLinks: new Map(),
    partnerLinks: new Map(),
    relations,
  };
  for (const r of relations) {
    if (r.kind === 'parent') {
      push(family.parentLinks, r.toId, r);
      push(family.childLinks, r.fromId, r);
    } else {
      push(family.partnerLinks, r.fromId, r);
      push(family.partnerLinks, r.toId, r);
    }
  }
  return family;
}

export const parentsOf = (family: TreeFamily, id: number) => family.parentLinks.get(id) ?? [];
export const childrenOf = (family: TreeFamily, id: number) => family.childLinks.get(id) ?? [];
export const partnersOf = (family: TreeFamily, id: number) => family.partnerLinks.get(id) ?? [];
export const otherEnd = (link: RelationRow, id: number) => (link.fromId === id ? link.toId : link.fromId);

/** An ended partnership: a reason or an end date says so. */
function partnerLink(r: RelationRow): FamilyGraphPartnerLink {
  const ended = r.endReason !== null || r.endDate !== null;
  return {
    a: String(r.fromId),
    b: String(r.toId),
    status: ended ? 'ended' : 'current',
    kind: r.type === 'partners' ? 'partners' : 'married',
    endedBy: r.endReason === 'death' ? 'death' : ended ? 'separation' : null,
    relationId: r.id,
    start: r.startDate,
  };
}

export function toFamilyGraph(persons: PersonRow[], relations: RelationRow[]): TreeFamilyGraph {
  const graph: TreeFamilyGraph = { persons: [], parents: [], partners: [], ownerId: null };
  for (const p of persons) {
    if (p.isOwner) graph.ownerId = String(p.id);
    graph.persons.push({
      id: String(p.id),
      sex: p.sex,
      isOwner: p.isOwner,
      givenNames: p.givenNames,
      surname: p.surname,
      birthDate: p.birthDate,
      deathDate: p.deathDate,
      died: p.died,
      living: p.living,
      contactId: p.contactId,
      personId: p.personId,
    });
  }
  for (const r of relations) {
    if (r.kind === 'parent') {
      const type = r.type === 'married' || r.type === 'partners' ? 'birth' : r.type;
      graph.parents.push({ childId: String(r.toId), parentId: String(r.fromId), type, relationId: r.id });
    } else {
      graph.partners.push(partnerLink(r));
    }
  }
  return graph;
}

/** "Rose Martin"; a person with no name yet is "someone unnamed". */
export function nameOf(p: Pick<PersonRow, 'givenNames' | 'surname'> | undefined): string {
  const name = p ? `${p.givenNames} ${p.surname}`.trim() : '';
  return name === '' ? 'someone unnamed' : name;
}
