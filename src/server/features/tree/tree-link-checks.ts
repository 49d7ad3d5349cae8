// What a new link may not do to the tree (decision 062): make a person their own ancestor, give a child a third
// birth parent, or say again what is already said. Everything else, however unlikely, is kept.
import { defineMessages } from '../../lib/define-messages';
import { inEnglish, sentence, type Sentence } from '../../lib/i18n';
import { childrenOf, nameOf, parentsOf, partnersOf, otherEnd, type TreeFamily } from './tree-family';

export interface Refusal {
  status: 400 | 409;
  /** In English (logs, tests); `sentence` is the same in every reader's language. */
  message: string;
  sentence: Sentence;
}

const messages = defineMessages({
  ownParent: { id: 'errors.tree.ownParent', defaultMessage: '{parent} cannot be their own parent' },
  alreadyParent: { id: 'errors.tree.alreadyParent', defaultMessage: '{parent} is already a parent of {child}' },
  twoBirthParents: {
    id: 'errors.tree.twoBirthParents',
    defaultMessage: '{child} already has two birth parents: {first} and {second}',
  },
  ownPartner: { id: 'errors.tree.ownPartner', defaultMessage: '{person} cannot be their own partner' },
  alreadyPartners: { id: 'errors.tree.alreadyPartners', defaultMessage: '{first} and {second} are already partners' },
  cycleParent: {
    id: 'errors.tree.cycleParent',
    defaultMessage:
      "{parent} cannot be a parent of {child}: {child} is already {parent}'s {sex, select, female {mother} male {father} other {parent}}",
  },
  cycleAncestor: {
    id: 'errors.tree.cycleAncestor',
    defaultMessage:
      "{parent} cannot be a parent of {child}: {child} is already {parent}'s {generations, plural, " +
      '=2 {{sex, select, female {grandmother} male {grandfather} other {grandparent}}} ' +
      '=3 {{sex, select, female {great-grandmother} male {great-grandfather} other {great-grandparent}}} ' +
      '=4 {{sex, select, female {great-great-grandmother} male {great-great-grandfather} other {great-great-grandparent}}} ' +
      '=5 {{sex, select, female {great-great-great-grandmother} male {great-great-great-grandfather} other {great-great-great-grandparent}}} ' +
      'other {{sex, select, female {great-great-great-great-grandmother} male {great-great-great-great-grandfather} other {great-great-great-great-grandparent}}}} ({chain})',
  },
  cycleFar: {
    id: 'errors.tree.cycleFar',
    defaultMessage:
      '{parent} cannot be a parent of {child}: {child} is already an ancestor of {parent}, {generations} generations up ({chain})',
  },
  chainLink: { id: 'errors.tree.chainLink', defaultMessage: '{name}, parent of {rest}' },
});

const refusal = (status: Refusal['status'], said: Sentence): Refusal => ({ status, message: inEnglish(said), sentence: said });

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

/** "A, parent of B, parent of C" as one value, each link in the reader's language. */
function chainOf(names: string[]): string | Sentence {
  const [name, ...rest] = names;
  return rest.length === 0 ? name! : sentence(messages.chainLink, { name: name!, rest: chainOf(rest) });
}

function cycleMessage(family: TreeFamily, parentId: number, childId: number, chain: number[]): Sentence {
  const parent = nameOf(family.persons.get(parentId));
  const child = nameOf(family.persons.get(childId));
  const sex = family.persons.get(childId)?.sex ?? 'unknown';
  const up = chain.length - 1;
  if (up === 1) return sentence(messages.cycleParent, { parent, child, sex });
  const names = chain.map((id) => nameOf(family.persons.get(id)));
  const shown = names.length <= NAMED_LINKS + 1 ? names : [...names.slice(0, 3), '…', ...names.slice(-2)];
  if (up <= NAMED_LINKS) return sentence(messages.cycleAncestor, { parent, child, sex, generations: up, chain: chainOf(shown) });
  // As digits, the way the English answer has always written it (4999, not 4,999).
  return sentence(messages.cycleFar, { parent, child, generations: String(up), chain: chainOf(shown) });
}

export function parentLinkRefusal(
  family: TreeFamily,
  parentId: number,
  childId: number,
  type: 'birth' | 'adoptive' | 'step' | 'foster',
): Refusal | null {
  const parent = family.persons.get(parentId);
  const child = family.persons.get(childId);
  if (parentId === childId) return refusal(400, sentence(messages.ownParent, { parent: nameOf(parent) }));
  if (parentsOf(family, childId).some((link) => link.fromId === parentId))
    return refusal(409, sentence(messages.alreadyParent, { parent: nameOf(parent), child: nameOf(child) }));
  const chain = ancestorChain(family, childId, parentId);
  if (chain) return refusal(400, cycleMessage(family, parentId, childId, chain));
  if (type === 'birth') {
    const birthParents = parentsOf(family, childId).filter((link) => link.type === 'birth');
    if (birthParents.length >= 2) {
      const names = birthParents.map((link) => nameOf(family.persons.get(link.fromId)));
      // Two as a rule; an older tree with more still names them all ("A and B and C").
      const values = { child: nameOf(child), first: names.slice(0, -1).join(' and '), second: names.at(-1)! };
      return refusal(400, sentence(messages.twoBirthParents, values));
    }
  }
  return null;
}

export function partnerLinkRefusal(family: TreeFamily, a: number, b: number): Refusal | null {
  const first = family.persons.get(a);
  if (a === b) return refusal(400, sentence(messages.ownPartner, { person: nameOf(first) }));
  if (partnersOf(family, a).some((link) => otherEnd(link, a) === b))
    return refusal(409, sentence(messages.alreadyPartners, { first: nameOf(first), second: nameOf(family.persons.get(b)) }));
  return null;
}

/** Used by the contacts placement: whether `id` has a parent to share with a new sibling. */
export const hasParents = (family: TreeFamily, id: number) => parentsOf(family, id).length > 0;
export const hasChild = (family: TreeFamily, parentId: number, childId: number) =>
  childrenOf(family, parentId).some((link) => link.toId === childId);
