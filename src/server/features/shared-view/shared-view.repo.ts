// What a grant's recipient may read (decision 025). Every query starts from one resolved grant: the
// collection and its owner are part of each WHERE, so an id from another collection, another owner or the
// owner's library at large names nothing here.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FaceBox, FaceSource } from '@shared/schemas/people';
import type { Db } from '../../db/client';
import { hasFaceOf } from '../../db/collection-contents';
import { notExpired, releasedGrant, sharedNow } from '../../db/grant-conditions';
import {
  collectionItems,
  collections,
  contacts,
  faces,
  grants,
  memories,
  memoryAttachments,
  people,
  photos,
  users,
  vaultFiles,
} from '../../db/schema';
import { shareGrantColumns } from '../../db/share-grant-columns';
import type { VideoPlaybackState } from '../photos/photos.service';

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

/**
 * What a signed-in recipient keeps under Shared with me: a collection shared now, or a collection the Legacy
 * Plan released to them as an heir (decision 027) — so an heir who makes an account keeps it.
 */
function keptByRecipient(now: Date) {
  return or(sharedNow, releasedGrant(now));
}

/**
 * A grant with what every answer needs from its target and its owner. The target is a collection, or (for
 * the Legacy Plan) a single photo, memory or document: a collection of one, whose item id is the target's
 * own id.
 */
export interface ShareGrant {
  id: number;
  ownerId: number;
  collectionId: number | null;
  photoId: number | null;
  memoryId: number | null;
  vaultFileId: number | null;
  /** A person collection's person: its photos are every photo of them, each addressed by the photo's own id. */
  personId: number | null;
  title: string;
  description: string | null;
  coverPhotoId: number | null;
  ownerName: string;
  includePlaces: boolean;
  /** Whether the names of the people in the photos are shown (issue 29); nothing about faces otherwise. */
  includeNames: boolean;
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
  dateTakenPrecision: string | null;
  dateTakenMargin: number | null;
  location: string | null;
  cameraInfo: string | null;
  width: number | null;
  height: number | null;
  contentHash: string | null;
  createdAt: Date;
  /** A video's playback and length (decision 038); null for a picture. */
  videoPlayback: VideoPlaybackState | null;
  durationMs: number | null;
}

export interface SharedAttachmentRow {
  id: number;
  memoryId: number;
  key: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  displaySize: number;
  /** The M4A copy of WebM/Ogg audio (decision 040): 'ready' once it exists. */
  audioCopy: 'ready' | 'unavailable' | null;
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

/** A named, shown person's face in a shared photo (only read for a grant that includes names). */
export interface SharedNameRow {
  photoId: number;
  name: string;
  box: FaceBox;
  source: FaceSource;
}

export interface SharedMemoryRow {
  itemId: number;
  memoryId: number;
  title: string;
  content: string;
  eventDate: string;
  eventDatePrecision: string;
  eventDateMargin: number | null;
  tags: string[];
  location: string | null;
  createdAt: Date;
  updatedAt: Date;
}

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
  dateTakenPrecision: photos.dateTakenPrecision,
  dateTakenMargin: photos.dateTakenMargin,
  location: photos.location,
  cameraInfo: photos.cameraInfo,
  width: photos.width,
  height: photos.height,
  contentHash: photos.contentHash,
  createdAt: photos.createdAt,
  videoPlayback: photos.videoPlayback,
  durationMs: photos.durationMs,
};

