// The Legacy Plan's heirs, releases and letters (decision 027). Every owner-side query carries the owner in
// its WHERE; the heir-side queries start from one heir found by its key code (or its cookie) and reach only
// grants of that heir whose release time has come.
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isHeirGrant, releasedGrant, sharedNow, unreleasedGrant } from '../../db/grant-conditions';
import { collections, contacts, grants, heirs, letters, memories, photos, replacedKeyCodes, users, vaultFiles } from '../../db/schema';

export type ReleaseKind = 'collection' | 'photo' | 'memory' | 'document' | 'letter';
export type StoredCondition = 'now' | 'after_death' | 'on_date' | 'at_age' | 'never';

const heirColumns = {
  id: heirs.id,
  userId: heirs.userId,
  contactId: heirs.contactId,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  language: contacts.language,
  dateOfBirth: heirs.dateOfBirth,
  keyCodeHash: heirs.keyCodeHash,
  publicKey: heirs.publicKey,
  keyCodeCreatedAt: heirs.keyCodeCreatedAt,
  createdAt: heirs.createdAt,
};

const ownerName = sql<string>`${users.firstName} || ' ' || ${users.surname}`;

/** The release's target kind and title, from left joins on every target kind (each with the grant's owner). */
const releaseColumns = {
  id: grants.id,
  heirId: sql<number>`coalesce(${grants.heirId}, ${heirs.id})`,
  condition: grants.releaseCondition,
  collectionId: grants.collectionId,
  photoId: grants.photoId,
  memoryId: grants.memoryId,
  vaultFileId: grants.vaultFileId,
  letterId: grants.letterId,
  title: sql<string>`coalesce(${collections.title}, ${photos.title}, ${photos.fileName}, ${memories.title}, ${vaultFiles.originalName}, ${letters.title}, '')`,
  releaseAt: grants.releaseAt,
  age: grants.releaseAge,
  releasedAt: grants.releasedAt,
  includeNames: grants.includeNames,
  createdAt: grants.createdAt,
};
export type ReleaseRow = Awaited<ReturnType<ReturnType<typeof createLegacyRepo>['listReleases']>>[number];

export function kindOf(r: Pick<ReleaseRow, 'collectionId' | 'photoId' | 'memoryId' | 'vaultFileId'>): ReleaseKind {
  if (r.collectionId !== null) return 'collection';
  if (r.photoId !== null) return 'photo';
  if (r.memoryId !== null) return 'memory';
  if (r.vaultFileId !== null) return 'document';
  return 'letter';
}

export function targetIdOf(r: Pick<ReleaseRow, 'collectionId' | 'photoId' | 'memoryId' | 'vaultFileId' | 'letterId'>): number {
  return r.collectionId ?? r.photoId ?? r.memoryId ?? r.vaultFileId ?? r.letterId ?? 0;
}

