// Queries only. Every query carries the owner in its WHERE; rows become DTOs here and nowhere else.
import { and, desc, eq, getTableColumns, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Attachment, Memory, MemoryStoryteller } from '@shared/schemas/memories';
import type { DatePrecision } from '@shared/dates/date-precision';
import type { Db } from '../../db/client';
import { databaseNow, livePublicLink } from '../../db/grant-conditions';
import type { Tx } from '../../lib/durable-files';
import { keysetPage, type Keyset } from '../../lib/keyset';
import { memories, memoryAttachments, photos, vaultFiles } from '../../db/schema';
import { needsAudioCopy } from './audio-copies';
import { attachmentFileUrl, audioCopyUrl, linkedPhotoId, linkedPhotoUrl, linkedVaultFileId, linkedVaultFileUrl } from './attachment-urls';

type MemoryRow = Omit<typeof memories.$inferSelect, 'searchVector'>;
type AttachmentRow = typeof memoryAttachments.$inferSelect;
export type MemoryValues = Pick<MemoryRow, 'title' | 'content' | 'eventDate' | 'isPublic' | 'tags' | 'location'> & {
  eventDatePrecision?: DatePrecision;
  eventDateMargin?: number | null;
};
/**
 * isPublic as read (decision 025): the flag a client wrote, or the memory is in a collection with a live public
 * link. Spelled with the table's name: drizzle drops it from columns in single-table selects and RETURNING, and
 * an unqualified "id" inside the subquery would mean collection_items.id.
 */
const isPublicRead = sql<boolean>`(memories.is_public OR EXISTS (
  SELECT 1 FROM collection_items ci JOIN grants ON grants.collection_id = ci.collection_id
  WHERE ci.memory_id = memories.id AND ci.user_id = memories.user_id AND ${livePublicLink(databaseNow)}))`;
// search_vector (the search slice's, decision 030) is never read here: a list would carry every row's lexemes for nothing.
const { searchVector: _searchVector, ...tableColumns } = getTableColumns(memories);
/** The storyteller (decision 066): the owner's contact it names, with that contact's tree person if any. */
const storytellerRead = sql<MemoryStoryteller | null>`(SELECT json_build_object('contactId', c.id,
  'name', trim(c.first_name || ' ' || c.last_name),
  'treePersonId', (SELECT tp.id FROM tree_persons tp WHERE tp.contact_id = c.id AND tp.user_id = c.owner_id LIMIT 1))
  FROM contacts c WHERE c.id = memories.storyteller_contact_id AND c.owner_id = memories.user_id)`;
/** Every column, with isPublic as read: what becomes a Memory. */
const memoryColumns = { ...tableColumns, isPublic: isPublicRead, storyteller: storytellerRead };
/** The paged list's order, the same as listByOwner's: newest event first, then the most recently written. */
const MEMORY_KEYSET: Keyset = {
  list: 'memories',
  direction: 'desc',
  keys: [
    { expr: memories.eventDate, kind: 'date' },
    { expr: memories.createdAt, kind: 'timestamp' },
  ],
  id: memories.id,
};
export type NewAttachment = Pick<AttachmentRow, 'filePath' | 'fileName' | 'fileSize' | 'mimeType' | 'contentHash' | 'displaySize'>;

