// Photos queries only; every query a user can reach is owner-scoped. Rows become DTOs here and nowhere else:
// `Photo` for the client, `PhotoFile` (storage key and processing state) for the service.
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DatePrecision } from '@shared/dates/date-precision';
import type { DerivativeStatus, Photo, PhotoSort, PhotoVideo } from '@shared/schemas/photos';
import type { Db } from '../../db/client';
import { hasFaceOf } from '../../db/collection-contents';
import { databaseNow, livePublicLink } from '../../db/grant-conditions';
import { faces, photos } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';
import { keysetPage, type Keyset } from '../../lib/keyset';
import type { StoredPhotoDate } from './photo-date-change';
import type { ExifValue } from './photo-metadata';

/** What the service needs to find and serve a photo's files; never sent to a client. */
export interface PhotoFile {
  id: number;
  userId: number;
  key: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  contentHash: string | null;
  derivativeStatus: DerivativeStatus;
  /** null for a picture (decision 038). */
  videoPlayback: VideoPlaybackState | null;
  durationMs: number | null;
}

/** How a video plays, as stored (the API says 'ready' for original and copy). */
export type VideoPlaybackState = 'preparing' | 'original' | 'copy' | 'unavailable';

export interface NewPhoto {
  key: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  contentHash: string;
  width: number | null;
  height: number | null;
  dateTaken: Date | null;
  cameraInfo: string | null;
  location: string | null;
  exifData: Record<string, ExifValue> | null;
  /** Counted toward the quota until the derivatives exist and setDerivativeStatus records their real size. */
  derivativesSize: number;
  /** The import that creates this photo (decision 029). */
  importId?: number | null;
  /** A video (decision 038): how it will play, its length, and 'failed' derivatives when nothing can make them. */
  video?: { playback: VideoPlaybackState; durationMs: number | null; derivativeStatus: DerivativeStatus };
}

/** What PATCH /api/photos/:id may change; a field left out stays as it is, null clears it. */
export interface PhotoChanges {
  title?: string;
  dateTaken?: Date | null;
  dateTakenPrecision?: DatePrecision | null;
  dateTakenMargin?: number | null;
  description?: string | null;
  tags?: string[];
  location?: string | null;
  /** Only those of the photo's automatic labels that are in this list are kept. */
  keepLabels?: string[];
}

/** What an archive says about a photo; a field left out stays as the photo's own metadata set it. */
export interface ImportedPhotoMetadata {
  title?: string | null;
  description?: string | null;
  dateTaken?: Date | null;
  /** With dateTaken: how well it is known (decision 067); 'exact' when a dateTaken comes without one. */
  dateTakenPrecision?: DatePrecision | null;
  dateTakenMargin?: number | null;
  location?: string | null;
  cameraInfo?: string | null;
  tags?: string[];
}

type Row = Omit<typeof photos.$inferSelect, 'searchVector'>;

/**
 * The paged gallery's orders, the same as the unpaged list's (orderFor below), as keysets. The by-date key
 * falls back to createdAt (spec §2), so no key is ever NULL: a photo without dateTaken sits at its upload.
 */
const PHOTO_KEYSETS: Record<PhotoSort, Keyset> = {
  dateTaken: {
    list: 'photos:dateTaken',
    direction: 'desc',
    keys: [{ expr: sql`coalesce(${photos.dateTaken}, ${photos.createdAt})`, kind: 'timestamp' }],
    id: photos.id,
  },
  createdAt: { list: 'photos:createdAt', direction: 'desc', keys: [{ expr: photos.createdAt, kind: 'timestamp' }], id: photos.id },
  title: {
    list: 'photos:title',
    direction: 'asc',
    keys: [{ expr: sql`lower(coalesce(nullif(${photos.title}, ''), ${photos.fileName}))`, kind: 'text' }],
    id: photos.id,
  },
};

/**
 * The instant local month `month` (a timestamp without zone) starts in zone `zone`. PostgreSQL reads a local
 * time that a clock change repeats as its later instant; when a month starts inside the repeated hour
 * (America/Havana on 2026-11-01) the earlier one is the start, found by reading three hours before.
 */
const monthStart = (month: SQL, zone: () => SQL) => sql`(
  select case when earlier < later and (earlier at time zone ${zone()}) >= ${month} then earlier else later end
  from (select ${month} at time zone ${zone()} as later,
               ((${month} - interval '3 hours') at time zone ${zone()}) + interval '3 hours' as earlier) instants)`;

