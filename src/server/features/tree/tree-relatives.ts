// A person's near relatives, derived from the stored links and never stored themselves: parents, children,
// partners, siblings (full, half and step), grandparents, grandchildren, step-parents and -children, in-laws.
import type { TreeRelative } from '@shared/schemas/tree';
import { relationBetween, type FamilyIndex } from '@shared/tree/relation-naming';
import { childrenOf, otherEnd, parentsOf, partnersOf, type TreeFamily } from './tree-family';

type Kind = TreeRelative['kind'];
const isKin = (type: string) => type === 'birth' || type === 'adoptive';

function kinParents(family: TreeFamily, id: number): number[] {
  return parentsOf(family, id)
    .filter((l) => isKin(l.type))
    .map((l) => l.fromId);
}
function kinChildren(family: TreeFamily, id: number): number[] {
  return childrenOf(family, id)
    .filter((l) => isKin(l.type))
    .map((l) => l.toId);
}
const partnerIds = (family: TreeFamily, id: number) => partnersOf(family, id).map((l) => otherEnd(l, id));

/** Each relative once, under the nearest kind found first (the order of the calls below). */
export function relativesOf(family: TreeFamily, index: FamilyIndex, id: number): TreeRelative[] {
  const found = new Map<number, Kind>();
  const add = (ids: Iterable<number>, kind: Kind) => {
    for (const other of ids) if (other !== id && !found.has(other)) found.set(other, kind);
  };

  const parents = kinParents(family, id);
  add(
    parentsOf(family, id).map((l) => l.fromId),
    'parent',
  );
  add(
    childrenOf(family, id).map((l) => l.toId),
    'child',
  );
  add(partnerIds(family, id), 'partner');

  const siblings = new Set<number>();
  for (const parent of parents) for (const sibling of kinChildren(family, parent)) if (sibling !== id) siblings.add(sibling);
  for (const sibling of siblings) {
    const shared = kinParents(family, sibling).filter((p) => parents.includes(p)).length;
    // one shared parent is half, as the relation words say it (decision 060)
    add([sibling], shared >= 2 ? 'sibling' : 'half-sibling');
  }
  // a parent's partner who is not a parent, and their children who share no parent
  const stepParents = parents.flatMap((p) => partnerIds(family, p)).filter((p) => !parents.includes(p));
  add(stepParents, 'step-parent');
  add(
    stepParents.flatMap((p) => kinChildren(family, p)),
    'step-sibling',
  );
  const partners = partnerIds(family, id);
  add(
    partners.flatMap((p) => kinChildren(family, p)),
    'step-child',
  );

  add(
    parents.flatMap((p) => kinParents(family, p)),
    'grandparent',
  );
  add(
    kinChildren(family, id).flatMap((c) => kinChildren(family, c)),
    'grandchild',
  );

  add(
    partners.flatMap((p) => kinParents(family, p)),
    'parent-in-law',
  );
  add(
    kinChildren(family, id).flatMap((c) => partnerIds(family, c)),
    'child-in-law',
  );
  const partnersSiblings = partners.flatMap((p) =>
    kinParents(family, p)
      .flatMap((gp) => kinChildren(family, gp))
      .filter((s) => s !== p),
  );
  add(partnersSiblings, 'sibling-in-law');
  add(
    [...siblings].flatMap((s) => partnerIds(family, s)),
    'sibling-in-law',
  );

  const relatives: TreeRelative[] = [];
  for (const [personId, kind] of found) {
    const label = relationBetween(index, String(id), String(personId))?.label ?? null;
    relatives.push({ personId, kind, label: label === null ? null : label.replace(/^your /, '') });
  }
  return relatives;
}
