// What a new link may not do to the tree (decision 062): make a person their own ancestor, give a child a third
// birth parent, or say again what is already said. Everything else, however unlikely, is kept.
import { ancestorWord } from '@shared/tree/relation-words';
import { childrenOf, nameOf, parentsOf, partnersOf, otherEnd, type TreeFamily } from './tree-family';

export interface Refusal {
  status: 400 | 409;
  message: string;
}

/**
 * The chain from `top` down to `bottom` when `top` is already an ancestor of `bottom` by any parent link
 * ([top, …, bottom]), else null. Breadth-first with a queue: no recursion, each person once.
 */
export function ancestorChain(family: TreeFamily, top: number, bottom: number): number[] | null {
  const cameFrom = new Map<number, number | null>([[bottom, null]]);
  const queue = [bottom];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    for (const link of parentsOf(family, id)) {
      if (cameFrom.has(link.fromId)) continue;
      cameFrom.set(link.fromId, id);
      if (link.fromId === top) {
        const chain: number[] = [];
        for (let at: number | null = top; at !== null; at = cameFrom.get(at) ?? null) chain.push(at);
        return chain;
      }
      queue.push(link.fromId);
    }
  }
  return null;
}

/** Longer chains are named by their ends ("…"), so the message stays a sentence. */
const NAMED_LINKS = 6;

function cycleMessage(family: TreeFamily, parentId: number, childId: number, chain: number[]): string {
  const parent = nameOf(family.persons.get(parentId));
  const child = nameOf(family.persons.get(childId));
  const up = chain.length - 1;
  const tie =
    up <= NAMED_LINKS
      ? `${child} is already ${parent}'s ${ancestorWord(up, family.persons.get(childId)?.sex ?? 'unknown')}`
      : `${child} is already an ancestor of ${parent}, ${up} generations up`;
  const names = chain.map((id) => nameOf(family.persons.get(id)));
  const shown = names.length <= NAMED_LINKS + 1 ? names : [...names.slice(0, 3), '…', ...names.slice(-2)];
  const through = chain.length > 2 ? ` (${shown.join(', parent of ')})` : '';
  return `${parent} cannot be a parent of ${child}: ${tie}${through}`;
}

export function parentLinkRefusal(
  family: TreeFamily,
  parentId: number,
  childId: number,
  type: 'birth' | 'adoptive' | 'step' | 'foster',
): Refusal | null {
  const parent = family.persons.get(parentId);
  const child = family.persons.get(childId);
  if (parentId === childId) return { status: 400, message: `${nameOf(parent)} cannot be their own parent` };
  if (parentsOf(family, childId).some((link) => link.fromId === parentId))
    return { status: 409, message: `${nameOf(parent)} is already a parent of ${nameOf(child)}` };
  const chain = ancestorChain(family, childId, parentId);
  if (chain) return { status: 400, message: cycleMessage(family, parentId, childId, chain) };
  if (type === 'birth') {
    const birthParents = parentsOf(family, childId).filter((link) => link.type === 'birth');
    if (birthParents.length >= 2) {
      const names = birthParents.map((link) => nameOf(family.persons.get(link.fromId))).join(' and ');
      return { status: 400, message: `${nameOf(child)} already has two birth parents: ${names}` };
    }
  }
  return null;
}

export function partnerLinkRefusal(family: TreeFamily, a: number, b: number): Refusal | null {
  const first = family.persons.get(a);
  if (a === b) return { status: 400, message: `${nameOf(first)} cannot be their own partner` };
  if (partnersOf(family, a).some((link) => otherEnd(link, a) === b))
    return { status: 409, message: `${nameOf(first)} and ${nameOf(family.persons.get(b))} are already partners` };
  return null;
}

/** Used by the contacts placement: whether `id` has a parent to share with a new sibling. */
export const hasParents = (family: TreeFamily, id: number) => parentsOf(family, id).length > 0;
export const hasChild = (family: TreeFamily, parentId: number, childId: number) =>
  childrenOf(family, parentId).some((link) => link.toId === childId);