/**
 * isPublic as read (decision 025): the flag a client wrote, or the photo is in a collection with a live public
 * link (a person collection holds every photo of its person: db/collection-contents.ts). Writing the flag gives
 * no access; grants do.
 */
// Spelled with the table's name: drizzle drops the table from columns in single-table selects and RETURNING,
// and an unqualified "id" inside the subquery would mean collection_items.id.
const isPublicRead = sql<boolean>`(photos.is_public OR EXISTS (
  SELECT 1 FROM collection_items ci JOIN grants ON grants.collection_id = ci.collection_id
  WHERE ci.photo_id = photos.id AND ci.user_id = photos.user_id AND ${livePublicLink(databaseNow)})
  OR EXISTS (SELECT 1 FROM collections pc JOIN grants ON grants.collection_id = pc.id
  WHERE pc.user_id = photos.user_id AND pc.person_id IS NOT NULL AND ${livePublicLink(databaseNow)}
    AND ${hasFaceOf(sql`photos.id`, sql`photos.user_id`, sql`pc.person_id`)}))`;
// search_vector (the search slice's, decision 030) is never read here: a list would carry every row's lexemes for nothing.
const { searchVector: _searchVector, ...tableColumns } = getTableColumns(photos);
/** Every column, with isPublic as read: what becomes a Photo. */
const photoColumns = { ...tableColumns, isPublic: isPublicRead };
/** Writes that must share the transaction which makes their files permanent (lib/durable-files.ts). */
type Executor = Db | Tx;

