// What a grant's recipient may read (decision 025). Every query starts from one resolved grant: the
// collection and its owner are part of each WHERE, so an id from another collection, another owner or the
// owner's library at large names nothing here.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collectionItems, collections, contacts, grants, memories, memoryAttachments, photos, users, vaultFiles } from '../../db/schema';

/**
 * The signed-in user receives a personal grant when its contact is linked to them (mutual contacts, decision
 * 011) or when the contact's address is the user's own verified address: the owner chose that address, and
 * the user proved it is theirs, so a recipient who signs up later keeps what was shared (decision 025).
 */
function isRecipient(userId: number) {
  return or(
    eq(contacts.linkedUserId, userId),
    sql`exists (select 1 from ${users} as recipient where recipient.id = ${userId} and recipient.email_verified_at is not null and lower(recipient.email) = lower(${contacts.email}))`,
  );
}

/** A grant on a collection, with what every answer needs from the collection and its owner. */
export interface ShareGrant {
  id: number;
  ownerId: number;
  collectionId: number;
  title: string;
  description: string | null;
  coverPhotoId: number | null;
  ownerName: string;
  includePlaces: boolean;
  passwordHash: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface SharedPhotoRow {
  itemId: number;
  photoId: number;
  key: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  title: string | null;
  description: string | null;
  dateTaken: Date | null;
  location: string | null;
  cameraInfo: string | null;
  width: number | null;
  height: number | null;
  contentHash: string | null;
  createdAt: Date;
}

export interface SharedAttachmentRow {
  id: number;
  memoryId: number;
  key: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  displaySize: number;
  contentHash: string | null;
  uploadedAt: Date;
}

export interface SharedDocumentRow {
  itemId: number;
  key: string;
  name: string;
  description: string | null;
  fileSize: number;
  mimeType: string;
  contentHash: string | null;
  uploadedAt: Date;
}

export interface SharedMemoryRow {
  itemId: number;
  memoryId: number;
  title: string;
  content: string;
  eventDate: string;
  tags: string[];
  location: string | null;
}

const grantColumns = {
  id: grants.id,
  ownerId: grants.userId,
  collectionId: collections.id,
  title: collections.title,
  description: collections.description,
  coverPhotoId: collections.coverPhotoId,
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.surname}`,
  includePlaces: grants.includePlaces,
  passwordHash: grants.passwordHash,
  expiresAt: grants.expiresAt,
  createdAt: grants.createdAt,
};

const photoColumns = {
  itemId: collectionItems.id,
  photoId: photos.id,
  key: photos.filePath,
  fileName: photos.fileName,
  fileSize: photos.fileSize,
  mimeType: photos.mimeType,
  title: photos.title,
  description: photos.description,
  dateTaken: photos.dateTaken,
  location: photos.location,
  cameraInfo: photos.cameraInfo,
  width: photos.width,
  height: photos.height,
  contentHash: photos.contentHash,
  createdAt: photos.createdAt,
};

const attachmentColumns = {
  id: memoryAttachments.id,
  memoryId: memoryAttachments.memoryId,
  key: memoryAttachments.filePath,
  fileName: memoryAttachments.fileName,
  fileSize: memoryAttachments.fileSize,
  mimeType: memoryAttachments.mimeType,
  displaySize: memoryAttachments.displaySize,
  contentHash: memoryAttachments.contentHash,
  uploadedAt: memoryAttachments.uploadedAt,
};

const documentColumns = {
  itemId: collectionItems.id,
  key: vaultFiles.filePath,
  name: vaultFiles.originalName,
  description: vaultFiles.description,
  fileSize: vaultFiles.fileSize,
  mimeType: vaultFiles.mimeType,
  contentHash: vaultFiles.contentHash,
  uploadedAt: vaultFiles.uploadedAt,
};

export function createSharedViewRepo(db: Db) {
  /** A grant on a collection of its own owner that is released now; expiry is the service's to judge. */
  const grantQuery = () =>
    db
      .select(grantColumns)
      .from(grants)
      .innerJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
      .innerJoin(users, eq(users.id, grants.userId));

  const inCollection = (g: ShareGrant) => and(eq(collectionItems.collectionId, g.collectionId), eq(collectionItems.userId, g.ownerId));

  const photosOf = (g: ShareGrant) =>
    db
      .select(photoColumns)
      .from(collectionItems)
      .innerJoin(photos, and(eq(photos.id, collectionItems.photoId), eq(photos.userId, g.ownerId)));

  const documentsOf = (g: ShareGrant) =>
    db
      .select(documentColumns)
      .from(collectionItems)
      .innerJoin(vaultFiles, and(eq(vaultFiles.id, collectionItems.vaultFileId), eq(vaultFiles.userId, g.ownerId)));

  const attachmentsOf = (g: ShareGrant) =>
    db
      .select(attachmentColumns)
      .from(collectionItems)
      .innerJoin(memories, and(eq(memories.id, collectionItems.memoryId), eq(memories.userId, g.ownerId)))
      .innerJoin(memoryAttachments, and(eq(memoryAttachments.memoryId, memories.id), eq(memoryAttachments.userId, g.ownerId)));

  return {
    async findByTokenHash(tokenHash: string): Promise<ShareGrant | undefined> {
      const [row] = await grantQuery()
        .where(and(eq(grants.tokenHash, tokenHash), eq(grants.releaseCondition, 'now')))
        .limit(1);
      return row;
    },

    /** A personal grant to this signed-in user (see `isRecipient`): anyone else's is absent. */
    async findForRecipient(userId: number, grantId: number): Promise<ShareGrant | undefined> {
      const [row] = await grantQuery()
        .innerJoin(contacts, and(eq(contacts.id, grants.contactId), eq(contacts.ownerId, grants.userId)))
        .where(and(eq(grants.id, grantId), isRecipient(userId), eq(grants.releaseCondition, 'now')))
        .limit(1);
      return row;
    },

    /** Live personal grants to this user, newest first, with each collection's item count and first photo. */
    async listForRecipient(userId: number, now: Date) {
      const itemCount = db
        .select({ n: count() })
        .from(collectionItems)
        .where(and(eq(collectionItems.collectionId, collections.id), eq(collectionItems.userId, collections.userId)));
      return db
        .select({ ...grantColumns, itemCount: sql<number>`(${itemCount})::int` })
        .from(grants)
        .innerJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
        .innerJoin(users, eq(users.id, grants.userId))
        .innerJoin(contacts, and(eq(contacts.id, grants.contactId), eq(contacts.ownerId, grants.userId)))
        .where(and(isRecipient(userId), eq(grants.releaseCondition, 'now'), or(isNull(grants.expiresAt), gt(grants.expiresAt, now))))
        .orderBy(desc(grants.createdAt), desc(grants.id));
    },

    async countView(grantId: number, at: Date) {
      await db
        .update(grants)
        .set({ viewCount: sql`${grants.viewCount} + 1`, lastOpenedAt: at })
        .where(eq(grants.id, grantId));
    },

    listPhotos: (g: ShareGrant): Promise<SharedPhotoRow[]> =>
      photosOf(g)
        .where(inCollection(g))
        .orderBy(sql`${photos.dateTaken} asc nulls last`, asc(photos.title), asc(collectionItems.id)),

    /** The collection item to show as the cover of each collection: the chosen cover if it is in it, else its first photo. */
    async coverItems(grantsWanted: Array<Pick<ShareGrant, 'collectionId' | 'ownerId' | 'coverPhotoId'>>) {
      const ids = grantsWanted.map((g) => g.collectionId);
      if (ids.length === 0) return new Map<number, number>();
      const rows = await db
        .select({ collectionId: collectionItems.collectionId, itemId: collectionItems.id, photoId: photos.id, ownerId: photos.userId })
        .from(collectionItems)
        .innerJoin(photos, and(eq(photos.id, collectionItems.photoId), eq(photos.userId, collectionItems.userId)))
        .where(inArray(collectionItems.collectionId, ids))
        .orderBy(sql`${photos.dateTaken} asc nulls last`, asc(photos.title), asc(collectionItems.id));
      const covers = new Map<number, number>();
      for (const g of grantsWanted) {
        const mine = rows.filter((r) => r.collectionId === g.collectionId && r.ownerId === g.ownerId);
        const chosen = mine.find((r) => r.photoId === g.coverPhotoId) ?? mine[0];
        if (chosen) covers.set(g.collectionId, chosen.itemId);
      }
      return covers;
    },

    async findPhoto(g: ShareGrant, itemId: number): Promise<SharedPhotoRow | undefined> {
      const [row] = await photosOf(g)
        .where(and(inCollection(g), eq(collectionItems.id, itemId)))
        .limit(1);
      return row;
    },

    listMemories: (g: ShareGrant): Promise<SharedMemoryRow[]> =>
      db
        .select({
          itemId: collectionItems.id,
          memoryId: memories.id,
          title: memories.title,
          content: memories.content,
          eventDate: memories.eventDate,
          tags: memories.tags,
          location: memories.location,
        })
        .from(collectionItems)
        .innerJoin(memories, and(eq(memories.id, collectionItems.memoryId), eq(memories.userId, g.ownerId)))
        .where(inCollection(g))
        .orderBy(asc(memories.eventDate), asc(collectionItems.id)),

    /** The memories' own uploaded files (never the gallery photos or vault files linked to them). */
    listAttachments: (g: ShareGrant): Promise<SharedAttachmentRow[]> =>
      attachmentsOf(g).where(inCollection(g)).orderBy(asc(memoryAttachments.uploadedAt), asc(memoryAttachments.id)),

    async findAttachment(g: ShareGrant, attachmentId: number): Promise<SharedAttachmentRow | undefined> {
      const [row] = await attachmentsOf(g)
        .where(and(inCollection(g), eq(memoryAttachments.id, attachmentId)))
        .limit(1);
      return row;
    },

    listDocuments: (g: ShareGrant): Promise<SharedDocumentRow[]> =>
      documentsOf(g)
        .where(and(inCollection(g), isNotNull(collectionItems.vaultFileId)))
        .orderBy(asc(vaultFiles.originalName), asc(collectionItems.id)),

    async findDocument(g: ShareGrant, itemId: number): Promise<SharedDocumentRow | undefined> {
      const [row] = await documentsOf(g)
        .where(and(inCollection(g), eq(collectionItems.id, itemId)))
        .limit(1);
      return row;
    },
  };
}
export type SharedViewRepo = ReturnType<typeof createSharedViewRepo>;