const attachmentColumns = {
  id: memoryAttachments.id,
  memoryId: memoryAttachments.memoryId,
  key: memoryAttachments.filePath,
  fileName: memoryAttachments.fileName,
  fileSize: memoryAttachments.fileSize,
  mimeType: memoryAttachments.mimeType,
  displaySize: memoryAttachments.displaySize,
  audioCopy: memoryAttachments.audioCopy,
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
      .select(shareGrantColumns)
      .from(grants)
      .innerJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
      .innerJoin(users, eq(users.id, grants.userId));

  const inCollection = (g: ShareGrant) =>
    and(eq(collectionItems.collectionId, g.collectionId ?? -1), eq(collectionItems.userId, g.ownerId));
  const isCollection = (g: ShareGrant) => g.collectionId !== null;
  /** A person collection: its photos are read from the faces, and addressed by their own ids (no items). */
  const isPersonCollection = (g: ShareGrant) => g.collectionId !== null && g.personId !== null;
  const photoOrder = [sql`${photos.dateTaken} asc nulls last`, asc(photos.title)] as const;

  /**
   * The grant's photos (`where` narrows further): a collection's, every photo of a person collection's person,
   * or the one photo of a single-photo grant.
   */
  function photosOf(g: ShareGrant, where?: SQL): Promise<SharedPhotoRow[]> {
    if (isPersonCollection(g)) {
      return db
        .select({ ...photoColumns, itemId: photos.id })
        .from(photos)
        .where(and(eq(photos.userId, g.ownerId), hasFaceOf(sql`${photos.id}`, g.ownerId, g.personId!), where))
        .orderBy(...photoOrder, asc(photos.id));
    }
    if (isCollection(g)) {
      return db
        .select(photoColumns)
        .from(collectionItems)
        .innerJoin(photos, and(eq(photos.id, collectionItems.photoId), eq(photos.userId, g.ownerId)))
        .where(and(inCollection(g), where))
        .orderBy(...photoOrder, asc(collectionItems.id));
    }
    if (g.photoId === null) return Promise.resolve([]);
    return db
      .select({ ...photoColumns, itemId: photos.id })
      .from(photos)
      .where(and(eq(photos.id, g.photoId), eq(photos.userId, g.ownerId), where));
  }

  function documentsOf(g: ShareGrant, where?: SQL): Promise<SharedDocumentRow[]> {
    if (isCollection(g)) {
      return db
        .select(documentColumns)
        .from(collectionItems)
        .innerJoin(vaultFiles, and(eq(vaultFiles.id, collectionItems.vaultFileId), eq(vaultFiles.userId, g.ownerId)))
        .where(and(inCollection(g), isNotNull(collectionItems.vaultFileId), where))
        .orderBy(asc(vaultFiles.originalName), asc(collectionItems.id));
    }
    if (g.vaultFileId === null) return Promise.resolve([]);
    return db
      .select({ ...documentColumns, itemId: vaultFiles.id })
      .from(vaultFiles)
      .where(and(eq(vaultFiles.id, g.vaultFileId), eq(vaultFiles.userId, g.ownerId), where));
  }

  const memoryColumns = {
    memoryId: memories.id,
    title: memories.title,
    content: memories.content,
    eventDate: memories.eventDate,
    eventDatePrecision: memories.eventDatePrecision,
    eventDateMargin: memories.eventDateMargin,
    tags: memories.tags,
    location: memories.location,
    createdAt: memories.createdAt,
    updatedAt: memories.updatedAt,
  };

  function memoriesOf(g: ShareGrant): Promise<SharedMemoryRow[]> {
    if (isCollection(g)) {
      return db
        .select({ ...memoryColumns, itemId: collectionItems.id })
        .from(collectionItems)
        .innerJoin(memories, and(eq(memories.id, collectionItems.memoryId), eq(memories.userId, g.ownerId)))
        .where(inCollection(g))
        .orderBy(asc(memories.eventDate), asc(collectionItems.id));
    }
    if (g.memoryId === null) return Promise.resolve([]);
    return db
      .select({ ...memoryColumns, itemId: memories.id })
      .from(memories)
      .where(and(eq(memories.id, g.memoryId), eq(memories.userId, g.ownerId)));
  }

  /** The memories' own uploaded files (never the gallery photos or vault files linked to them). */
  function attachmentsOf(g: ShareGrant, where?: SQL): Promise<SharedAttachmentRow[]> {
    const order = [asc(memoryAttachments.uploadedAt), asc(memoryAttachments.id)] as const;
    const ofMemory = and(eq(memoryAttachments.memoryId, memories.id), eq(memoryAttachments.userId, g.ownerId));
    if (isCollection(g)) {
      return db
        .select(attachmentColumns)
        .from(collectionItems)
        .innerJoin(memories, and(eq(memories.id, collectionItems.memoryId), eq(memories.userId, g.ownerId)))
        .innerJoin(memoryAttachments, ofMemory)
        .where(and(inCollection(g), where))
        .orderBy(...order);
    }
    if (g.memoryId === null) return Promise.resolve([]);
    return db
      .select(attachmentColumns)
      .from(memories)
      .innerJoin(memoryAttachments, ofMemory)
      .where(and(eq(memories.id, g.memoryId), eq(memories.userId, g.ownerId), where))
      .orderBy(...order);
  }

  const itemIdIs = (g: ShareGrant, itemId: number, own: typeof photos.id | typeof vaultFiles.id) =>
    eq(isCollection(g) && !isPersonCollection(g) ? collectionItems.id : own, itemId);

  return {
    async findByTokenHash(tokenHash: string): Promise<ShareGrant | undefined> {
      const [row] = await grantQuery()
        .where(and(eq(grants.tokenHash, tokenHash), sharedNow))
        .limit(1);
      if (row) return row;
      // a life-story book's link to one memory (decision 068): read as a collection of one, the memory's own id its item
      const [single] = await db
        .select({ ...shareGrantColumns, collectionId: grants.collectionId, title: memories.title, description: sql<string | null>`null` })
        .from(grants)
        .innerJoin(users, eq(users.id, grants.userId))
        .innerJoin(memories, and(eq(memories.id, grants.memoryId), eq(memories.userId, grants.userId)))
        .leftJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
        .where(and(eq(grants.tokenHash, tokenHash), isNotNull(grants.bookId), sharedNow))
        .limit(1);
      return single;
    },

    /** A personal grant to this signed-in user (see `isRecipient`): anyone else's is absent. */
    async findForRecipient(userId: number, grantId: number, now = new Date()): Promise<ShareGrant | undefined> {
      const [row] = await grantQuery()
        .innerJoin(contacts, and(eq(contacts.id, grants.contactId), eq(contacts.ownerId, grants.userId)))
        .where(and(eq(grants.id, grantId), isRecipient(userId), keptByRecipient(now)))
        .limit(1);
      return row;
    },

    /** Live personal grants to this user, newest first, with each collection's item count and first photo. */
    async listForRecipient(userId: number, now: Date) {
      const itemCount = db
        .select({ n: count() })
        .from(collectionItems)
        .where(and(eq(collectionItems.collectionId, collections.id), eq(collectionItems.userId, collections.userId)));
      const personPhotoCount = sql`(SELECT count(DISTINCT f.photo_id) FROM faces f
        WHERE f.user_id = ${collections.userId} AND f.person_id = ${collections.personId})`;
      return db
        .select({
          ...shareGrantColumns,
          itemCount: sql<number>`(CASE WHEN ${collections.personId} IS NULL THEN (${itemCount}) ELSE ${personPhotoCount} END)::int`,
        })
        .from(grants)
        .innerJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
        .innerJoin(users, eq(users.id, grants.userId))
        .innerJoin(contacts, and(eq(contacts.id, grants.contactId), eq(contacts.ownerId, grants.userId)))
        .where(and(isRecipient(userId), keptByRecipient(now), notExpired(now)))
        .orderBy(desc(grants.createdAt), desc(grants.id));
    },

    async countView(grantId: number, at: Date) {
      await db
        .update(grants)
        .set({ viewCount: sql`${grants.viewCount} + 1`, lastOpenedAt: at })
        .where(eq(grants.id, grantId));
    },

    listPhotos: (g: ShareGrant) => photosOf(g),

    /**
     * The item to show as the cover of each collection: the chosen cover if it is in it, else its first photo
     * (a person collection's photo, by its own id).
     */
    async coverItems(grantsWanted: Array<ShareGrant & { collectionId: number }>) {
      const covers = new Map<number, number>();
      for (const g of grantsWanted.filter(isPersonCollection)) {
        const [chosen] = g.coverPhotoId === null ? [] : await photosOf(g, eq(photos.id, g.coverPhotoId));
        const first =
          chosen ??
          (
            await db
              .select({ itemId: photos.id })
              .from(photos)
              .where(and(eq(photos.userId, g.ownerId), hasFaceOf(sql`${photos.id}`, g.ownerId, g.personId!)))
              .orderBy(...photoOrder, asc(photos.id))
              .limit(1)
          )[0];
        if (first) covers.set(g.collectionId, first.itemId);
      }
      const ids = grantsWanted.filter((g) => !isPersonCollection(g)).map((g) => g.collectionId);
      if (ids.length === 0) return covers;
      const rows = await db
        .select({ collectionId: collectionItems.collectionId, itemId: collectionItems.id, photoId: photos.id, ownerId: photos.userId })
        .from(collectionItems)
        .innerJoin(photos, and(eq(photos.id, collectionItems.photoId), eq(photos.userId, collectionItems.userId)))
        .where(inArray(collectionItems.collectionId, ids))
        .orderBy(sql`${photos.dateTaken} asc nulls last`, asc(photos.title), asc(collectionItems.id));
      for (const g of grantsWanted) {
        const mine = rows.filter((r) => r.collectionId === g.collectionId && r.ownerId === g.ownerId);
        const chosen = mine.find((r) => r.photoId === g.coverPhotoId) ?? mine[0];
        if (chosen) covers.set(g.collectionId, chosen.itemId);
      }
      return covers;
    },

    async findPhoto(g: ShareGrant, itemId: number): Promise<SharedPhotoRow | undefined> {
      const [row] = await photosOf(g, itemIdIs(g, itemId, photos.id));
      return row;
    },

    /**
     * The named people in these photos of the grant's owner, each with their face's box: never a hidden person
     * nor an unnamed one, by photo, left to right. Read only for a grant that includes names.
     */
    async namesIn(g: ShareGrant, photoIds: number[]): Promise<Map<number, SharedNameRow[]>> {
      const byPhoto = new Map<number, SharedNameRow[]>();
      if (!g.includeNames || photoIds.length === 0) return byPhoto;
      const rows = await db
        .select({
          photoId: faces.photoId,
          name: people.name,
          source: faces.source,
          x: faces.boxX,
          y: faces.boxY,
          width: faces.boxWidth,
          height: faces.boxHeight,
        })
        .from(faces)
        .innerJoin(people, and(eq(people.id, faces.personId), eq(people.userId, g.ownerId)))
        .where(and(eq(faces.userId, g.ownerId), inArray(faces.photoId, photoIds), isNotNull(people.name), eq(people.hidden, false)))
        .orderBy(asc(faces.photoId), asc(faces.boxX), asc(faces.id));
      for (const { photoId, name, source, ...box } of rows) {
        const list = byPhoto.get(photoId) ?? [];
        list.push({ photoId, name: name!, source, box });
        byPhoto.set(photoId, list);
      }
      return byPhoto;
    },

    listMemories: (g: ShareGrant) => memoriesOf(g),

    listAttachments: (g: ShareGrant) => attachmentsOf(g),

    async findAttachment(g: ShareGrant, attachmentId: number): Promise<SharedAttachmentRow | undefined> {
      const [row] = await attachmentsOf(g, eq(memoryAttachments.id, attachmentId));
      return row;
    },

    listDocuments: (g: ShareGrant) => documentsOf(g),

    async findDocument(g: ShareGrant, itemId: number): Promise<SharedDocumentRow | undefined> {
      const [row] = await documentsOf(g, itemIdIs(g, itemId, vaultFiles.id));
      return row;
    },

    /**
     * A Legacy Plan grant of this heir, released by now (decision 027): a collection or a single photo,
     * memory or document of the grant's owner. Letters are delivered by their own answers, never here.
     */
    async findForHeir(heirId: number, grantId: number, now: Date): Promise<ShareGrant | undefined> {
      const [row] = await db
        .select({
          ...shareGrantColumns,
          collectionId: grants.collectionId,
          title: sql<string>`coalesce(${collections.title}, ${photos.title}, ${photos.fileName}, ${memories.title}, ${vaultFiles.originalName}, '')`,
          description: sql<string | null>`coalesce(${collections.description}, ${photos.description}, ${vaultFiles.description})`,
        })
        .from(grants)
        .innerJoin(users, eq(users.id, grants.userId))
        .leftJoin(collections, and(eq(collections.id, grants.collectionId), eq(collections.userId, grants.userId)))
        .leftJoin(photos, and(eq(photos.id, grants.photoId), eq(photos.userId, grants.userId)))
        .leftJoin(memories, and(eq(memories.id, grants.memoryId), eq(memories.userId, grants.userId)))
        .leftJoin(vaultFiles, and(eq(vaultFiles.id, grants.vaultFileId), eq(vaultFiles.userId, grants.userId)))
        .where(and(eq(grants.id, grantId), eq(grants.heirId, heirId), releasedGrant(now), isNull(grants.letterId)))
        .limit(1);
      return row;
    },
  };
}
export type SharedViewRepo = ReturnType<typeof createSharedViewRepo>;
