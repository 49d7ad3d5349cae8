// Collections, their items and the grants that share them (decision 025). Queries only: every one carries the
// owner in its WHERE; rows become DTOs here and nowhere else.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ShareLink } from '@shared/schemas/sharing';
import type { Db } from '../../db/client';
import { hasFaceOf, personPhotoOrder } from '../../db/collection-contents';
import { databaseNow, isLink, liveLink } from '../../db/grant-conditions';
import { collectionItems, collections, contacts, grants, memories, people, photos, vaultFiles } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';

type CollectionRow = typeof collections.$inferSelect;
export type CollectionValues = { title: string; description: string | null };
export type CollectionChanges = Partial<CollectionValues> & { coverPhotoId?: number | null };

export interface ItemIds {
  photoIds: number[];
  memoryIds: number[];
  documentIds: number[];
}

/** A collection with what its card shows; the cover's URL is made by the service. */
export interface CollectionSummary {
  id: number;
  title: string;
  description: string | null;
  /** A person collection's person (their name as the owner gave it, or null); null for an ordinary collection. */
  person: { id: number; name: string | null } | null;
  coverPhotoId: number | null;
  /** The chosen cover, else the first photo added; null without photos. */
  coverSourceId: number | null;
  photoCount: number;
  memoryCount: number;
  documentCount: number;
  linkCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface NewGrant {
  collectionId: number;
  linkKind: 'personal' | 'public';
  contactId: number | null;
  tokenNonce: string;
  tokenHash: string;
  passwordHash: string | null;
  includePlaces: boolean;
  includeNames: boolean;
  expiresAt: Date | null;
}

/** A grant as the owner's Sharing panel lists it; the link's URL is made by the service from the nonce. */
export type GrantRow = Omit<ShareLink, 'url'> & { tokenNonce: string | null };

/** Why an all-or-nothing change did not happen. */
export type Missing = 'collection' | 'photo' | 'memory' | 'document';
/** Why items could not be added to or taken out of a collection: one missing, or a person collection (it holds none by hand). */
export type ItemsRefused = Missing | 'person';

/** A live link (db/grant-conditions.ts), read inside subqueries that join `grants` unaliased. */
const LIVE_LINK = liveLink(databaseNow);

const itemCount = (column: 'photo_id' | 'memory_id' | 'vault_file_id') =>
  sql<number>`(SELECT count(*)::int FROM collection_items ci WHERE ci.collection_id = collections.id AND ci.${sql.raw(column)} IS NOT NULL)`;

/** A person collection's photos are counted from the faces (db/collection-contents.ts): every photo they are in. */
const personPhotoCount = sql<number>`(SELECT count(DISTINCT f.photo_id)::int FROM faces f
  WHERE f.user_id = collections.user_id AND f.person_id = collections.person_id)`;

/** A person collection's cover: the chosen one while the person is still in it, else the photo of their clearest face. */
const personCover = sql<number | null>`coalesce(
  CASE WHEN collections.cover_photo_id IS NOT NULL
        AND ${hasFaceOf(sql`collections.cover_photo_id`, sql`collections.user_id`, sql`collections.person_id`)}
       THEN collections.cover_photo_id END,
  (SELECT f.photo_id FROM faces f WHERE f.user_id = collections.user_id AND f.person_id = collections.person_id
   ORDER BY f.score DESC NULLS LAST, f.id LIMIT 1))`;

// Column references are spelled with the table's name: drizzle leaves the table off columns in a single-table
// select, and inside these subqueries an unqualified "id" would be collection_items.id.
const summaryColumns = {
  id: collections.id,
  title: collections.title,
  description: collections.description,
  personId: collections.personId,
  personName: people.name,
  coverPhotoId: collections.coverPhotoId,
  coverSourceId: sql<
    number | null
  >`CASE WHEN collections.person_id IS NOT NULL THEN ${personCover} ELSE coalesce(collections.cover_photo_id, (
    SELECT ci.photo_id FROM collection_items ci
    WHERE ci.collection_id = collections.id AND ci.photo_id IS NOT NULL
    ORDER BY ci.added_at, ci.id LIMIT 1)) END`,
  photoCount: sql<number>`CASE WHEN collections.person_id IS NOT NULL THEN ${personPhotoCount} ELSE ${itemCount('photo_id')} END`,
  memoryCount: itemCount('memory_id'),
  documentCount: itemCount('vault_file_id'),
  linkCount: sql<number>`(SELECT count(*)::int FROM grants WHERE grants.collection_id = collections.id AND ${LIVE_LINK})`,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
};

export function createCollectionsRepo(db: Db) {
  const owned = (userId: number, id: number) => and(eq(collections.id, id), eq(collections.userId, userId));

  /** The owner's collections with their person (owner-scoped: a person of another owner is never joined). */
  const summaries = () =>
    db
      .select(summaryColumns)
      .from(collections)
      .leftJoin(people, and(eq(people.id, collections.personId), eq(people.userId, collections.userId)));

  /** Locks the owner's collection for the rest of the transaction (a concurrent delete waits, or wins first). */
  async function lockOwned(tx: Tx, userId: number, id: number) {
    return (await lockWithPerson(tx, userId, id)) !== undefined;
  }

  /** lockOwned, telling a person collection (its person's id) from an ordinary one (null). */
  async function lockWithPerson(tx: Tx, userId: number, id: number): Promise<{ personId: number | null } | undefined> {
    const [row] = await tx.select({ personId: collections.personId }).from(collections).where(owned(userId, id)).for('update');
    return row;
  }

  /**
   * Which of `ids` is not one of the owner's items, checked with the rows locked FOR KEY SHARE so none of them
   * can be deleted before the transaction ends.
   */
  async function firstMissing(tx: Tx, userId: number, ids: ItemIds): Promise<Missing | undefined> {
    const checks = [
      [photos, ids.photoIds, 'photo'],
      [memories, ids.memoryIds, 'memory'],
      [vaultFiles, ids.documentIds, 'document'],
    ] as const;
    for (const [table, wanted, name] of checks) {
      const unique = [...new Set(wanted)];
      if (unique.length === 0) continue;
      const found = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.userId, userId), inArray(table.id, unique)))
        .for('key share');
      if (found.length !== unique.length) return name;
    }
    return undefined;
  }

  return {
    async listByOwner(userId: number): Promise<CollectionSummary[]> {
      const rows = await summaries().where(eq(collections.userId, userId)).orderBy(desc(collections.createdAt), desc(collections.id));
      return rows.map(toSummary);
    },

    async findOwned(userId: number, id: number): Promise<CollectionSummary | undefined> {
      const [row] = await summaries().where(owned(userId, id));
      return row && toSummary(row);
    },

    /** The owner's person, with what making a collection of them needs; undefined when not theirs. */
    async findPerson(userId: number, personId: number) {
      const [row] = await db
        .select({ id: people.id, name: people.name, hidden: people.hidden })
        .from(people)
        .where(and(eq(people.id, personId), eq(people.userId, userId)));
      return row;
    },

    /**
     * The collection's items, in the order they were added; a person collection's photos are every photo of
     * its person, by the day they were taken.
     */
    async itemIds(userId: number, id: number, personId: number | null = null): Promise<ItemIds> {
      if (personId !== null) {
        const photoRows = await db
          .select({ id: photos.id })
          .from(photos)
          .where(and(eq(photos.userId, userId), hasFaceOf(sql`photos.id`, userId, personId)))
          .orderBy(...personPhotoOrder);
        return { photoIds: photoRows.map((r) => r.id), memoryIds: [], documentIds: [] };
      }
      const rows = await db
        .select({ photoId: collectionItems.photoId, memoryId: collectionItems.memoryId, vaultFileId: collectionItems.vaultFileId })
        .from(collectionItems)
        .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.userId, userId)))
        .orderBy(collectionItems.addedAt, collectionItems.id);
      const ids: ItemIds = { photoIds: [], memoryIds: [], documentIds: [] };
      for (const row of rows) {
        if (row.photoId !== null) ids.photoIds.push(row.photoId);
        else if (row.memoryId !== null) ids.memoryIds.push(row.memoryId);
        else if (row.vaultFileId !== null) ids.documentIds.push(row.vaultFileId);
      }
      return ids;
    },

    async insert(userId: number, values: CollectionValues & { importId?: number | null; personId?: number | null }): Promise<number> {
      const [row] = await db
        .insert(collections)
        .values({ ...values, userId })
        .returning({ id: collections.id });
      return row!.id;
    },

    /**
     * Changes the given fields. A cover must be a photo of this collection: checked and written under the
     * collection's lock, so the photo cannot be removed from it in between.
     */
    async update(userId: number, id: number, changes: CollectionChanges): Promise<'ok' | 'collection' | 'cover'> {
      return db.transaction(async (tx) => {
        const locked = await lockWithPerson(tx, userId, id);
        if (!locked) return 'collection';
        if (changes.coverPhotoId != null && locked.personId !== null) {
          const [photo] = await tx
            .select({ id: photos.id })
            .from(photos)
            .where(and(eq(photos.id, changes.coverPhotoId), eq(photos.userId, userId), hasFaceOf(sql`photos.id`, userId, locked.personId)));
          if (!photo) return 'cover';
        } else if (changes.coverPhotoId != null) {
          const [item] = await tx
            .select({ id: collectionItems.id })
            .from(collectionItems)
            .where(
              and(
                eq(collectionItems.collectionId, id),
                eq(collectionItems.userId, userId),
                eq(collectionItems.photoId, changes.coverPhotoId),
              ),
            );
          if (!item) return 'cover';
        }
        await tx
          .update(collections)
          .set({ ...changes, updatedAt: new Date() })
          .where(owned(userId, id));
        return 'ok';
      });
    },

    /** Deletes the collection; its items and grants go with it (foreign keys). */
    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(collections).where(owned(userId, id)).returning({ id: collections.id });
      return rows.length > 0;
    },

    /** Adds the owner's items, all or nothing; an item already there stays as it is. */
    async addItems(userId: number, id: number, ids: ItemIds): Promise<ItemsRefused | undefined> {
      return db.transaction(async (tx) => {
        const locked = await lockWithPerson(tx, userId, id);
        if (!locked) return 'collection';
        if (locked.personId !== null) return 'person';
        const missing = await firstMissing(tx, userId, ids);
        if (missing) return missing;
        const rows = [
          ...ids.photoIds.map((photoId) => ({ collectionId: id, userId, photoId })),
          ...ids.memoryIds.map((memoryId) => ({ collectionId: id, userId, memoryId })),
          ...ids.documentIds.map((vaultFileId) => ({ collectionId: id, userId, vaultFileId })),
        ];
        await tx.insert(collectionItems).values(rows).onConflictDoNothing();
        await tx.update(collections).set({ updatedAt: new Date() }).where(owned(userId, id));
        return undefined;
      });
    },

    /** Removes the owner's items from the collection, all or nothing; an item not in it is no error. */
    async removeItems(userId: number, id: number, ids: ItemIds): Promise<ItemsRefused | undefined> {
      return db.transaction(async (tx) => {
        const locked = await lockWithPerson(tx, userId, id);
        if (!locked) return 'collection';
        if (locked.personId !== null) return 'person';
        const missing = await firstMissing(tx, userId, ids);
        if (missing) return missing;
        const inThis = and(eq(collectionItems.collectionId, id), eq(collectionItems.userId, userId));
        const lists = [
          [collectionItems.photoId, ids.photoIds],
          [collectionItems.memoryId, ids.memoryIds],
          [collectionItems.vaultFileId, ids.documentIds],
        ] as const;
        for (const [column, list] of lists) {
          if (list.length > 0) await tx.delete(collectionItems).where(and(inThis, inArray(column, list)));
        }
        await tx.update(collections).set({ updatedAt: new Date() }).where(owned(userId, id));
        // a cover taken out of the collection stops being its cover (the first photo takes over)
        if (ids.photoIds.length > 0)
          await tx
            .update(collections)
            .set({ coverPhotoId: null })
            .where(and(owned(userId, id), inArray(collections.coverPhotoId, ids.photoIds)));
        return undefined;
      });
    },

    /** The owner's contact, with what a personal link needs. */
    async findContact(userId: number, contactId: number) {
      const [row] = await db
        .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, userId)));
      return row;
    },

    /**
     * The new grant's id; 'collection' when the collection is gone (locked first, so a delete cannot slip in),
     * 'exists' when the contact already has a link to it (one per contact and collection).
     */
    async insertGrant(userId: number, grant: NewGrant): Promise<number | 'collection' | 'exists'> {
      return db.transaction(async (tx) => {
        if (!(await lockOwned(tx, userId, grant.collectionId))) return 'collection';
        const [row] = await tx
          .insert(grants)
          .values({ ...grant, userId })
          .onConflictDoNothing({ target: [grants.collectionId, grants.contactId], where: sql`link_kind = 'personal'` })
          .returning({ id: grants.id });
        return row?.id ?? 'exists';
      });
    },

    async listGrants(userId: number, collectionId: number): Promise<GrantRow[]> {
      const rows = await db
        .select({
          id: grants.id,
          linkKind: grants.linkKind,
          contactId: contacts.id,
          firstName: contacts.firstName,
          lastName: contacts.lastName,
          email: contacts.email,
          tokenNonce: grants.tokenNonce,
          hasPassword: sql<boolean>`${grants.passwordHash} IS NOT NULL`,
          includePlaces: grants.includePlaces,
          includeNames: grants.includeNames,
          createdAt: grants.createdAt,
          expiresAt: grants.expiresAt,
          lastOpenedAt: grants.lastOpenedAt,
          viewCount: grants.viewCount,
        })
        .from(grants)
        .leftJoin(contacts, and(eq(contacts.id, grants.contactId), eq(contacts.ownerId, userId)))
        .where(and(eq(grants.collectionId, collectionId), eq(grants.userId, userId), isLink))
        .orderBy(desc(grants.createdAt), desc(grants.id));
      return rows.map((row) => ({
        id: row.id,
        kind: row.linkKind as ShareLink['kind'], // listGrants selects links only
        contact:
          row.contactId === null
            ? null
            : { id: row.contactId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), email: row.email },
        tokenNonce: row.tokenNonce,
        hasPassword: row.hasPassword,
        includePlaces: row.includePlaces,
        includeNames: row.includeNames,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
        viewCount: row.viewCount,
      }));
    },

    async removeGrant(userId: number, collectionId: number, grantId: number): Promise<boolean> {
      const rows = await db
        .delete(grants)
        .where(and(eq(grants.id, grantId), eq(grants.collectionId, collectionId), eq(grants.userId, userId), isLink))
        .returning({ id: grants.id });
      return rows.length > 0;
    },

    /** The owner's items that at least one live grant reaches. */
    async sharedItemIds(userId: number): Promise<ItemIds> {
      const rows = await db
        .selectDistinct({ photoId: collectionItems.photoId, memoryId: collectionItems.memoryId, vaultFileId: collectionItems.vaultFileId })
        .from(collectionItems)
        .where(
          and(
            eq(collectionItems.userId, userId),
            sql`EXISTS (SELECT 1 FROM grants WHERE grants.collection_id = collection_items.collection_id AND grants.user_id = ${userId} AND ${LIVE_LINK})`,
          ),
        );
      const ids: ItemIds = { photoIds: [], memoryIds: [], documentIds: [] };
      for (const row of rows) {
        if (row.photoId !== null) ids.photoIds.push(row.photoId);
        else if (row.memoryId !== null) ids.memoryIds.push(row.memoryId);
        else if (row.vaultFileId !== null) ids.documentIds.push(row.vaultFileId);
      }
      // the photos of person collections with a live link
      const personPhotos = await db
        .select({ id: photos.id })
        .from(photos)
        .where(
          and(
            eq(photos.userId, userId),
            sql`EXISTS (SELECT 1 FROM collections JOIN grants ON grants.collection_id = collections.id
              WHERE collections.user_id = ${userId} AND collections.person_id IS NOT NULL AND grants.user_id = ${userId} AND ${LIVE_LINK}
                AND ${hasFaceOf(sql`photos.id`, userId, sql`collections.person_id`)})`,
          ),
        );
      ids.photoIds = [...new Set([...ids.photoIds, ...personPhotos.map((r) => r.id)])];
      for (const list of [ids.photoIds, ids.memoryIds, ids.documentIds]) list.sort((a, b) => a - b);
      return ids;
    },
  };
}
export type CollectionsRepo = ReturnType<typeof createCollectionsRepo>;

/** The only place a collections row becomes a summary. */
function toSummary(
  row: Omit<CollectionSummary, 'createdAt' | 'updatedAt' | 'person'> &
    Pick<CollectionRow, 'createdAt' | 'updatedAt' | 'personId'> & { personName: string | null },
): CollectionSummary {
  const { personId, personName, ...rest } = row;
  return {
    ...rest,
    person: personId === null ? null : { id: personId, name: personName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
