// The family tree (issue 30): its persons, and what other features ask of it. The owner's whole tree is read
// with two queries and everything derived (relation words, relatives, cycles) is computed in memory.
import type { z } from 'zod';
import type {
  RelationToMe,
  TreeGraph,
  TreeGraphQuery,
  TreePerson,
  TreePersonPageQuery,
  TreeRelation,
  TreeRelationInput,
  treePersonInputSchema,
  treePersonPatchSchema,
} from '@shared/schemas/tree';
import { pageLimit } from '@shared/schemas/paging';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { buildFamily, type TreeFamily, type TreeFamilyGraph } from './tree-family';
import { selectGraph } from './tree-graph';
import { parentLinkRefusal, partnerLinkRefusal, type Refusal } from './tree-link-checks';
import { toTreePerson, warningsFor } from './tree-person-dto';
import { toTreeRelation } from './tree-relation-dto';
import { relativesOf } from './tree-relatives';
import { createTreeCache } from './tree-cache';
import { placeContactIn, type PlacedContact } from './tree-contact-link';
import { ownerValues, toPersonChanges, toPersonValues } from './tree-person-values';
import type { PersonRow, PersonValues, RelationValues, TreeRepo } from './tree.repo';
import { userText } from '@shared/i18n/text';

const PERSON_NOT_FOUND = userText('Person not found');
const DEFAULT_GENERATIONS = 4;

const refused = (refusal: Refusal) =>
  refusal.status === 409 ? conflict(refusal.sentence, 'LINK_EXISTS') : badRequest(refusal.sentence, 'LINK_REFUSED');

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === '23505' || (e?.cause !== undefined && isUniqueViolation(e.cause));
}

