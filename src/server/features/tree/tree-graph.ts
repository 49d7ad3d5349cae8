// Who the tree view shows around a root: ancestors up to `up` generations, descendants down to `down`, the
// root's siblings, and the partners of everyone shown. Breadth-first over the tree held in memory.
import { childrenOf, otherEnd, parentsOf, partnersOf, type TreeFamily } from './tree-family';

export interface GraphSelection {
  ids: Set<number>;
  /** Someone shown at the edge has parents or children beyond it. */
  truncated: boolean;
}

function walk(family: TreeFamily, rootId: number, depth: number, next: (id: number) => number[], ids: Set<number>): boolean {
  let generation = [rootId];
  for (let level = 0; level < depth && generation.length > 0; level++) {
    const following: number[] = [];
    for (const id of generation) {
      for (const other of next(id)) {
        if (ids.has(other)) continue;
        ids.add(other);
        following.push(other);
      }
    }
    generation = following;
  }
  return generation.some((id) => next(id).some((other) => !ids.has(other)));
}

export function selectGraph(family: TreeFamily, rootId: number, up: number, down: number): GraphSelection {
  const ids = new Set<number>([rootId]);
  const parents = (id: number) => parentsOf(family, id).map((l) => l.fromId);
  const children = (id: number) => childrenOf(family, id).map((l) => l.toId);
  const truncatedUp = walk(family, rootId, up, parents, ids);
  const truncatedDown = walk(family, rootId, down, children, ids);
  if (up > 0) for (const parent of parents(rootId)) for (const sibling of children(parent)) ids.add(sibling);
  for (const id of [...ids]) for (const link of partnersOf(family, id)) ids.add(otherEnd(link, id));
  return { ids, truncated: truncatedUp || truncatedDown };
}
