// The family tree (issue 30): its persons, and what other features ask of it. The owner's whole tree is read
// with two queries and everything derived (relation words, relatives, cycles) is computed in memory.
import type { z } from 'zod';
import type { TreePerson, TreePersonPageQuery, treePersonInputSchema, treePersonPatchSchema } from '@shared/schemas/tree';
import { pageLimit } from '@shared/schemas/paging';
import { indexFamily, relationBetween } from '@shared/tree/relation-naming';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { buildFamily, toFamilyGraph, type TreeFamilyGraph } from './tree-family';
import { toTreePerson, warningsFor } from './tree-person-dto';
import { ownerValues, toPersonChanges, toPersonValues } from './tree-person-values';
import type { PersonRow, PersonValues, TreeRepo } from './tree.repo';

const PERSON_NOT_FOUND = 'Person not found';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === '23505' || (e?.cause !== undefined && isUniqueViolation(e.cause));
}

export function createTreeService({ repo }: { repo: TreeRepo }) {
  /** Rows as the API shows them: each with its face and its date warnings (one query each for the lot). */
  async function present(userId: number, rows: PersonRow[]): Promise<TreePerson[]> {
    const ids = rows.map((r) => r.id);
    const around = await repo.parentLinksAround(userId, ids);
    const family = buildFamily([...rows, ...around.persons], around.relations);
    const withFaces = rows.flatMap((r) => (r.personId === null ? [] : [r.personId]));
    const covers = await repo.coverPhotos(userId, withFaces);
    return rows.map((r) =>
      toTreePerson(r, { coverPhotoId: r.personId === null ? undefined : covers.get(r.personId), warnings: warningsFor(family, r.id) }),
    );
  }
  const presentOne = async (userId: number, row: PersonRow) => (await present(userId, [row]))[0]!;

  async function ownerRow(userId: number): Promise<PersonRow> {
    const found = await repo.findOwnerPerson(userId);
    if (found) return found;
    await repo.insertOwnerPerson(userId, ownerValues(await repo.profileOf(userId)));
    return (await repo.findOwnerPerson(userId))!;
  }

  async function familyGraph(userId: number): Promise<TreeFamilyGraph> {
    const { persons, relations } = await repo.everything(userId);
    return toFamilyGraph(persons, relations);
  }

  async function ownedRow(userId: number, id: number) {
    const row = await repo.findOwned(userId, id);
    if (!row) throw notFound(PERSON_NOT_FOUND);
    return row;
  }

  /** A contact or a photos-person linked to a tree person must be the owner's, and in the tree once. */
  async function checkLinks(userId: number, values: Partial<PersonValues>) {
    if (values.contactId != null && !(await repo.ownsContact(userId, values.contactId))) throw notFound('Contact not found');
    if (values.personId != null && !(await repo.ownsPhotoPerson(userId, values.personId)))
      throw notFound('That person of the photos was not found');
  }
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('That contact or person of the photos is already in the tree as someone else', 'ALREADY_IN_TREE');
      throw err;
    }
  }

  return {
    /**
     * The owner's whole tree as the relation naming reads it (ids are the tree persons' ids as strings), with
     * names, dates and links for the dates digest and the Legacy Plan. `ownerId` is null until ownerPerson ran.
     */
    familyGraph,

    /** The owner's own tree person, made from their profile the first time it is asked for. */
    async ownerPerson(userId: number): Promise<TreePerson> {
      return presentOne(userId, await ownerRow(userId));
    },

    /**
     * How `targetTreePersonId` is related to `viewerTreePersonId`, both persons of the owner's tree, in the
     * viewer's words ("your grandmother"); null when no tie joins them or either is not in the owner's tree.
     */
    async relationWord(userId: number, viewerTreePersonId: number, targetTreePersonId: number): Promise<string | null> {
      const graph = await familyGraph(userId);
      return relationBetween(indexFamily(graph), String(viewerTreePersonId), String(targetTreePersonId))?.label ?? null;
    },

    async page(userId: number, query: TreePersonPageQuery) {
      await ownerRow(userId);
      const { rows, nextCursor } = await repo.page(userId, query.q, query.cursor, pageLimit(query));
      return { items: await present(userId, rows), nextCursor };
    },

    get: async (userId: number, id: number) => presentOne(userId, await ownedRow(userId, id)),

    async create(userId: number, input: z.output<typeof treePersonInputSchema>) {
      const values = toPersonValues(input);
      await checkLinks(userId, values);
      return presentOne(userId, await saving(() => repo.insert(userId, values)));
    },

    async update(userId: number, id: number, patch: z.output<typeof treePersonPatchSchema>) {
      await ownedRow(userId, id);
      const changes = toPersonChanges(patch);
      await checkLinks(userId, changes);
      const row = await saving(() => repo.update(userId, id, changes));
      if (!row) throw notFound(PERSON_NOT_FOUND);
      return presentOne(userId, row);
    },

    async remove(userId: number, id: number) {
      const row = await ownedRow(userId, id);
      if (row.isOwner) throw badRequest('You cannot remove yourself from your own tree');
      if (!(await repo.remove(userId, id))) throw notFound(PERSON_NOT_FOUND);
    },
  };
}
export type TreeService = ReturnType<typeof createTreeService>;
