// Care access's rows (decision 077): the owner's settings, the caregivers, and the care grants that exist only
// while a caregiver's access is open. Every query on the owner's rows has the owner in its WHERE.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { caregivers, careSettings, collections, contacts, grants, users, vaultFiles } from '../../db/schema';
import { shareGrantColumns } from '../../db/share-grant-columns';
import type { Tx } from '../../lib/durable-files';
import type { ShareGrant } from '../shared-view/shared-view.service';

type Conn = Db | Tx;
export type CaregiverRow = typeof caregivers.$inferSelect;
export type CareSettingsRow = typeof careSettings.$inferSelect;

const isCareGrant = eq(grants.linkKind, 'care');

export function createLegacyCareRepo(db: Db) {
  return {
    db,
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async settings(conn: Conn, userId: number): Promise<CareSettingsRow | undefined> {
      const [row] = await conn.select().from(careSettings).where(eq(careSettings.userId, userId));
      return row;
    },

    async saveSettings(tx: Tx, userId: number, values: Pick<CareSettingsRow, 'documents' | 'collectionIds' | 'contacts' | 'waitingDays'>) {
      await tx
        .insert(careSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: careSettings.userId, set: { ...values, updatedAt: sql`now()` } });
    },

    async owner(conn: Conn, userId: number) {
      const [row] = await conn
        .select({ firstName: users.firstName, surname: users.surname, email: users.email, pendingEmail: users.pendingEmail })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** The owner's caregivers with their contact's name and address, in the order they were named. */
    async caregivers(conn: Conn, userId: number) {
      return conn
        .select({ caregiver: caregivers, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
        .from(caregivers)
        .innerJoin(contacts, and(eq(contacts.id, caregivers.contactId), eq(contacts.ownerId, caregivers.userId)))
        .where(eq(caregivers.userId, userId))
        .orderBy(asc(caregivers.id));
    },

    async caregiverBy(conn: Conn, where: { tokenHash: string } | { refuseTokenHash: string } | { id: number }) {
      const condition =
        'tokenHash' in where
          ? eq(caregivers.tokenHash, where.tokenHash)
          : 'refuseTokenHash' in where
            ? eq(caregivers.refuseTokenHash, where.refuseTokenHash)
            : eq(caregivers.id, where.id);
      const [row] = await conn
        .select({ caregiver: caregivers, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
        .from(caregivers)
        .innerJoin(contacts, and(eq(contacts.id, caregivers.contactId), eq(contacts.ownerId, caregivers.userId)))
        .where(condition);
      return row;
    },

    async insertCaregiver(tx: Tx, values: typeof caregivers.$inferInsert) {
      await tx.insert(caregivers).values(values);
    },

    async deleteCaregiver(tx: Tx, userId: number, id: number) {
      await tx.delete(caregivers).where(and(eq(caregivers.userId, userId), eq(caregivers.id, id)));
    },

    async updateCaregiver(tx: Tx, userId: number, id: number, changes: Partial<typeof caregivers.$inferInsert>) {
      await tx
        .update(caregivers)
        .set(changes)
        .where(and(eq(caregivers.userId, userId), eq(caregivers.id, id)));
    },

    /** Caregivers waiting for their access to open: their timers are queued again at start. */
    async waiting() {
      return db.select({ id: caregivers.id, opensAt: caregivers.opensAt }).from(caregivers).where(eq(caregivers.state, 'asked'));
    },

    /** The owner's contacts among `ids` (others' are simply absent). */
    async ownedContacts(conn: Conn, userId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return conn
        .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.ownerId, userId), inArray(contacts.id, ids)));
    },

    async ownedCollectionIds(conn: Conn, userId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await conn
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.userId, userId), inArray(collections.id, ids)));
      return rows.map((r) => r.id);
    },

    /** Care access opens: one viewer grant per chosen collection to the caregiver's contact (no token: the caregiver's link is the key). */
    async grantCollections(tx: Tx, userId: number, contactId: number, collectionIds: number[]) {
      if (collectionIds.length === 0) return;
      await tx
        .insert(grants)
        .values(
          collectionIds.map((collectionId) => ({ userId, collectionId, contactId, linkKind: 'care' as const, role: 'viewer' as const })),
        );
    },

    /** Care access ends: its grants go, as revoking a link deletes it. */
    async revokeGrants(tx: Tx, userId: number, contactId: number) {
      await tx.delete(grants).where(and(eq(grants.userId, userId), eq(grants.contactId, contactId), isCareGrant));
    },

    /** The caregiver's care grants, each a collection of the owner. */
    async careCollections(conn: Conn, userId: number, contactId: number) {
      return conn
        .select({ grantId: grants.id, title: collections.title })
        .from(grants)
        .innerJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
        .where(and(eq(grants.userId, userId), eq(grants.contactId, contactId), isCareGrant))
        .orderBy(asc(collections.title), asc(grants.id));
    },

    /** One care grant of this caregiver, as the shared view reads a grant; anything else is absent. */
    async careGrant(conn: Conn, userId: number, contactId: number, grantId: number): Promise<ShareGrant | undefined> {
      const [row] = await conn
        .select(shareGrantColumns)
        .from(grants)
        .innerJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
        .innerJoin(users, eq(users.id, grants.userId))
        .where(and(eq(grants.id, grantId), eq(grants.userId, userId), eq(grants.contactId, contactId), isCareGrant));
      return row;
    },

    async documents(conn: Conn, userId: number) {
      return conn
        .select({ id: vaultFiles.id, name: vaultFiles.originalName, mimeType: vaultFiles.mimeType, fileSize: vaultFiles.fileSize })
        .from(vaultFiles)
        .where(eq(vaultFiles.userId, userId))
        .orderBy(asc(vaultFiles.originalName), asc(vaultFiles.id));
    },

    async contacts(conn: Conn, userId: number) {
      return conn
        .select({
          firstName: contacts.firstName,
          lastName: contacts.lastName,
          relationship: contacts.relationship,
          familyRelation: contacts.familyRelation,
          email: contacts.email,
          phoneNumber: contacts.phoneNumber,
          address: contacts.address,
        })
        .from(contacts)
        .where(eq(contacts.ownerId, userId))
        .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id));
    },
  };
}

export type LegacyCareRepo = ReturnType<typeof createLegacyCareRepo>;
