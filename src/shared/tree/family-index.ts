// The family graph as the tree stores it, and the adjacency lists the relation naming walks (decision 060).

/** 'female' and 'male' choose gendered words; anything else (other, unknown, missing) chooses neutral ones. */
export type Sex = 'female' | 'male' | 'other' | 'unknown';
export type ParentType = 'birth' | 'adoptive' | 'step' | 'foster';

export interface TreePerson {
  id: string;
  sex?: Sex | null;
}

export interface ParentLink {
  childId: string;
  parentId: string;
  type: ParentType;
}

export interface PartnerLink {
  a: string;
  b: string;
  status: 'current' | 'ended';
  kind: 'married' | 'partners';
  /** How an ended partnership ended; without it an ended one reads as a separation ("former"). */
  endedBy?: 'separation' | 'death' | null;
}

export interface FamilyGraph {
  persons: readonly TreePerson[];
  parents: readonly ParentLink[];
  partners: readonly PartnerLink[];
}

export interface OtherParentEdge {
  other: string;
  type: 'step' | 'foster';
}

export interface PartnerEdge {
  other: string;
  link: PartnerLink;
}

export interface FamilyIndex {
  sexOf(id: string): Sex;
  has(id: string): boolean;
  /** Birth and adoptive parents: the family's own line (an adopted child is the family's child). */
  kinParents(id: string): readonly string[];
  kinChildren(id: string): readonly string[];
  /** Step and foster links recorded as such, named for themselves and never walked as a line. */
  otherParents(id: string): readonly OtherParentEdge[];
  otherChildren(id: string): readonly OtherParentEdge[];
  partners(id: string): readonly PartnerEdge[];
  /** Whether the child's link to this parent is a birth link while the child also has an adoptive parent. */
  isBirthParentOfAdopted(childId: string, parentId: string): boolean;
}

const none: readonly never[] = [];

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// One index per graph object: the server keeps an owner's graph between requests (tree-cache.ts), so every
// feature that indexes it (the dates, the Legacy Plan, the relation words) shares one index, and with it the
// relation naming's searches kept per index. A graph is never changed once indexed.
const indexes = new WeakMap<FamilyGraph, FamilyIndex>();

/**
 * Builds the adjacency lists once per graph. The graph is whatever the database holds, so links to unknown
 * persons, links of a person to themselves and repeated links are left out rather than trusted.
 */
export function indexFamily(graph: FamilyGraph): FamilyIndex {
  const known = indexes.get(graph);
  if (known) return known;
  const index = buildIndex(graph);
  indexes.set(graph, index);
  return index;
}

function buildIndex(graph: FamilyGraph): FamilyIndex {
  const sexes = new Map<string, Sex>();
  for (const person of graph.persons) {
    sexes.set(person.id, person.sex === 'female' || person.sex === 'male' ? person.sex : 'unknown');
  }
  const kinParents = new Map<string, string[]>();
  const kinChildren = new Map<string, string[]>();
  const otherParents = new Map<string, OtherParentEdge[]>();
  const otherChildren = new Map<string, OtherParentEdge[]>();
  const partners = new Map<string, PartnerEdge[]>();
  const birthLinks = new Set<string>();
  const adoptiveLinks = new Set<string>();
  const adopted = new Set<string>();
  const seen = new Set<string>();

  for (const link of graph.parents) {
    const { childId, parentId, type } = link;
    if (childId === parentId || !sexes.has(childId) || !sexes.has(parentId)) continue;
    const kin = type === 'birth' || type === 'adoptive';
    if (!kin && type !== 'step' && type !== 'foster') continue;
    const key = `${kin ? 'kin' : type}\u0000${childId}\u0000${parentId}`;
    if (type === 'birth') birthLinks.add(`${childId}\u0000${parentId}`);
    if (type === 'adoptive') {
      adopted.add(childId);
      adoptiveLinks.add(`${childId}\u0000${parentId}`);
    }
    if (seen.has(key)) continue;
    seen.add(key);
    if (kin) {
      push(kinParents, childId, parentId);
      push(kinChildren, parentId, childId);
    } else {
      push(otherParents, childId, { other: parentId, type });
      push(otherChildren, parentId, { other: childId, type });
    }
  }
  for (const link of graph.partners) {
    if (link.a === link.b || !sexes.has(link.a) || !sexes.has(link.b)) continue;
    const key = `partner\u0000${link.a < link.b ? link.a : link.b}\u0000${link.a < link.b ? link.b : link.a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    push(partners, link.a, { other: link.b, link });
    push(partners, link.b, { other: link.a, link });
  }

  return {
    sexOf: (id) => sexes.get(id) ?? 'unknown',
    has: (id) => sexes.has(id),
    kinParents: (id) => kinParents.get(id) ?? none,
    kinChildren: (id) => kinChildren.get(id) ?? none,
    otherParents: (id) => otherParents.get(id) ?? none,
    otherChildren: (id) => otherChildren.get(id) ?? none,
    partners: (id) => partners.get(id) ?? none,
    isBirthParentOfAdopted: (childId, parentId) => {
      const pair = `${childId}\u0000${parentId}`;
      return adopted.has(childId) && birthLinks.has(pair) && !adoptiveLinks.has(pair);
    },
  };
}