export function createLegacyRepo(db: Db) {
  const heirQuery = () =>
    db
      .select(heirColumns)
      .from(heirs)
      .innerJoin(contacts, and(eq(contacts.id, heirs.contactId), eq(contacts.ownerId, heirs.userId)));

  /** Releases of an owner with their targets' titles; `where` picks which. */
  const releaseQuery = (where: SQL | undefined) =>
    db
      .select(releaseColumns)
      .from(grants)
      .leftJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
      .leftJoin(photos, and(eq(photos.id, grants.photoId), eq(photos.userId, grants.userId)))
      .leftJoin(memories, and(eq(memories.id, grants.memoryId), eq(memories.userId, grants.userId)))
      .leftJoin(vaultFiles, and(eq(vaultFiles.id, grants.vaultFileId), eq(vaultFiles.userId, grants.userId)))
      .leftJoin(letters, and(eq(letters.id, grants.letterId), eq(letters.userId, grants.userId)))
      // a "now" personal link to an heir's contact belongs to that heir's page too
      .leftJoin(heirs, and(eq(heirs.contactId, grants.contactId), eq(heirs.userId, grants.userId)))
      .where(where)
      .orderBy(asc(grants.createdAt), asc(grants.id));

  return {
    async findContact(userId: number, contactId: number) {
      const [row] = await db
        .select({ id: contacts.id, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, userId)))
        .limit(1);
      return row;
    },

    listHeirs: (userId: number) => heirQuery().where(eq(heirs.userId, userId)).orderBy(asc(heirs.createdAt), asc(heirs.id)),

    async findHeir(userId: number, heirId: number) {
      const [row] = await heirQuery()
        .where(and(eq(heirs.id, heirId), eq(heirs.userId, userId)))
        .limit(1);
      return row;
    },

    /** Undefined when the contact is an heir already (one heir per contact). */
    async insertHeir(userId: number, contactId: number, dateOfBirth: string | null) {
      const [row] = await db
        .insert(heirs)
        .values({ userId, contactId, dateOfBirth })
        .onConflictDoNothing({ target: [heirs.userId, heirs.contactId] })
        .returning({ id: heirs.id });
      return row?.id;
    },

    async updateHeir(userId: number, heirId: number, values: { dateOfBirth: string | null }) {
      const rows = await db
        .update(heirs)
        .set(values)
        .where(and(eq(heirs.id, heirId), eq(heirs.userId, userId)))
        .returning({ id: heirs.id });
      return rows.length > 0;
    },

    /** The heir's "at an age" releases not released yet: their dates follow the date of birth. */
    pendingAgeReleases: (userId: number, heirId: number) =>
      db
        .select({ id: grants.id, age: grants.releaseAge })
        .from(grants)
        .where(and(eq(grants.userId, userId), eq(grants.heirId, heirId), unreleasedGrant, eq(grants.releaseCondition, 'at_age'))),

    async setReleaseAt(userId: number, grantId: number, releaseAt: Date) {
      await db
        .update(grants)
        .set({ releaseAt })
        .where(and(eq(grants.id, grantId), eq(grants.userId, userId), unreleasedGrant));
    },

    async deleteHeir(userId: number, heirId: number) {
      const rows = await db
        .delete(heirs)
        .where(and(eq(heirs.id, heirId), eq(heirs.userId, userId)))
        .returning({ id: heirs.id });
      return rows.length > 0;
    },

    /**
     * A new code replaces the old one (which then opens nothing but says it was replaced) and clears the
     * public key derived from it.
     */
    async setKeyCode(userId: number, heirId: number, keyCodeHash: string, at: Date) {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ keyCodeHash: heirs.keyCodeHash })
          .from(heirs)
          .where(and(eq(heirs.id, heirId), eq(heirs.userId, userId)))
          .for('update');
        if (!old) return false;
        if (old.keyCodeHash) {
          await tx.insert(replacedKeyCodes).values({ keyCodeHash: old.keyCodeHash, heirId, replacedAt: at }).onConflictDoNothing();
        }
        await tx.update(heirs).set({ keyCodeHash, publicKey: null, keyCodeCreatedAt: at }).where(eq(heirs.id, heirId));
        return true;
      });
    },

    /** Whether this hash was an heir's key code before a newer one replaced it. */
    async wasReplaced(keyCodeHash: string) {
      const [row] = await db
        .select({ heirId: replacedKeyCodes.heirId })
        .from(replacedKeyCodes)
        .where(eq(replacedKeyCodes.keyCodeHash, keyCodeHash));
      return row !== undefined;
    },

    async setPublicKey(userId: number, heirId: number, publicKey: string) {
      await db
        .update(heirs)
        .set({ publicKey })
        .where(and(eq(heirs.id, heirId), eq(heirs.userId, userId), isNotNull(heirs.keyCodeHash)));
    },

    /** Whether the owner has this target (a letter also has to be to this heir). */
    async ownsTarget(userId: number, kind: ReleaseKind, id: number): Promise<{ heirId?: number } | undefined> {
      const one = async (q: PromiseLike<Array<{ id?: number; heirId?: number }>>) => (await q)[0];
      switch (kind) {
        case 'collection':
          return one(
            db
              .select({ id: collections.id })
              .from(collections)
              .where(and(eq(collections.id, id), eq(collections.userId, userId))),
          );
        case 'photo':
          return one(
            db
              .select({ id: photos.id })
              .from(photos)
              .where(and(eq(photos.id, id), eq(photos.userId, userId))),
          );
        case 'memory':
          return one(
            db
              .select({ id: memories.id })
              .from(memories)
              .where(and(eq(memories.id, id), eq(memories.userId, userId))),
          );
        case 'document':
          return one(
            db
              .select({ id: vaultFiles.id })
              .from(vaultFiles)
              .where(and(eq(vaultFiles.id, id), eq(vaultFiles.userId, userId))),
          );
        case 'letter':
          return one(
            db
              .select({ heirId: letters.heirId })
              .from(letters)
              .where(and(eq(letters.id, id), eq(letters.userId, userId))),
          );
      }
    },

    async countOwnPhotos(userId: number, photoIds: number[]) {
      if (photoIds.length === 0) return 0;
      const rows = await db
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.userId, userId), inArray(photos.id, photoIds)));
      return rows.length;
    },

    async insertRelease(values: typeof grants.$inferInsert) {
      const [row] = await db.insert(grants).values(values).returning({ id: grants.id });
      return row!.id;
    },

    /** The owner's heir grants and "now" personal links to heirs' contacts; one heir's when `heirId` is given. */
    listReleases(userId: number, heirId?: number) {
      const mine = eq(grants.userId, userId);
      const ofHeir = or(isHeirGrant, and(eq(grants.linkKind, 'personal'), sharedNow, isNotNull(heirs.id)));
      const whose = heirId === undefined ? undefined : sql`coalesce(${grants.heirId}, ${heirs.id}) = ${heirId}`;
      return releaseQuery(and(mine, ofHeir, whose));
    },

    async findRelease(userId: number, id: number) {
      const [row] = await releaseQuery(and(eq(grants.id, id), eq(grants.userId, userId), isHeirGrant));
      return row;
    },

    /** Whether any grant of this heir comes from a rule by relation (decision 065). */
    async heirHasRuleGrants(userId: number, heirId: number) {
      const [row] = await db
        .select({ id: grants.id })
        .from(grants)
        .where(and(eq(grants.userId, userId), eq(grants.heirId, heirId), sql`${grants.relationRuleId} is not null`))
        .limit(1);
      return row !== undefined;
    },

    async isRuleGrant(userId: number, grantId: number) {
      const [row] = await db
        .select({ id: grants.id })
        .from(grants)
        .where(and(eq(grants.userId, userId), eq(grants.id, grantId), sql`${grants.relationRuleId} is not null`))
        .limit(1);
      return row !== undefined;
    },

    async deleteRelease(userId: number, id: number) {
      const rows = await db
        .delete(grants)
        .where(and(eq(grants.id, id), eq(grants.userId, userId), isHeirGrant))
        .returning({ id: grants.id, releaseAt: grants.releaseAt });
      return rows[0];
    },

    async insertLetter(values: typeof letters.$inferInsert, release: Omit<typeof grants.$inferInsert, 'letterId'>) {
      return db.transaction(async (tx) => {
        const [letter] = await tx.insert(letters).values(values).returning();
        await tx.insert(grants).values({ ...release, letterId: letter!.id });
        return letter!;
      });
    },

    listLetters: (userId: number) =>
      db.select().from(letters).where(eq(letters.userId, userId)).orderBy(asc(letters.createdAt), asc(letters.id)),

    async findLetter(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(letters)
        .where(and(eq(letters.id, id), eq(letters.userId, userId)))
        .limit(1);
      return row;
    },

    async deleteLetter(userId: number, id: number) {
      const rows = await db
        .delete(letters)
        .where(and(eq(letters.id, id), eq(letters.userId, userId)))
        .returning({ id: letters.id });
      return rows.length > 0;
    },

    // ---- the heir's side ----

    /** The heir a key code's hash names, with the owner's and the heir's names. */
    async findHeirByKeyCodeHash(keyCodeHash: string) {
      const [row] = await db
        .select({ ...heirColumns, ownerName })
        .from(heirs)
        .innerJoin(contacts, and(eq(contacts.id, heirs.contactId), eq(contacts.ownerId, heirs.userId)))
        .innerJoin(users, eq(users.id, heirs.userId))
        .where(eq(heirs.keyCodeHash, keyCodeHash))
        .limit(1);
      return row;
    },

    /**
     * An heir restored from an export made on another server: it keeps the public key of its code but not the
     * code's hash (each server hashes with its own salt). The first time the code is entered here, it is taken.
     */
    async adoptKeyCodeByPublicKey(publicKey: string, keyCodeHash: string) {
      const [row] = await db
        .update(heirs)
        .set({ keyCodeHash })
        .where(
          eq(
            heirs.id,
            sql`(select ${heirs.id} from ${heirs} where ${heirs.publicKey} = ${publicKey} and ${heirs.keyCodeHash} is null order by ${heirs.id} limit 1)`,
          ),
        )
        .returning({ id: heirs.id });
      return row?.id;
    },

    /** One of the owner's heirs with the owner's name, as the heir's side reads it. */
    async findHeirWithOwnerName(userId: number, heirId: number) {
      const [row] = await db
        .select({ ...heirColumns, ownerName, ownerLanguage: users.language })
        .from(heirs)
        .innerJoin(contacts, and(eq(contacts.id, heirs.contactId), eq(contacts.ownerId, heirs.userId)))
        .innerJoin(users, eq(users.id, heirs.userId))
        .where(and(eq(heirs.id, heirId), eq(heirs.userId, userId)))
        .limit(1);
      return row;
    },

    async findHeirById(heirId: number) {
      const [row] = await db
        .select({ ...heirColumns, ownerName, ownerLanguage: users.language })
        .from(heirs)
        .innerJoin(contacts, and(eq(contacts.id, heirs.contactId), eq(contacts.ownerId, heirs.userId)))
        .innerJoin(users, eq(users.id, heirs.userId))
        .where(eq(heirs.id, heirId))
        .limit(1);
      return row;
    },

    async hasReleased(heirId: number, userId: number, now: Date) {
      const [row] = await db
        .select({ id: grants.id })
        .from(grants)
        .where(and(eq(grants.heirId, heirId), eq(grants.userId, userId), releasedGrant(now)))
        .limit(1);
      return row !== undefined;
    },

    /** This heir's released grants (letters included), newest release last. */
    releasedTo: (heirId: number, userId: number, now: Date) =>
      releaseQuery(and(eq(grants.heirId, heirId), eq(grants.userId, userId), releasedGrant(now))),

    /** The letters to this heir, by id (the caller passes only released ones). */
    async lettersOf(heirId: number, userId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(letters)
        .where(and(eq(letters.heirId, heirId), eq(letters.userId, userId), inArray(letters.id, ids)))
        .orderBy(desc(letters.createdAt), desc(letters.id));
    },

    /**
     * Every grant of this heir that is or will be released (all but "never"), whatever its state: what the heir's
     * sealed escrow copy holds (decision 074). The shape is the shared view's grant, plus the letter and release.
     */
    heirGrantsToCome: (userId: number, heirId: number) =>
      db
        .select({
          id: grants.id,
          ownerId: grants.userId,
          collectionId: grants.collectionId,
          photoId: grants.photoId,
          memoryId: grants.memoryId,
          vaultFileId: grants.vaultFileId,
          letterId: grants.letterId,
          personId: collections.personId,
          title: releaseColumns.title,
          description: sql<string | null>`coalesce(${collections.description}, ${photos.description}, ${vaultFiles.description})`,
          coverPhotoId: collections.coverPhotoId,
          ownerName,
          includePlaces: grants.includePlaces,
          includeNames: grants.includeNames,
          passwordHash: grants.passwordHash,
          expiresAt: grants.expiresAt,
          createdAt: grants.createdAt,
          releasedAt: grants.releasedAt,
          releaseAt: grants.releaseAt,
        })
        .from(grants)
        .innerJoin(users, eq(users.id, grants.userId))
        .leftJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
        .leftJoin(photos, and(eq(photos.id, grants.photoId), eq(photos.userId, grants.userId)))
        .leftJoin(memories, and(eq(memories.id, grants.memoryId), eq(memories.userId, grants.userId)))
        .leftJoin(vaultFiles, and(eq(vaultFiles.id, grants.vaultFileId), eq(vaultFiles.userId, grants.userId)))
        .leftJoin(letters, and(eq(letters.id, grants.letterId), eq(letters.userId, grants.userId)))
        .where(and(eq(grants.userId, userId), eq(grants.heirId, heirId), isHeirGrant, ne(grants.releaseCondition, 'never')))
        .orderBy(asc(grants.createdAt), asc(grants.id)),

    async photoTitles(userId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: photos.id, title: photos.title })
        .from(photos)
        .where(and(eq(photos.userId, userId), inArray(photos.id, ids)));
    },
  };
}
export type LegacyRepo = ReturnType<typeof createLegacyRepo>;
export type HeirRow = NonNullable<Awaited<ReturnType<LegacyRepo['findHeir']>>>;