export function createTreeService({ repo }: { repo: TreeRepo }) {
  const cache = createTreeCache(repo);

  /** Rows as the API shows them: each with its face and its date warnings (one query each for the lot). */
  async function familyAround(userId: number, rows: PersonRow[]) {
    const around = await repo.parentLinksAround(
      userId,
      rows.map((r) => r.id),
    );
    return buildFamily([...rows, ...around.persons], around.relations);
  }

  async function present(userId: number, rows: PersonRow[], whole?: TreeFamily, language?: string): Promise<TreePerson[]> {
    const family = whole ?? (await familyAround(userId, rows));
    const withFaces = rows.flatMap((r) => (r.personId === null ? [] : [r.personId]));
    const covers = await repo.coverPhotos(userId, withFaces);
    return rows.map((r) =>
      toTreePerson(r, {
        coverPhotoId: r.personId === null ? undefined : covers.get(r.personId),
        warnings: warningsFor(family, r.id, language),
      }),
    );
  }
  const presentOne = async (userId: number, row: PersonRow, language?: string) => (await present(userId, [row], undefined, language))[0]!;

  async function ownerRow(userId: number): Promise<PersonRow> {
    const found = await repo.findOwnerPerson(userId);
    if (found) return found;
    await repo.insertOwnerPerson(userId, ownerValues(await repo.profileOf(userId)));
    return (await repo.findOwnerPerson(userId))!;
  }

  /** The owner's graph as kept between requests: shared, never to be changed by a caller. */
  async function familyGraph(userId: number): Promise<TreeFamilyGraph> {
    return (await cache.read(userId)).graph;
  }

  /** The whole tree in memory, with the owner's person made first when it is not there yet. */
  async function wholeTree(userId: number) {
    const owner = await ownerRow(userId);
    return { owner, ...(await cache.read(userId)) };
  }

  async function ownedRow(userId: number, id: number) {
    const row = await repo.findOwned(userId, id);
    if (!row) throw notFound(PERSON_NOT_FOUND);
    return row;
  }

  /** A contact or a photos-person linked to a tree person must be the owner's, and in the tree once. */
  async function checkLinks(userId: number, values: Partial<PersonValues>) {
    if (values.contactId != null && !(await repo.ownsContact(userId, values.contactId))) throw notFound(userText('Contact not found'));
    if (values.personId != null && !(await repo.ownsPhotoPerson(userId, values.personId)))
      throw notFound(userText('That person of the photos was not found'));
  }
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict(userText('That contact or person of the photos is already in the tree as someone else'), 'ALREADY_IN_TREE');
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
      const tree = await cache.read(userId);
      return tree.relation(viewerTreePersonId, targetTreePersonId)?.label ?? null;
    },

    async page(userId: number, query: TreePersonPageQuery) {
      await ownerRow(userId);
      const filter = {
        nameHolds: query.q,
        contactId: query.contactId === undefined ? undefined : Number(query.contactId),
        personId: query.personId === undefined ? undefined : Number(query.personId),
      };
      const { rows, nextCursor } = await repo.page(userId, filter, query.cursor, pageLimit(query));
      return { items: await present(userId, rows), nextCursor };
    },

    get: async (userId: number, id: number, language?: string) => presentOne(userId, await ownedRow(userId, id), language),

    async create(userId: number, input: z.output<typeof treePersonInputSchema>, language?: string) {
      const values = toPersonValues(input);
      await checkLinks(userId, values);
      return presentOne(userId, await saving(() => repo.insert(userId, values)), language);
    },

    async update(userId: number, id: number, patch: z.output<typeof treePersonPatchSchema>, language?: string) {
      await ownedRow(userId, id);
      const changes = toPersonChanges(patch);
      await checkLinks(userId, changes);
      const row = await saving(() => repo.update(userId, id, changes));
      if (!row) throw notFound(PERSON_NOT_FOUND);
      return presentOne(userId, row, language);
    },

    async remove(userId: number, id: number) {
      const row = await ownedRow(userId, id);
      if (row.isOwner) throw badRequest(userText('You cannot remove yourself from your own tree'));
      if (!(await repo.remove(userId, id))) throw notFound(PERSON_NOT_FOUND);
    },

    /** A parent or partner link; refused when it makes a cycle, a third birth parent, or repeats a link. */
    async link(userId: number, input: TreeRelationInput): Promise<TreeRelation> {
      return repo.transaction(async (tx) => {
        await repo.lockOwner(tx, userId);
        const { persons, relations } = await repo.everything(userId, tx);
        const family = buildFamily(persons, relations);
        if (!family.persons.has(input.from) || !family.persons.has(input.to)) throw notFound(PERSON_NOT_FOUND);
        let values: RelationValues;
        if (input.kind === 'parent') {
          const refusal = parentLinkRefusal(family, input.from, input.to, input.type);
          if (refusal) throw refused(refusal);
          values = {
            kind: 'parent',
            fromId: input.from,
            toId: input.to,
            type: input.type,
            startDate: input.start || null,
            endDate: input.end || null,
          };
        } else {
          const refusal = partnerLinkRefusal(family, input.from, input.to);
          if (refusal) throw refused(refusal);
          const endReason = input.endReason ?? (input.end ? 'separation' : null);
          values = {
            kind: 'partner',
            fromId: Math.min(input.from, input.to),
            toId: Math.max(input.from, input.to),
            type: input.type,
            startDate: input.start || null,
            endDate: input.end || null,
            endReason,
          };
        }
        const row = await repo.insertRelation(userId, values, tx);
        if (!row) throw conflict(userText('That link is already in the tree'), 'LINK_EXISTS');
        return toTreeRelation(row);
      });
    },

    async unlink(userId: number, id: number) {
      if (!(await repo.removeRelation(userId, id))) throw notFound(userText('Link not found'));
    },

    /** A person's own links, and their near relatives derived from all links. */
    async relationsOf(userId: number, id: number) {
      const { relations, family, index } = await wholeTree(userId);
      if (!family.persons.has(id)) throw notFound(PERSON_NOT_FOUND);
      const own = relations.filter((r) => r.fromId === id || r.toId === id);
      const relatives = relativesOf(family, index, id);
      const named = new Set([...own.flatMap((r) => [r.fromId, r.toId]), ...relatives.map((r) => r.personId)]);
      named.delete(id);
      const rows = [...named].map((n) => family.persons.get(n)!);
      return { relations: own.map(toTreeRelation), persons: await present(userId, rows, family), relatives };
    },

    /** How a person is related to the signed-in owner, with the chain of links that says it. */
    async relationToMe(userId: number, id: number): Promise<RelationToMe> {
      const tree = await wholeTree(userId);
      if (!tree.family.persons.has(id)) throw notFound(PERSON_NOT_FOUND);
      const relation = tree.relation(tree.owner.id, id);
      return {
        label: relation?.label ?? null,
        labels: relation?.labels ?? [],
        path: (relation?.path ?? []).map((step) => ({ personId: Number(step.personId), step: step.step })),
      };
    },

    /** The persons and links around a root for the tree view, each person with the owner's word for them. */
    async graph(userId: number, query: TreeGraphQuery): Promise<TreeGraph> {
      const tree = await wholeTree(userId);
      const { owner, relations, family } = tree;
      const rootId = query.root === undefined ? owner.id : Number(query.root);
      if (!family.persons.has(rootId)) throw notFound(PERSON_NOT_FOUND);
      const up = query.up === undefined ? DEFAULT_GENERATIONS : Number(query.up);
      const down = query.down === undefined ? DEFAULT_GENERATIONS : Number(query.down);
      const { ids, truncated } = selectGraph(family, rootId, up, down);
      const rows = [...ids].map((id) => family.persons.get(id)!);
      const shown = await present(userId, rows, family);
      return {
        rootId,
        persons: shown.map((p) => ({ ...p, relationToViewer: tree.relation(owner.id, p.id)?.label ?? null })),
        relations: relations.filter((r) => ids.has(r.fromId) && ids.has(r.toId)).map(toTreeRelation),
        truncated,
      };
    },

    /**
     * A family contact was made or changed: their tree person is made or kept (names and birthday from the
     * contact), linked to the owner where the contact's relation says so and the tree allows it.
     */
    async placeContact(userId: number, contact: PlacedContact): Promise<void> {
      const owner = await ownerRow(userId);
      await repo.transaction(async (tx) => {
        await repo.lockOwner(tx, userId);
        await placeContactIn(repo, tx, userId, owner.id, contact);
      });
    },
  };
}
export type TreeService = ReturnType<typeof createTreeService>;
export type { TreeFamilyGraph };