export function createMemoriesRepo(db: Db) {
  const owned = (userId: number, id: number) => and(eq(memories.id, id), eq(memories.userId, userId));

  /** Own files, linked gallery photos and linked vault files of the given memories, by memory id. */
  async function attachmentsOf(userId: number, memoryIds: number[]) {
    const byMemory = new Map<number, Attachment[]>();
    if (memoryIds.length === 0) return byMemory;
    const push = (memoryId: number, attachment: Attachment) => {
      const list = byMemory.get(memoryId) ?? [];
      list.push(attachment);
      byMemory.set(memoryId, list);
    };
    const [own, linkedPhotos, linkedVault] = await Promise.all([
      db
        .select()
        .from(memoryAttachments)
        .where(and(eq(memoryAttachments.userId, userId), inArray(memoryAttachments.memoryId, memoryIds)))
        .orderBy(memoryAttachments.uploadedAt, memoryAttachments.id),
      db
        .select({
          id: photos.id,
          memoryId: photos.memoryId,
          title: photos.title,
          fileName: photos.fileName,
          fileSize: photos.fileSize,
          mimeType: photos.mimeType,
        })
        .from(photos)
        .where(and(eq(photos.userId, userId), inArray(photos.memoryId, memoryIds)))
        .orderBy(photos.createdAt, photos.id),
      db
        .select({
          id: vaultFiles.id,
          memoryId: vaultFiles.memoryId,
          originalName: vaultFiles.originalName,
          fileSize: vaultFiles.fileSize,
          mimeType: vaultFiles.mimeType,
        })
        .from(vaultFiles)
        .where(and(eq(vaultFiles.userId, userId), inArray(vaultFiles.memoryId, memoryIds)))
        .orderBy(vaultFiles.uploadedAt, vaultFiles.id),
    ]);
    for (const row of own) push(row.memoryId, toAttachment(row));
    for (const p of linkedPhotos) {
      push(p.memoryId!, {
        id: linkedPhotoId(p.id),
        fileName: p.fileName,
        fileSize: String(p.fileSize),
        mimeType: p.mimeType,
        filePath: linkedPhotoUrl(p.id),
        type: 'photo',
      });
    }
    for (const v of linkedVault) {
      push(v.memoryId!, {
        id: linkedVaultFileId(v.id),
        fileName: v.originalName,
        fileSize: String(v.fileSize),
        mimeType: v.mimeType,
        filePath: linkedVaultFileUrl(v.id),
        type: 'vault',
      });
    }
    return byMemory;
  }

  return {
    /** spec §2: newest event first; among memories of the same day, the most recently written first. */
    async listByOwner(userId: number): Promise<Memory[]> {
      const rows = await db
        .select(memoryColumns)
        .from(memories)
        .where(eq(memories.userId, userId))
        .orderBy(desc(memories.eventDate), desc(memories.createdAt), desc(memories.id));
      const attachments = await attachmentsOf(
        userId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toMemory(row, attachments.get(row.id) ?? []));
    },

    /** The newest `limit` of the owner's memories whose words hold `phrase` (a person's name: issue 29). */
    async idsNaming(userId: number, phrase: string, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: memories.id })
        .from(memories)
        .where(and(eq(memories.userId, userId), sql`${memories.searchVector} @@ phraseto_tsquery('heirloom_simple', ${phrase})`))
        .orderBy(desc(memories.eventDate), desc(memories.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** One page of listByOwner, after `cursor` (issue 15); with `ids`, only those of the caller's memories. */
    async pageByOwner(userId: number, cursor: string | undefined, limit: number, ids?: number[]) {
      const page = keysetPage(MEMORY_KEYSET, cursor, limit);
      const rows = await db
        .select({ ...memoryColumns, ...page.columns })
        .from(memories)
        .where(and(eq(memories.userId, userId), ids && inArray(memories.id, ids), page.where))
        .orderBy(...page.orderBy)
        .limit(page.fetch);
      const { rows: kept, nextCursor } = page.finish(rows, (r) => r.id);
      const attachments = await attachmentsOf(
        userId,
        kept.map((r) => r.id),
      );
      return { items: kept.map((row) => toMemory(row, attachments.get(row.id) ?? [])), nextCursor };
    },

    async findOwned(userId: number, id: number): Promise<Memory | undefined> {
      const [row] = await db.select(memoryColumns).from(memories).where(owned(userId, id)).limit(1);
      if (!row) return undefined;
      const attachments = await attachmentsOf(userId, [row.id]);
      return toMemory(row, attachments.get(row.id) ?? []);
    },

    /** The caller's memories among `ids` (others' ids are simply absent), with their attachments, in no particular order. */
    async listOwnedByIds(userId: number, ids: number[]): Promise<Memory[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(memoryColumns)
        .from(memories)
        .where(and(eq(memories.userId, userId), inArray(memories.id, ids)));
      const attachments = await attachmentsOf(
        userId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toMemory(row, attachments.get(row.id) ?? []));
    },

    async exists(userId: number, id: number) {
      const [row] = await db.select({ id: memories.id }).from(memories).where(owned(userId, id)).limit(1);
      return row !== undefined;
    },

    async insert(
      userId: number,
      values: MemoryValues & { importId?: number | null; storytellerContactId?: number | null },
    ): Promise<Memory> {
      const [row] = await db
        .insert(memories)
        .values({ ...values, userId })
        .returning(memoryColumns);
      return toMemory(row!, []);
    },

    async update(userId: number, id: number, values: Partial<MemoryValues>): Promise<Memory | undefined> {
      const [row] = await db
        .update(memories)
        .set({ ...values, updatedAt: new Date() })
        .where(owned(userId, id))
        .returning(memoryColumns);
      if (!row) return undefined;
      const attachments = await attachmentsOf(userId, [row.id]);
      return toMemory(row, attachments.get(row.id) ?? []);
    },

    /**
     * Deletes the memory (its attachment rows go with it; linked photos and vault files stay, unlinked, by
     * the foreign keys) and returns the storage keys of its own files, or undefined when it is not the caller's.
     */
    /**
     * Deletes a memory (inside the caller's transaction) and returns its own files' keys, or undefined when
     * there is no such memory. The row is locked first, so an attachment upload cannot commit in between.
     */
    async remove(tx: Tx, userId: number, id: number): Promise<string[] | undefined> {
      const [locked] = await tx.select({ id: memories.id }).from(memories).where(owned(userId, id)).for('update');
      if (!locked) return undefined;
      const files = await tx
        .select({ filePath: memoryAttachments.filePath })
        .from(memoryAttachments)
        .where(and(eq(memoryAttachments.memoryId, id), eq(memoryAttachments.userId, userId)));
      await tx.delete(memories).where(owned(userId, id));
      return files.map((f) => f.filePath);
    },

    async listAttachments(userId: number, memoryId: number): Promise<Attachment[]> {
      return (await attachmentsOf(userId, [memoryId])).get(memoryId) ?? [];
    },

    async insertAttachments(tx: Tx, userId: number, memoryId: number, rows: NewAttachment[]): Promise<Attachment[]> {
      const inserted = await tx
        .insert(memoryAttachments)
        .values(rows.map((r) => ({ ...r, memoryId, userId })))
        .returning();
      return inserted.map(toAttachment);
    },

    /** An own file of the caller's memory, with its storage key (for serving it). */
    async findAttachmentFile(userId: number, memoryId: number, attachmentId: number) {
      const [row] = await db
        .select()
        .from(memoryAttachments)
        .where(and(eq(memoryAttachments.id, attachmentId), eq(memoryAttachments.memoryId, memoryId), eq(memoryAttachments.userId, userId)))
        .limit(1);
      return row;
    },

    /** What the audio copy job needs (decision 040). A background job's read: by id alone, no caller. */
    async findAudioCopyWork(attachmentId: number) {
      const [row] = await db
        .select({ filePath: memoryAttachments.filePath, mimeType: memoryAttachments.mimeType, audioCopy: memoryAttachments.audioCopy })
        .from(memoryAttachments)
        .where(eq(memoryAttachments.id, attachmentId))
        .limit(1);
      return row;
    },

    /**
     * Records an audio copy's outcome for the original at `key`, its bytes counted with the attachment; false
     * when the attachment was deleted meanwhile (the caller then removes what it wrote).
     */
    async setAudioCopy(attachmentId: number, key: string, state: 'ready' | 'unavailable', bytes: number) {
      const rows = await db
        .update(memoryAttachments)
        .set({ audioCopy: state, displaySize: bytes })
        .where(and(eq(memoryAttachments.id, attachmentId), eq(memoryAttachments.filePath, key)))
        .returning({ id: memoryAttachments.id });
      return rows.length > 0;
    },

    /** Every attachment of these types whose audio copy is still to be made, of every user (start-up). */
    async listAudioCopiesToMake(mimeTypes: string[]) {
      const rows = await db
        .select({ id: memoryAttachments.id })
        .from(memoryAttachments)
        .where(and(inArray(memoryAttachments.mimeType, mimeTypes), isNull(memoryAttachments.audioCopy)));
      return rows.map((r) => r.id);
    },

    /** Deletes an own attachment row; returns its storage key, or undefined when there is no such row. */
    async removeAttachment(tx: Tx, userId: number, memoryId: number, attachmentId: number): Promise<string | undefined> {
      const [row] = await tx
        .delete(memoryAttachments)
        .where(and(eq(memoryAttachments.id, attachmentId), eq(memoryAttachments.memoryId, memoryId), eq(memoryAttachments.userId, userId)))
        .returning({ filePath: memoryAttachments.filePath });
      return row?.filePath;
    },

    /** Clears a gallery photo's link to this memory; the photo itself stays in the gallery. */
    async unlinkPhoto(userId: number, memoryId: number, photoId: number) {
      const rows = await db
        .update(photos)
        .set({ memoryId: null, updatedAt: new Date() })
        .where(and(eq(photos.id, photoId), eq(photos.userId, userId), eq(photos.memoryId, memoryId)))
        .returning({ id: photos.id });
      return rows.length > 0;
    },

    /** Clears a vault file's link to this memory; the file itself stays in the vault. */
    async unlinkVaultFile(userId: number, memoryId: number, vaultFileId: number) {
      const rows = await db
        .update(vaultFiles)
        .set({ memoryId: null })
        .where(and(eq(vaultFiles.id, vaultFileId), eq(vaultFiles.userId, userId), eq(vaultFiles.memoryId, memoryId)))
        .returning({ id: vaultFiles.id });
      return rows.length > 0;
    },

    /**
     * Links the caller's photos and vault files to the caller's memory, all or nothing: if any id is not
     * the caller's (or the memory is not), nothing changes and the result says what was missing.
     */
    async link(userId: number, memoryId: number, photoIds: number[], vaultFileIds: number[]): Promise<'ok' | 'memory' | 'photo' | 'vault'> {
      try {
        await db.transaction(async (tx) => {
          const [memory] = await tx.select({ id: memories.id }).from(memories).where(owned(userId, memoryId)).for('update').limit(1);
          if (!memory) throw new Rollback('memory');
          if (photoIds.length > 0) {
            const rows = await tx
              .update(photos)
              .set({ memoryId, updatedAt: new Date() })
              .where(and(eq(photos.userId, userId), inArray(photos.id, photoIds)))
              .returning({ id: photos.id });
            if (rows.length !== photoIds.length) throw new Rollback('photo');
          }
          if (vaultFileIds.length > 0) {
            const rows = await tx
              .update(vaultFiles)
              .set({ memoryId })
              .where(and(eq(vaultFiles.userId, userId), inArray(vaultFiles.id, vaultFileIds)))
              .returning({ id: vaultFiles.id });
            if (rows.length !== vaultFileIds.length) throw new Rollback('vault');
          }
        });
        return 'ok';
      } catch (err) {
        if (err instanceof Rollback) return err.missing;
        throw err;
      }
    },

    /** The caller's photos and vault files that the picker can offer for a memory (not those already on it). */
    async linkCandidates(userId: number, memoryId: number) {
      const [photoRows, vaultRows] = await Promise.all([
        db
          .select({ id: photos.id, title: photos.title, fileName: photos.fileName, memoryId: photos.memoryId })
          .from(photos)
          .where(and(eq(photos.userId, userId), or(isNull(photos.memoryId), ne(photos.memoryId, memoryId))))
          .orderBy(desc(photos.createdAt), desc(photos.id))
          .limit(500),
        db
          .select({
            id: vaultFiles.id,
            originalName: vaultFiles.originalName,
            mimeType: vaultFiles.mimeType,
            fileSize: vaultFiles.fileSize,
            memoryId: vaultFiles.memoryId,
          })
          .from(vaultFiles)
          .where(and(eq(vaultFiles.userId, userId), or(isNull(vaultFiles.memoryId), ne(vaultFiles.memoryId, memoryId))))
          .orderBy(desc(vaultFiles.uploadedAt), desc(vaultFiles.id))
          .limit(500),
      ]);
      return {
        photos: photoRows.map((p) => ({ ...p, imageUrl: linkedPhotoUrl(p.id) })),
        vaultFiles: vaultRows.map((v) => ({ ...v, url: linkedVaultFileUrl(v.id) })),
      };
    },
  };
}
export type MemoriesRepo = ReturnType<typeof createMemoriesRepo>;

/** Thrown inside a transaction to roll it back; never leaves this file. */
class Rollback extends Error {
  constructor(readonly missing: 'memory' | 'photo' | 'vault') {
    super(`rollback: ${missing} not found`);
  }
}

/** The only place a memories row becomes a Memory. */
function toMemory(row: MemoryRow & { storyteller?: MemoryStoryteller | null }, attachments: Attachment[]): Memory {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    content: row.content,
    eventDate: row.eventDate,
    eventDatePrecision: row.eventDatePrecision as DatePrecision,
    eventDateMargin: row.eventDatePrecision === 'about' ? row.eventDateMargin : null,
    isPublic: row.isPublic,
    tags: row.tags,
    location: row.location,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attachments,
    storyteller: row.storyteller ?? null,
    provenance: row.provenance,
  };
}

/** spec §3 read shape: id as a string, fileSize a numeric string, filePath a URL (never the storage key). */
function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: String(row.id),
    fileName: row.fileName,
    fileSize: String(row.fileSize),
    mimeType: row.mimeType,
    filePath: attachmentFileUrl(row.memoryId, row.id),
    // only audio some browsers cannot play has one (decision 040); null until it is made
    ...(needsAudioCopy(row.mimeType) && { playableUrl: row.audioCopy === 'ready' ? audioCopyUrl(row.memoryId, row.id) : null }),
  };
}