export function createPhotosRepo(db: Db) {
  const owned = (userId: number, id: number) => and(eq(photos.id, id), eq(photos.userId, userId));

  const orderFor = (sort: PhotoSort | undefined) => {
    switch (sort) {
      case 'dateTaken': // spec §2: dateTaken falls back to createdAt; newest first
        return [desc(sql`coalesce(${photos.dateTaken}, ${photos.createdAt})`), desc(photos.id)];
      case 'title': // title falls back to the file name; A → Z, ignoring case
        return [asc(sql`lower(coalesce(nullif(${photos.title}, ''), ${photos.fileName}))`), asc(photos.id)];
      default: // createdAt and no choice: the newest upload first
        return [desc(photos.createdAt), desc(photos.id)];
    }
  };

  return {
    async listByOwner(userId: number, sort?: PhotoSort): Promise<Photo[]> {
      const rows = await db
        .select(photoColumns)
        .from(photos)
        .where(eq(photos.userId, userId))
        .orderBy(...orderFor(sort));
      return rows.map(toPhoto);
    },

    /**
     * One page of the gallery in `sort` order (createdAt when none), after `cursor` or from the instant `from`;
     * with `personIds`, only the photos every one of those people is in.
     */
    async pageByOwner(
      userId: number,
      sort: PhotoSort | undefined,
      cursor: string | undefined,
      limit: number,
      from?: Date,
      personIds: number[] = [],
      undated = false,
    ) {
      const page = keysetPage(PHOTO_KEYSETS[sort ?? 'createdAt'], cursor, limit, from && [from.toISOString()]);
      const ofPeople = personIds.map((personId) =>
        inArray(
          photos.id,
          db
            .select({ id: faces.photoId })
            .from(faces)
            .where(and(eq(faces.userId, userId), eq(faces.personId, personId))),
        ),
      );
      const rows = await db
        .select({ ...photoColumns, ...page.columns })
        .from(photos)
        .where(and(eq(photos.userId, userId), ...ofPeople, undated ? isNull(photos.dateTaken) : undefined, page.where))
        .orderBy(...page.orderBy)
        .limit(page.fetch);
      const { rows: kept, nextCursor } = page.finish(rows, (r) => r.id);
      return { items: kept.map(toPhoto), nextCursor };
    },

    /** How many of the owner's photos have no date taken (the gallery's Undated chip). */
    async countUndated(userId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(photos)
        .where(and(eq(photos.userId, userId), isNull(photos.dateTaken)));
      return row?.n ?? 0;
    },

    /**
     * Photos a month, newest month first, by the by-date or the upload key seen in time zone `tz`. It walks the
     * owner's months newest first on the (user_id, date_taken) or (user_id, created_at) index: per month one
     * descent to the newest older photo and one index-only count, so the cost follows the months that hold
     * photos rather than the photos (100,000 photos: ~20 ms instead of ~120 ms of zone arithmetic on every
     * row). The by-date key falls back to createdAt (spec §2); photos without dateTaken are grouped row by row.
     */
    async monthsByOwner(userId: number, sort: 'dateTaken' | 'createdAt', tz: string) {
      const column = sql.raw(sort === 'dateTaken' ? 'date_taken' : 'created_at');
      const zone = () => sql`${tz}::text`;
      // Each step starts at least one month older than the last, so the walk ends however a zone's clocks moved.
      const { rows } = await db.execute<{ month: string; count: number }>(sql`
        with recursive walk(month, lower, upper) as (
          select newest.month, ${monthStart(sql`newest.month`, zone)}, 'infinity'::timestamptz
          from (select date_trunc('month', max(${column}) at time zone ${zone()}) as month
                from photos where user_id = ${userId}) newest
          where newest.month is not null
          union all
          select step.month, ${monthStart(sql`step.month`, zone)}, w.lower
          from walk w
          cross join lateral (select max(${column}) as at from photos where user_id = ${userId} and ${column} < w.lower) older
          cross join lateral (select least(date_trunc('month', older.at at time zone ${zone()}), w.month - interval '1 month') as month) step
          where older.at is not null
        ), counted as (
          select month, (select count(*) from photos where user_id = ${userId} and ${column} >= lower and ${column} < upper) as n
          from walk
          ${
            sort === 'dateTaken'
              ? sql`union all
          select date_trunc('month', created_at at time zone ${zone()}), count(*)
          from photos where user_id = ${userId} and date_taken is null group by 1`
              : sql``
          }
        )
        select to_char(month, 'YYYY-MM') as month, sum(n)::int as count
        from counted group by counted.month order by counted.month desc`);
      return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
    },

    async findOwned(userId: number, id: number): Promise<Photo | undefined> {
      const [row] = await db.select(photoColumns).from(photos).where(owned(userId, id));
      return row && toPhoto(row);
    },

    /** The caller's photos among `ids` (others' ids are simply absent), in no particular order. */
    async listOwnedByIds(userId: number, ids: number[]): Promise<Photo[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(photoColumns)
        .from(photos)
        .where(and(eq(photos.userId, userId), inArray(photos.id, ids)));
      return rows.map(toPhoto);
    },

    async findOwnedFile(userId: number, id: number): Promise<PhotoFile | undefined> {
      const [row] = await db.select().from(photos).where(owned(userId, id));
      return row && toPhotoFile(row);
    },

    /** For the derivative queue only: it works for the owner whose upload queued the photo. */
    async findFileForProcessing(id: number): Promise<PhotoFile | undefined> {
      const [row] = await db.select().from(photos).where(eq(photos.id, id));
      return row && toPhotoFile(row);
    },

    async listFilesByOwner(userId: number): Promise<PhotoFile[]> {
      const rows = await db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.id));
      return rows.map(toPhotoFile);
    },

    async listPendingIds(): Promise<number[]> {
      const rows = await db.select({ id: photos.id }).from(photos).where(eq(photos.derivativeStatus, 'pending')).orderBy(asc(photos.id));
      return rows.map((r) => r.id);
    },

    async insert(exec: Executor, userId: number, input: NewPhoto): Promise<Photo> {
      const [row] = await exec
        .insert(photos)
        .values({
          userId,
          filePath: input.key,
          fileName: input.fileName,
          fileSize: input.fileSize,
          mimeType: input.mimeType,
          contentHash: input.contentHash,
          width: input.width,
          height: input.height,
          dateTaken: input.dateTaken,
          // decision 067: a date read from the file is the camera's own; none is undated
          dateTakenPrecision: input.dateTaken ? 'exact' : null,
          cameraInfo: input.cameraInfo,
          location: input.location,
          exifData: input.exifData,
          derivativesSize: input.derivativesSize,
          derivativeStatus: input.video?.derivativeStatus ?? 'pending',
          videoPlayback: input.video?.playback ?? null,
          durationMs: input.video?.durationMs ?? null,
          importId: input.importId ?? null,
        })
        .returning(photoColumns);
      return toPhoto(row!);
    },

    async update(userId: number, id: number, { keepLabels, ...patch }: PhotoChanges): Promise<Photo | undefined> {
      const labels =
        keepLabels &&
        sql`array(SELECT label FROM unnest(${photos.labels}) label WHERE label = ANY(array[${sql.join(
          keepLabels.map((l) => sql`${l}`),
          sql`, `,
        )}]::text[]))`;
      const [row] = await db
        .update(photos)
        .set({ ...patch, ...(labels && { labels }), updatedAt: new Date() })
        .where(owned(userId, id))
        .returning(photoColumns);
      return row && toPhoto(row);
    },

    /** Bulk "Set date": the ids that were the caller's and changed (the service compares them with what it asked). */
    async setDateMany(tx: Tx, userId: number, ids: number[], date: StoredPhotoDate): Promise<number[]> {
      const rows = await tx
        .update(photos)
        .set({ ...date, updatedAt: new Date() })
        .where(and(eq(photos.userId, userId), inArray(photos.id, ids)))
        .returning({ id: photos.id });
      return rows.map((r) => r.id);
    },

    /**
     * Bulk "Add tags": appends each of `tags` a photo lacks (compared ignoring case), keeping the photo's own
     * spelling of those it has. Returns the changed ids and the most tags any of them now holds.
     */
    async addTagsMany(tx: Tx, userId: number, ids: number[], tags: string[]): Promise<{ ids: number[]; mostTags: number }> {
      // one bound value per tag (drizzle would spread a bare array into a list)
      const list = sql`array[${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`;
      const added = sql`array(
        SELECT t FROM unnest(${list}) WITH ORDINALITY AS n(t, i)
        WHERE lower(t) NOT IN (SELECT lower(old) FROM unnest(photos.tags) AS old)
        ORDER BY i)`;
      const rows = await tx
        .update(photos)
        .set({ tags: sql`photos.tags || ${added}`, updatedAt: new Date() })
        .where(and(eq(photos.userId, userId), inArray(photos.id, ids)))
        .returning({ id: photos.id, count: sql<number>`cardinality(photos.tags)` });
      let mostTags = 0;
      for (const row of rows) mostTags = Math.max(mostTags, Number(row.count));
      return { ids: rows.map((r) => r.id), mostTags };
    },

    async setImportedMetadata(userId: number, id: number, meta: ImportedPhotoMetadata): Promise<boolean> {
      const rows = await db
        .update(photos)
        .set({
          ...meta,
          ...(meta.dateTaken !== undefined && {
            dateTakenPrecision: meta.dateTaken ? (meta.dateTakenPrecision ?? 'exact') : null,
            dateTakenMargin: meta.dateTaken && meta.dateTakenPrecision === 'about' ? (meta.dateTakenMargin ?? null) : null,
          }),
          updatedAt: new Date(),
        })
        .where(owned(userId, id))
        .returning({ id: photos.id });
      return rows.length > 0;
    },

    async unlinkMemory(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(photos)
        .set({ memoryId: null, updatedAt: new Date() })
        .where(owned(userId, id))
        .returning({ id: photos.id });
      return rows.length > 0;
    },

    async remove(exec: Executor, userId: number, id: number): Promise<PhotoFile | undefined> {
      const [row] = await exec.delete(photos).where(owned(userId, id)).returning();
      return row && toPhotoFile(row);
    },

    async removeMany(exec: Executor, userId: number, ids: number[]): Promise<PhotoFile[]> {
      if (ids.length === 0) return [];
      const rows = await exec
        .delete(photos)
        .where(and(eq(photos.userId, userId), inArray(photos.id, ids)))
        .returning();
      return rows.map(toPhotoFile);
    },

    /** fix-paths: the original was found under another key; its derivatives are made again from there. */
    async repoint(userId: number, id: number, key: string): Promise<boolean> {
      const rows = await db
        .update(photos)
        .set({ filePath: key, derivativeStatus: 'pending', updatedAt: new Date() })
        .where(owned(userId, id))
        .returning({ id: photos.id });
      return rows.length > 0;
    },

    /** Photos still being made, and those that could not be (a video whose playable copy failed counts as failed). */
    async countByDerivativeStatus(userId: number): Promise<{ pending: number; failed: number }> {
      const [row] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${photos.derivativeStatus} = 'pending')`.mapWith(Number),
          failed:
            sql<number>`count(*) filter (where ${photos.derivativeStatus} = 'failed' or ${photos.videoPlayback} = 'unavailable')`.mapWith(
              Number,
            ),
        })
        .from(photos)
        .where(and(eq(photos.userId, userId), sql`(${photos.derivativeStatus} <> 'ready' or ${photos.videoPlayback} = 'unavailable')`));
      return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
    },

    /** Failed photos, and videos with no playable copy, are made again from the start (their poster first). */
    async requeueFailed(userId: number): Promise<number[]> {
      const rows = await db
        .update(photos)
        .set({ derivativeStatus: 'pending' })
        .where(and(eq(photos.userId, userId), or(eq(photos.derivativeStatus, 'failed'), eq(photos.videoPlayback, 'unavailable'))))
        .returning({ id: photos.id });
      return rows.map((r) => r.id);
    },

    /** Videos whose playable copy was being made when the server stopped (their job is sent again). */
    async listPreparingVideoIds(): Promise<number[]> {
      const rows = await db.select({ id: photos.id }).from(photos).where(eq(photos.videoPlayback, 'preparing')).orderBy(asc(photos.id));
      return rows.map((r) => r.id);
    },

    /**
     * A video's playback and progress, for the video at `key` only (false when it was deleted or repointed).
     * `addBytes` adds what was made (preview, copy) to the derivatives counted toward the quota.
     */
    async setVideoPlayback(
      id: number,
      key: string,
      change: { playback?: VideoPlaybackState; progress?: number | null; addBytes?: number },
    ) {
      const rows = await db
        .update(photos)
        .set({
          ...(change.playback && { videoPlayback: change.playback }),
          ...(change.progress !== undefined && { videoProgress: change.progress }),
          ...(change.addBytes && { derivativesSize: sql`${photos.derivativesSize} + ${change.addBytes}` }),
        })
        .where(and(eq(photos.id, id), eq(photos.filePath, key)))
        .returning({ id: photos.id });
      return rows.length > 0;
    },

    /**
     * Records the outcome of making derivatives for the original at `key`. false when the photo was deleted
     * or repointed meanwhile (the caller then removes what it wrote).
     */
    async setDerivativeStatus(id: number, key: string, status: DerivativeStatus, made?: { width: number; height: number; bytes: number }) {
      const rows = await db
        .update(photos)
        .set({
          derivativeStatus: status,
          ...(made && made.width > 0 ? { width: made.width, height: made.height } : {}),
          // the real size replaces the estimate counted toward the quota at upload
          ...(made ? { derivativesSize: made.bytes } : {}),
        })
        .where(and(eq(photos.id, id), eq(photos.filePath, key)))
        .returning({ id: photos.id });
      return rows.length > 0;
    },
  };
}

export type PhotosRepo = ReturnType<typeof createPhotosRepo>;

/** The image URL the client shows; the storage key itself never leaves the server. */
export const photoImagePath = (id: number) => `/api/photos/image/${id}`;

function publicExif(value: unknown): Record<string, ExifValue> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, ExifValue>) : null;
}

/** Where a video plays (HTTP Range), or its grid preview: the storage key itself never leaves the server. */
export const videoPath = (id: number, preview = false) => `/api/photos/video/${id}${preview ? '?preview=true' : ''}`;

function toVideo(row: Row): PhotoVideo {
  const playback = row.videoPlayback === 'original' || row.videoPlayback === 'copy' ? 'ready' : row.videoPlayback!;
  return {
    playback,
    progress: playback === 'preparing' ? row.videoProgress : null,
    durationMs: row.durationMs,
    url: videoPath(row.id),
    previewUrl: playback === 'ready' ? videoPath(row.id, true) : null,
  };
}

/** How well a photo's date is known (decision 067): none when it has no date, 'exact' for a date stored without one. */
export function photoDatePrecision(row: { dateTaken: Date | null; dateTakenPrecision: string | null; dateTakenMargin: number | null }) {
  if (!row.dateTaken) return { dateTakenPrecision: null, dateTakenMargin: null };
  const precision = (row.dateTakenPrecision ?? 'exact') as DatePrecision;
  return { dateTakenPrecision: precision, dateTakenMargin: precision === 'about' ? row.dateTakenMargin : null };
}

/** The only place a photo row becomes a Photo. */
function toPhoto(row: Row): Photo {
  return {
    id: row.id,
    userId: row.userId,
    memoryId: row.memoryId,
    filePath: photoImagePath(row.id),
    fileName: row.fileName,
    fileSize: String(row.fileSize), // spec §3: a string holding an integer
    mimeType: row.mimeType,
    title: row.title,
    description: row.description,
    isPublic: row.isPublic,
    exifData: publicExif(row.exifData),
    dateTaken: row.dateTaken?.toISOString() ?? null,
    ...photoDatePrecision(row),
    location: row.location,
    cameraInfo: row.cameraInfo,
    tags: row.tags,
    labels: row.labels,
    width: row.width,
    height: row.height,
    derivativeStatus: row.derivativeStatus,
    mediaType: row.videoPlayback ? 'video' : 'image',
    video: row.videoPlayback ? toVideo(row) : null,
    provenance: row.provenance,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPhotoFile(row: Row): PhotoFile {
  return {
    id: row.id,
    userId: row.userId,
    key: row.filePath,
    fileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    contentHash: row.contentHash,
    derivativeStatus: row.derivativeStatus,
    videoPlayback: row.videoPlayback,
    durationMs: row.durationMs,
  };
}
