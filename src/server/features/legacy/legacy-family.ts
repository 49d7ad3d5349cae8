// Who a Legacy Plan rule by relation names (decision 065), read from the owner's family tree. The tree is the
// tree feature's: the Legacy Plan reaches it only through the tree service, whose graph this reads (the same
// FamilyGraph the relation naming walks, with ids as strings).
import type { FamilyRelation } from '@shared/schemas/legacy';
import { indexFamily, relationBetween, type FamilyGraph, type FamilyIndex } from '@shared/tree/relation-naming';
import { yearOf } from '@shared/tree/tree-date';

/** A person of the tree as the Legacy Plan reads them. */
export interface LegacyTreePerson {
  id: string;
  givenNames: string;
  surname: string;
  birthDate: string | null;
  died: boolean;
  /** null: the tree decides (living unless a death is recorded or born over 110 years ago). */
  living: boolean | null;
  contactId: number | null;
}

export interface LegacyFamilyGraph extends FamilyGraph {
  persons: readonly (LegacyTreePerson & FamilyGraph['persons'][number])[];
  /** The owner's own person, when the owner has one. */
  ownerId: string | null;
}

/** What the Legacy Plan needs of the tree service. */
export interface LegacyFamilySource {
  familyGraph(userId: number): Promise<LegacyFamilyGraph>;
  /** The viewer's word for the target ("your grandmother"), both tree persons of the owner; null when no tie is found. */
  relationWord(userId: number, viewerTreePersonId: number, targetTreePersonId: number): Promise<string | null>;
}

/** The rule's words, from the owner's side ("each of your grandchildren") and the heir's word for themselves. */
export const RELATION_LABELS: Record<FamilyRelation, string> = {
  children: 'each of your children',
  grandchildren: 'each of your grandchildren',
  descendants: 'all your descendants',
  partner: 'your partner',
};

/** Generations walked down for "all my descendants": far beyond any family, small enough to bound bad data. */
const MAX_GENERATIONS = 40;

export const personName = (p: Pick<LegacyTreePerson, 'givenNames' | 'surname'>) =>
  `${p.givenNames} ${p.surname}`.trim() || 'Someone unnamed';

export function isLiving(p: LegacyTreePerson, now: Date): boolean {
  if (p.living !== null) return p.living;
  if (p.died) return false;
  const born = yearOf(p.birthDate);
  return born === null || now.getUTCFullYear() - born <= 110;
}

/** The owner's family, indexed once for every rule of one expansion. */
export interface OwnerFamily {
  ownerId: string | null;
  index: FamilyIndex;
  persons: Map<string, LegacyTreePerson>;
}

export function ownerFamily(graph: LegacyFamilyGraph): OwnerFamily {
  return { ownerId: graph.ownerId, index: indexFamily(graph), persons: new Map(graph.persons.map((p) => [p.id, p])) };
}

function generationsDown(index: FamilyIndex, start: string, generations: number): string[] {
  const found = new Set<string>([start]);
  const result: string[] = [];
  let current = [start];
  for (let down = 1; down <= generations && current.length > 0; down++) {
    const next: string[] = [];
    for (const id of current) {
      for (const child of index.kinChildren(id)) {
        if (found.has(child)) continue;
        found.add(child);
        next.push(child);
      }
    }
    current = next;
    if (down === generations || generations === MAX_GENERATIONS) result.push(...next);
  }
  return result;
}

/**
 * The living persons a relation names from the owner's person, in the tree's birth and adoptive lines (step and
 * foster links are recorded for themselves, never walked as a line: decision 060). A partner is a current one.
 */
export function personsNamed(family: OwnerFamily, relation: FamilyRelation, now: Date): LegacyTreePerson[] {
  const owner = family.ownerId;
  if (owner === null || !family.index.has(owner)) return [];
  let ids: string[];
  if (relation === 'children') ids = generationsDown(family.index, owner, 1);
  else if (relation === 'grandchildren') ids = generationsDown(family.index, owner, 2);
  else if (relation === 'descendants') ids = generationsDown(family.index, owner, MAX_GENERATIONS);
  else ids = family.index.partners(owner).flatMap((edge) => (edge.link.status === 'current' ? [edge.other] : []));
  return [...new Set(ids)]
    .filter((id) => id !== owner)
    .map((id) => family.persons.get(id))
    .filter((p): p is LegacyTreePerson => p !== undefined && isLiving(p, now));
}

/** The owner's word for one of their relatives ("your granddaughter"). */
export function ownersWordFor(family: OwnerFamily, personId: string): string | null {
  return family.ownerId === null ? null : (relationBetween(family.index, family.ownerId, personId)?.label ?? null);
}

/** A date of birth the heir's "at an age" releases can count from: only a whole date ("1990-05-12"). */
export const exactBirthDate = (treeDate: string | null) => (treeDate && /^\d{4}-\d{2}-\d{2}$/.test(treeDate) ? treeDate : null);
