// The owner's whole tree kept in memory between reads: every card of the tree view and every "how is this person
// related to me" needs the whole family, and reading and indexing 5,000 persons each time costs more than the
// answer. A cheap fingerprint of the rows (how many, and the sum of their row versions: PostgreSQL's xmin, new
// for every insert and update) is read first on every call, so a change by any request, job or app server is
// seen at once; the rows are read again only then.
import { indexFamily, relationBetween, type FamilyIndex, type Relation } from '@shared/tree/relation-naming';
import { buildFamily, toFamilyGraph, type TreeFamily, type TreeFamilyGraph } from './tree-family';
import type { PersonRow, TreeRepo } from './tree.repo';

/** Owners kept at once; the least recently read is dropped first. */
const MAX_OWNERS = 32;

export interface CachedTree {
  persons: PersonRow[];
  relations: Awaited<ReturnType<TreeRepo['everything']>>['relations'];
  family: TreeFamily;
  /** The same tree as the relation naming's graph; one object while the tree is unchanged, so it is indexed once. */
  graph: TreeFamilyGraph;
  index: FamilyIndex;
  /** relationBetween, remembered per viewer and person for as long as the tree does not change. */
  relation(viewerId: number, targetId: number): Relation | null;
}

export function createTreeCache(repo: TreeRepo) {
  const kept = new Map<number, { fingerprint: string; tree: CachedTree }>();

  function build(rows: Awaited<ReturnType<TreeRepo['everything']>>): CachedTree {
    const { persons, relations } = rows;
    const graph = toFamilyGraph(persons, relations);
    const index = indexFamily(graph);
    const words = new Map<string, Relation | null>();
    return {
      persons,
      relations,
      family: buildFamily(persons, relations),
      graph,
      index,
      relation(viewerId, targetId) {
        const key = `${viewerId}:${targetId}`;
        if (!words.has(key)) words.set(key, relationBetween(index, String(viewerId), String(targetId)));
        return words.get(key)!;
      },
    };
  }

  return {
    /** The owner's tree as the database holds it now; the arrays are shared, never to be changed by a caller. */
    async read(userId: number): Promise<CachedTree> {
      // the fingerprint first: rows read after it are at least as new, so a change in between is read again next time
      const fingerprint = await repo.fingerprint(userId);
      const hit = kept.get(userId);
      kept.delete(userId);
      if (hit && hit.fingerprint === fingerprint) {
        kept.set(userId, hit);
        return hit.tree;
      }
      const tree = build(await repo.everything(userId));
      kept.set(userId, { fingerprint, tree });
      if (kept.size > MAX_OWNERS) kept.delete(kept.keys().next().value!);
      return tree;
    },
  };
}

export type TreeCache = ReturnType<typeof createTreeCache>;
