// The exports table and the owner's whole library as the exporter reads it. Every query carries the owner
// in its WHERE: an export can only ever hold its own account's rows.
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  collectionItems,
  collections,
  contacts,
  exports,
  faces,
  interviewQuestions,
  interviews,
  memories,
  memoryAttachments,
  people,
  photos,
  users,
  vaultFiles,
} from '../../db/schema';
import { userText } from '@shared/i18n/text';
import { translateText, translator } from '../../lib/i18n';

export type ExportRow = typeof exports.$inferSelect;

const INTERRUPTED = userText('The export was interrupted. Please start it again.');

export function createExportsRepo(db: Db) {
  return {
    /** A new queued export, unless one is queued or running already (then undefined). */
    async createUnlessBusy(userId: number, buildJob: string): Promise<ExportRow | undefined> {
      return db.transaction(async (tx) => {
        // one export per account at a time: the user row is the lock two quick clicks queue on
        const [owner] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId)).for('update');
        const busy = await tx
          .select({ id: exports.id })
          .from(exports)
          .where(and(eq(exports.userId, userId), inArray(exports.status, ['queued', 'running'])));
        for (const row of busy) {
          // a job that died on its last try (kill -9) never marks its row: without a job left, the row is stale
          const { rows } = await tx.execute(
            sql`SELECT 1 FROM pgboss.job WHERE name = ${buildJob} AND state IN ('created', 'retry', 'active') AND (data->>'exportId')::int = ${row.id} LIMIT 1`,
          );
          if (rows.length > 0) return undefined;
          await tx
            .update(exports)
            // in the owner's language at the time, as the service keeps every failure (exports.service.ts)
            .set({ status: 'failed', error: translateText(translator(owner?.language).locale, INTERRUPTED), finishedAt: new Date() })
            .where(and(eq(exports.id, row.id), eq(exports.userId, userId)));
        }
        const [row] = await tx.insert(exports).values({ userId }).returning();
        return row;
      });
    },

    async find(userId: number, id: number): Promise<ExportRow | undefined> {
      const [row] = await db
        .select()
        .from(exports)
        .where(and(eq(exports.id, id), eq(exports.userId, userId)))
        .limit(1);
      return row;
    },

    async listRecent(userId: number, limit: number): Promise<ExportRow[]> {
      return db.select().from(exports).where(eq(exports.userId, userId)).orderBy(desc(exports.createdAt), desc(exports.id)).limit(limit);
    },

    /** The job's own read: by id and owner, as queued. */
    async findForJob(userId: number, id: number) {
      return this.find(userId, id);
    },

    /** A try begins: counters reset, totals known, and the key its file will have (so a crash leaves no orphan). */
    async markRunning(userId: number, id: number, values: { itemsTotal: number; bytesTotal: number; fileKey: string }) {
      await db
        .update(exports)
        .set({ status: 'running', ...values, itemsDone: 0, bytesDone: 0, fileSize: null, error: null, startedAt: new Date() })
        .where(and(eq(exports.id, id), eq(exports.userId, userId)));
    },

    async setProgress(userId: number, id: number, values: { itemsDone: number; bytesDone: number }) {
      await db
        .update(exports)
        .set(values)
        .where(and(eq(exports.id, id), eq(exports.userId, userId), eq(exports.status, 'running')));
    },

    async markReady(userId: number, id: number, values: { fileSize: number; itemsDone: number; bytesDone: number; expiresAt: Date }) {
      await db
        .update(exports)
        .set({ status: 'ready', ...values, finishedAt: new Date() })
        .where(and(eq(exports.id, id), eq(exports.userId, userId)));
    },

    async markFailed(userId: number, id: number, error: string) {
      await db
        .update(exports)
        .set({ status: 'failed', error, fileKey: null, fileSize: null, finishedAt: new Date() })
        .where(and(eq(exports.id, id), eq(exports.userId, userId)));
    },

    /** The archive was removed: the row stays (the list shows it expired), its file key goes. */
    async clearFile(userId: number, id: number) {
      await db
        .update(exports)
        .set({ fileKey: null })
        .where(and(eq(exports.id, id), eq(exports.userId, userId)));
    },

    // ----- the owner's library -----

    async owner(userId: number) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          surname: users.surname,
          email: users.email,
          dateOfBirth: users.dateOfBirth,
          cityOfBirth: users.cityOfBirth,
          address: users.address,
          mobileNumber: users.mobileNumber,
          profilePicture: users.profilePicture,
          profilePictureSize: users.profilePictureSize,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    photos: (userId: number) =>
      db
        .select({
          id: photos.id,
          key: photos.filePath,
          fileName: photos.fileName,
          fileSize: photos.fileSize,
          mimeType: photos.mimeType,
          contentHash: photos.contentHash,
          title: photos.title,
          description: photos.description,
          dateTaken: photos.dateTaken,
          dateTakenPrecision: photos.dateTakenPrecision,
          dateTakenMargin: photos.dateTakenMargin,
          location: photos.location,
          cameraInfo: photos.cameraInfo,
          tags: photos.tags,
          labels: photos.labels,
          width: photos.width,
          height: photos.height,
          memoryId: photos.memoryId,
          derivativeStatus: photos.derivativeStatus,
          videoPlayback: photos.videoPlayback,
          durationMs: photos.durationMs,
          createdAt: photos.createdAt,
        })
        .from(photos)
        .where(eq(photos.userId, userId))
        .orderBy(sql`${photos.dateTaken} ASC NULLS LAST`, asc(photos.id)),

    memories: (userId: number) =>
      db.select().from(memories).where(eq(memories.userId, userId)).orderBy(asc(memories.eventDate), asc(memories.id)),

    attachments: (userId: number) =>
      db
        .select({
          id: memoryAttachments.id,
          memoryId: memoryAttachments.memoryId,
          key: memoryAttachments.filePath,
          fileName: memoryAttachments.fileName,
          fileSize: memoryAttachments.fileSize,
          mimeType: memoryAttachments.mimeType,
          contentHash: memoryAttachments.contentHash,
          displaySize: memoryAttachments.displaySize,
          uploadedAt: memoryAttachments.uploadedAt,
        })
        .from(memoryAttachments)
        .where(eq(memoryAttachments.userId, userId))
        .orderBy(asc(memoryAttachments.id)),

    documents: (userId: number) =>
      db
        .select({
          id: vaultFiles.id,
          key: vaultFiles.filePath,
          name: vaultFiles.originalName,
          fileSize: vaultFiles.fileSize,
          mimeType: vaultFiles.mimeType,
          contentHash: vaultFiles.contentHash,
          description: vaultFiles.description,
          memoryId: vaultFiles.memoryId,
          uploadedAt: vaultFiles.uploadedAt,
          // the words read from it (decision 058), kept in heirloom.json so an import need not read them again
          text: vaultFiles.text,
          textStatus: vaultFiles.textStatus,
        })
        .from(vaultFiles)
        .where(eq(vaultFiles.userId, userId))
        .orderBy(asc(vaultFiles.uploadedAt), asc(vaultFiles.id)),

    contacts: (userId: number) =>
      db
        .select()
        .from(contacts)
        .where(eq(contacts.ownerId, userId))
        .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id)),

    collections: (userId: number) =>
      db.select().from(collections).where(eq(collections.userId, userId)).orderBy(asc(collections.createdAt), asc(collections.id)),

    collectionItems: (userId: number) =>
      db
        .select({
          collectionId: collectionItems.collectionId,
          photoId: collectionItems.photoId,
          memoryId: collectionItems.memoryId,
          vaultFileId: collectionItems.vaultFileId,
        })
        .from(collectionItems)
        .where(eq(collectionItems.userId, userId))
        .orderBy(asc(collectionItems.addedAt), asc(collectionItems.id)),

    /** The people in the photos, as the owner's list shows them: named ones, and unnamed ones with a face. */
    people: (userId: number) =>
      db
        .select({ id: people.id, name: people.name, contactId: people.contactId, hidden: people.hidden, onThisDay: people.onThisDay })
        .from(people)
        .where(and(eq(people.userId, userId), or(isNotNull(people.name), gt(people.faceCount, 0))))
        .orderBy(asc(people.id)),

    /** The owner's interviews (decision 066), oldest first. Their links and suggestions are never exported. */
    interviews: (userId: number) =>
      db
        .select({
          id: interviews.id,
          storytellerKind: interviews.storytellerKind,
          storytellerContactId: interviews.storytellerContactId,
          storytellerName: interviews.storytellerName,
          weekday: interviews.weekday,
          hour: interviews.hour,
          timeZone: interviews.timeZone,
          status: interviews.status,
          createdAt: interviews.createdAt,
        })
        .from(interviews)
        .where(eq(interviews.ownerId, userId))
        .orderBy(asc(interviews.id)),

    /** Every question of the owner's interviews, in each interview's order. */
    interviewQuestions: (userId: number) =>
      db
        .select({
          id: interviewQuestions.id,
          interviewId: interviewQuestions.interviewId,
          text: interviewQuestions.text,
          theme: interviewQuestions.theme,
          libraryId: interviewQuestions.libraryId,
          position: interviewQuestions.position,
          status: interviewQuestions.status,
          sentAt: interviewQuestions.sentAt,
          answeredAt: interviewQuestions.answeredAt,
          remindersSent: interviewQuestions.remindersSent,
          answeredMemoryId: interviewQuestions.answeredMemoryId,
          followUpOf: interviewQuestions.followUpOf,
          createdAt: interviewQuestions.createdAt,
        })
        .from(interviewQuestions)
        .where(eq(interviewQuestions.ownerId, userId))
        .orderBy(asc(interviewQuestions.interviewId), asc(interviewQuestions.position), asc(interviewQuestions.id)),

    /** Every face in the owner's photos, boxes and who they are (never their embeddings). */
    faces: (userId: number) =>
      db
        .select({
          photoId: faces.photoId,
          personId: faces.personId,
          source: faces.source,
          x: faces.boxX,
          y: faces.boxY,
          width: faces.boxWidth,
          height: faces.boxHeight,
        })
        .from(faces)
        .where(eq(faces.userId, userId))
        .orderBy(asc(faces.photoId), asc(faces.boxX), asc(faces.id)),
  };
}

export type ExportsRepo = ReturnType<typeof createExportsRepo>;
