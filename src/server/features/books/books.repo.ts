// The books table, the memories a book holds and the public links its QR codes open. Every query carries the
// owner in its WHERE: a book can only ever hold its own account's rows, and another user's book is not found.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, like, lte, sql } from 'drizzle-orm';
import type { BookMemories } from '@shared/schemas/books';
import type { Db } from '../../db/client';
import { books, collectionItems, collections, grants, memories, memoryAttachments, photos, users } from '../../db/schema';

export type BookRow = typeof books.$inferSelect;
export type NewBook = Omit<typeof books.$inferInsert, 'id' | 'userId' | 'status' | 'progress'>;

export function createBooksRepo(db: Db) {
  const owned = (userId: number, id: number) => and(eq(books.id, id), eq(books.userId, userId));

  return {
    /** A new queued book, unless the account keeps `max` already (then undefined). */
    async insert(userId: number, values: NewBook, max: number): Promise<BookRow | undefined> {
      return db.transaction(async (tx) => {
        // two quick clicks queue on the user's row, so the count holds
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [kept] = await tx.select({ n: count() }).from(books).where(eq(books.userId, userId));
        if ((kept?.n ?? 0) >= max) return undefined;
        const [row] = await tx
          .insert(books)
          .values({ ...values, userId })
          .returning();
        return row;
      });
    },

    async find(userId: number, id: number): Promise<BookRow | undefined> {
      const [row] = await db.select().from(books).where(owned(userId, id)).limit(1);
      return row;
    },

    list: (userId: number) => db.select().from(books).where(eq(books.userId, userId)).orderBy(desc(books.createdAt), desc(books.id)),

    /** Deletes the book (its links go with it: grants.book_id cascades); the removed row, for its file. */
    async remove(userId: number, id: number): Promise<BookRow | undefined> {
      const [row] = await db.delete(books).where(owned(userId, id)).returning();
      return row;
    },

    /**
     * Stops the book's public links (one, or all): the token goes, so its QR code opens nothing, and the link is
     * expired from now. The row stays, revoked: the owner's list shows it, and a try after a crash does not
     * make it again. The ids stopped now.
     */
    async revokeBookLinks(userId: number, bookId: number, linkId?: number): Promise<number[]> {
      const rows = await db
        .update(grants)
        .set({ tokenHash: null, tokenNonce: null, expiresAt: sql`least(${grants.expiresAt}, now())` })
        .where(
          and(
            eq(grants.userId, userId),
            eq(grants.bookId, bookId),
            isNotNull(grants.tokenHash),
            linkId === undefined ? undefined : eq(grants.id, linkId),
          ),
        )
        .returning({ id: grants.id });
      return rows.map((r) => r.id);
    },

    /** One link of the book (stopped or not), or undefined. */
    async findBookLink(userId: number, bookId: number, linkId: number) {
      const [row] = await db
        .select({ id: grants.id, revoked: revokedColumn })
        .from(grants)
        .where(and(eq(grants.userId, userId), eq(grants.bookId, bookId), eq(grants.id, linkId)))
        .limit(1);
      return row;
    },

    /** The book's links with their memory's title, stopped ones too, in the order they were made. */
    voiceLinkList: (userId: number, bookId: number) =>
      db
        .select({
          id: grants.id,
          memoryId: memories.id,
          memoryTitle: memories.title,
          createdAt: grants.createdAt,
          expiresAt: grants.expiresAt,
          revoked: revokedColumn,
        })
        .from(grants)
        .innerJoin(memories, and(eq(memories.id, grants.memoryId), eq(memories.userId, userId)))
        .where(and(eq(grants.userId, userId), eq(grants.bookId, bookId)))
        .orderBy(asc(grants.id)),

    /** Public links still working (not stopped) for each of the owner's books, by book id. */
    async voiceLinkCounts(userId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ bookId: grants.bookId, n: count() })
        .from(grants)
        .where(and(eq(grants.userId, userId), isNotNull(grants.bookId), isNotNull(grants.tokenHash)))
        .groupBy(grants.bookId);
      return new Map(rows.map((r) => [r.bookId!, r.n]));
    },

    /** Building; the progress stays until the try counts what an earlier try staged. */
    async markBuilding(userId: number, id: number) {
      await db
        .update(books)
        .set({ status: 'building', error: null, fileKey: null, fileSize: null, pageCount: null, startedAt: new Date() })
        .where(owned(userId, id));
    },

    /** false when the book is no longer being made (deleted meanwhile). */
    async setProgress(userId: number, id: number, progress: number): Promise<boolean> {
      const rows = await db
        .update(books)
        .set({ progress })
        .where(and(owned(userId, id), eq(books.status, 'building')))
        .returning({ id: books.id });
      return rows.length > 0;
    },

    /** Records where the file will be before it is written, so a crash leaves no file without a row. */
    async setFileKey(userId: number, id: number, fileKey: string) {
      await db.update(books).set({ fileKey }).where(owned(userId, id));
    },

    /** Ready, unless the book was deleted meanwhile (then false: the caller removes the file). */
    async markReady(userId: number, id: number, values: { fileKey: string; fileSize: number; pageCount: number }): Promise<boolean> {
      const rows = await db
        .update(books)
        .set({ status: 'ready', progress: 100, ...values, finishedAt: new Date() })
        .where(owned(userId, id))
        .returning({ id: books.id });
      return rows.length > 0;
    },

    async markFailed(userId: number, id: number, error: string) {
      await db
        .update(books)
        .set({ status: 'failed', error, fileKey: null, fileSize: null, finishedAt: new Date() })
        .where(owned(userId, id));
    },

    async owner(userId: number) {
      const [row] = await db
        .select({ firstName: users.firstName, surname: users.surname, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async collectionExists(userId: number, collectionId: number) {
      const [row] = await db
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.id, collectionId), eq(collections.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    /** A picture of the owner's (not a video), for the cover. */
    async findPicture(userId: number, photoId: number) {
      const [row] = await db
        .select(pictureColumns)
        .from(photos)
        .where(and(eq(photos.id, photoId), eq(photos.userId, userId), like(photos.mimeType, 'image/%')))
        .limit(1);
      return row;
    },

    /** The memories a book holds, oldest first (an interview's are given as their ids). */
    async memories(userId: number, selection: Exclude<BookMemories, { interviewId: number }> | { memoryIds: number[] }) {
      const columns = {
        id: memories.id,
        title: memories.title,
        content: memories.content,
        eventDate: memories.eventDate,
        eventDatePrecision: memories.eventDatePrecision,
        eventDateMargin: memories.eventDateMargin,
        tags: memories.tags,
      };
      const order = [asc(memories.eventDate), asc(memories.id)];
      if ('collectionId' in selection) {
        return db
          .select(columns)
          .from(collectionItems)
          .innerJoin(memories, and(eq(memories.id, collectionItems.memoryId), eq(memories.userId, userId)))
          .where(and(eq(collectionItems.userId, userId), eq(collectionItems.collectionId, selection.collectionId)))
          .orderBy(...order);
      }
      if ('memoryIds' in selection) {
        if (selection.memoryIds.length === 0) return [];
        return db
          .select(columns)
          .from(memories)
          .where(and(eq(memories.userId, userId), inArray(memories.id, selection.memoryIds)))
          .orderBy(...order);
      }
      const where =
        'from' in selection
          ? and(eq(memories.userId, userId), gte(memories.eventDate, selection.from), lte(memories.eventDate, selection.to))
          : eq(memories.userId, userId);
      return db
        .select(columns)
        .from(memories)
        .where(where)
        .orderBy(...order);
    },

    /** The pictures linked to these memories (videos left out), in the order they were taken. */
    async pictures(userId: number, memoryIds: number[]) {
      if (memoryIds.length === 0) return [];
      return db
        .select({ ...pictureColumns, memoryId: photos.memoryId })
        .from(photos)
        .where(and(eq(photos.userId, userId), inArray(photos.memoryId, memoryIds), like(photos.mimeType, 'image/%')))
        .orderBy(sql`${photos.dateTaken} ASC NULLS LAST`, asc(photos.id));
    },

    /** The voice recordings (audio attachments) of these memories. */
    async recordings(userId: number, memoryIds: number[]) {
      if (memoryIds.length === 0) return [];
      return db
        .select({ id: memoryAttachments.id, memoryId: memoryAttachments.memoryId, fileName: memoryAttachments.fileName })
        .from(memoryAttachments)
        .where(
          and(
            eq(memoryAttachments.userId, userId),
            inArray(memoryAttachments.memoryId, memoryIds),
            like(memoryAttachments.mimeType, 'audio/%'),
          ),
        )
        .orderBy(asc(memoryAttachments.id));
    },

    /** The public links this book made already, by memory (a stopped one has no token): a try after a crash uses them again. */
    async bookLinks(userId: number, bookId: number) {
      return db
        .select({ id: grants.id, memoryId: grants.memoryId, tokenNonce: grants.tokenNonce })
        .from(grants)
        .where(and(eq(grants.userId, userId), eq(grants.bookId, bookId)));
    },

    /** A public, place-free and name-free link to one memory, belonging to the book. */
    async insertBookLink(
      userId: number,
      values: { bookId: number; memoryId: number; tokenNonce: string; tokenHash: string; expiresAt: Date | null },
    ) {
      const [row] = await db
        .insert(grants)
        .values({ ...values, userId, linkKind: 'public', includePlaces: false, includeNames: false })
        .returning({ id: grants.id });
      return row!.id;
    },
  };
}

/** A book's link stopped by its owner has no token left. */
const revokedColumn = sql<boolean>`${grants.tokenHash} is null`;

const pictureColumns = {
  id: photos.id,
  key: photos.filePath,
  mimeType: photos.mimeType,
  width: photos.width,
  height: photos.height,
  dateTaken: photos.dateTaken,
  dateTakenPrecision: photos.dateTakenPrecision,
  dateTakenMargin: photos.dateTakenMargin,
  title: photos.title,
};

export type BooksRepo = ReturnType<typeof createBooksRepo>;
