// The timeline is a read-only aggregate over photos, memories (+ their attachments) and vault_files.
// Every query carries the owner in its WHERE (attachments included), and the number of queries never
// depends on the library size: the whole timeline is ONE query, a page is ONE query.
//
// PostgreSQL writes the JSON itself (json_build_object below is this slice's "toItem" mapper): for a large
// library the server then receives one string instead of tens of thousands of rows, so building the
// timeline costs the database a few tens of milliseconds and the event loop almost nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { ContentType, SortDirection, TimelineItem } from '@shared/schemas/timeline';
import type { Db } from '../../db/client';

/** The order within one instant: photos, then memories, then documents (reversed when descending). */
const TYPE_RANK = { photo: 1, memory: 2, document: 3 } as const;

/** Keyset position: the last item of a page. `at` is a UTC timestamp with microseconds (exact). */
export interface TimelineCursor {
  at: string;
  rank: number;
  id: number;
}

/** [from, to) in the viewer's calendar: a whole year or one month. */
interface TimelineRange {
  fromYear: number;
  fromMonth: number;
  toYear: number;
  toMonth: number;
}

interface ItemQuery {
  userId: number;
  tz: string;
  direction: SortDirection;
  contentType?: ContentType;
  /** Only the photos this person of the owner's is in (issue 29): no memories or documents. */
  person?: number;
  range?: TimelineRange;
  after?: TimelineCursor;
  /** Rows to return; omitted → all. */
  limit?: number;
}

export interface PageRow {
  item: TimelineItem;
  at_key: string;
  rank: number;
  id: number;
}

interface CountRow {
  type: ContentType;
  year: number;
  month: number;
  n: number;
}

/** Anything that runs SQL: the pool, or a transaction. */
type Executor = Pick<Db, 'execute'>;

export function createTimelineRepo(db: Db) {
  return {
    ...createReads(db),
    /** Runs fn on one consistent snapshot, so a fingerprint and the data read with it always agree. */
    snapshot<T>(fn: (reads: TimelineReads) => Promise<T>): Promise<T> {
      return db.transaction(
        async (tx) => {
          // One big aggregate: JIT compilation would cost more than it saves, and the sort should stay in memory.
          await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
          return fn(createReads(tx));
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
export type TimelineRepo = ReturnType<typeof createTimelineRepo>;
type TimelineReads = ReturnType<typeof createReads>;

function createReads(db: Executor) {
  return {
    /** spec §3 year groups as a finished JSON text, in timeline order. */
    async timelineJson(q: Omit<ItemQuery, 'range' | 'after' | 'limit'>): Promise<string> {
      const dir = direction(q);
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select coalesce(json_agg(json_build_object('year', year, 'items', items) order by year ${dir}), '[]')::text as body
        from (
          select year, json_agg(item order by at ${dir}, rank ${dir}, id ${dir}) as items
          from (${itemsQuery(q)}) i
          group by year
        ) g`);
      return String(rows[0]?.body ?? '[]');
    },

    /** One page of items in timeline order, each with its keyset position. */
    async listPage(q: ItemQuery): Promise<PageRow[]> {
      const dir = direction(q);
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select item, at_key, rank, id from (${itemsQuery(q)}) i
        order by at ${dir}, rank ${dir}, id ${dir}
        ${q.limit === undefined ? sql`` : sql`limit ${q.limit}`}`);
      return rows as unknown as PageRow[];
    },

    /** Item counts per type, year and month in the viewer's time zone. */
    async countByMonth(userId: number, tz: string, person?: number): Promise<CountRow[]> {
      const others =
        person === undefined
          ? sql`union all
          select 'memory', event_date::timestamp from memories where user_id = ${userId}
          union all
          select 'document', uploaded_at at time zone ${tz}::text from vault_files where user_id = ${userId}`
          : sql``;
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select type, extract(year from local)::int as year, extract(month from local)::int as month, count(*)::int as n
        from (
          select 'photo' as type, coalesce(date_taken, created_at) at time zone ${tz}::text as local from photos
            where user_id = ${userId} ${ofPerson(userId, person)}
          ${others}
        ) s
        group by 1, 2, 3`);
      return rows as unknown as CountRow[];
    },

    /**
     * A digest of every row version the timeline reads for this user: per table the row count and two
     * 64-bit XORs of hash(id, xmin). xmin is the transaction that wrote the row version, so every insert,
     * update or delete changes the digest (short of a 2^-64 hash coincidence); it costs one pass over the
     * user's rows inside PostgreSQL and nothing on the event loop.
     */
    async fingerprint(userId: number, withFaces = false): Promise<string> {
      const digest = (table: SQL) => sql`(select count(*) || ':' ||
          coalesce(bit_xor(hashint8extended((id::bigint << 32) | xmin::text::bigint, 1)), 0) || ':' ||
          coalesce(bit_xor(hashint8extended((id::bigint << 32) | xmin::text::bigint, 2)), 0)
        from ${table} where user_id = ${userId})`;
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select ${digest(sql`photos`)} || '|' || ${digest(sql`memories`)} || '|' ||
               ${digest(sql`memory_attachments`)} || '|' || ${digest(sql`vault_files`)}
               ${withFaces ? sql`|| '|' || ${digest(sql`faces`)}` : sql``} as fp`);
      return String(rows[0]?.fp);
    },
  };
}

const direction = (q: { direction: SortDirection }) => sql.raw(q.direction === 'asc' ? 'asc' : 'desc');
const wants = (q: ItemQuery, type: ContentType) =>
  (!q.contentType || q.contentType === type) && (q.person === undefined || type === 'photo');

/** With a person: only the photos their faces are in, the owner's faces only. */
const ofPerson = (userId: number, person: number | undefined) =>
  person === undefined ? sql`` : sql`and id in (select photo_id from faces where user_id = ${userId} and person_id = ${person})`;

/** A timestamp as JavaScript's toISOString() writes it (UTC, milliseconds). */
const isoDate = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Items (type, rank, id, at, year, at_key, item) of the user. One branch per (table, ordering column), so
 * that with a range and a limit each branch walks its index in order and stops early: a page costs the same
 * with 1,000 items or 100,000. Photos are split in two (dated by dateTaken / by createdAt) because spec
 * §2's fallback has no index of its own.
 */
function itemsQuery(q: ItemQuery): SQL {
  const dir = direction(q);
  const tz = sql`${q.tz}::text`;
  const from = q.range && sql`make_timestamptz(${q.range.fromYear}::int, ${q.range.fromMonth}::int, 1, 0, 0, 0, ${tz})`;
  const to = q.range && sql`make_timestamptz(${q.range.toYear}::int, ${q.range.toMonth}::int, 1, 0, 0, 0, ${tz})`;
  const fromDay = q.range && sql`make_date(${q.range.fromYear}::int, ${q.range.fromMonth}::int, 1)`;
  const toDay = q.range && sql`make_date(${q.range.toYear}::int, ${q.range.toMonth}::int, 1)`;
  const inRange = (column: SQL, lower?: SQL, upper?: SQL) => (q.range ? sql`and ${column} >= ${lower} and ${column} < ${upper}` : sql``);

  /** Keyset condition on (at, rank, id), plus a plain bound on the indexed column so its index is used. */
  const after = (at: SQL, rank: number, bound: SQL, byDay = false) => {
    if (!q.after) return sql``;
    const cAt = sql`${q.after.at}::timestamptz`;
    const cmp = sql.raw(q.direction === 'asc' ? '>' : '<');
    const cmpEq = sql.raw(q.direction === 'asc' ? '>=' : '<=');
    const boundValue = byDay ? sql`(${cAt} at time zone ${tz})::date` : cAt;
    return sql`and (${at}, ${rank}::int, id) ${cmp} (${cAt}, ${q.after.rank}::int, ${q.after.id}::int) and ${bound} ${cmpEq} ${boundValue}`;
  };
  const branch = (select: SQL, where: SQL, orderColumn: SQL) =>
    q.limit === undefined
      ? sql`(${select} ${where})`
      : sql`(${select} ${where} order by ${orderColumn} ${dir}, id ${dir} limit ${q.limit})`;

  const photo = (at: SQL) => sql`select 'photo' as type, ${TYPE_RANK.photo}::int as rank, id, ${at} as at,
    json_build_object('type', 'photo', 'id', id, 'date', ${isoDate(at)},
      'datePrecision', case when date_taken is null then null else coalesce(date_taken_precision, 'exact') end,
      'dateMargin', case when date_taken_precision = 'about' then date_taken_margin end, 'title', title, 'fileName', file_name,
      'filePath', ${PHOTO_URL}, 'description', description, 'mediaType', ${MEDIA_TYPE}, 'derivativeStatus', derivative_status,
      'video', ${VIDEO_JSON}) as item
    from photos`;
  const memoryAt = sql`(m.event_date::timestamp at time zone ${tz})`;

  const branches: SQL[] = [];
  if (wants(q, 'photo')) {
    branches.push(
      branch(
        photo(sql`date_taken`),
        sql`where user_id = ${q.userId} and date_taken is not null ${ofPerson(q.userId, q.person)} ${inRange(sql`date_taken`, from, to)} ${after(sql`date_taken`, TYPE_RANK.photo, sql`date_taken`)}`,
        sql`date_taken`,
      ),
      branch(
        photo(sql`created_at`),
        sql`where user_id = ${q.userId} and date_taken is null ${ofPerson(q.userId, q.person)} ${inRange(sql`created_at`, from, to)} ${after(sql`created_at`, TYPE_RANK.photo, sql`created_at`)}`,
        sql`created_at`,
      ),
    );
  }
  if (wants(q, 'memory')) {
    branches.push(
      branch(
        sql`select 'memory' as type, ${TYPE_RANK.memory}::int as rank, m.id, ${memoryAt} as at,
          json_build_object('type', 'memory', 'id', m.id, 'date', to_char(m.event_date, 'YYYY-MM-DD'),
            'datePrecision', m.event_date_precision,
            'dateMargin', case when m.event_date_precision = 'about' then m.event_date_margin end, 'title', m.title,
            'content', m.content, 'attachments', ${memoryAttachmentsJson(q.userId)}) as item
          from memories m`,
        sql`where m.user_id = ${q.userId} ${inRange(sql`m.event_date`, fromDay, toDay)} ${after(memoryAt, TYPE_RANK.memory, sql`m.event_date`, true)}`,
        sql`m.event_date`,
      ),
    );
  }
  if (wants(q, 'document')) {
    branches.push(
      branch(
        sql`select 'document' as type, ${TYPE_RANK.document}::int as rank, id, uploaded_at as at,
          json_build_object('type', 'document', 'id', id, 'date', ${isoDate(sql`uploaded_at`)},
            'datePrecision', 'exact', 'dateMargin', null, 'fileName', file_name,
            'originalName', original_name, 'description', description) as item
          from vault_files`,
        sql`where user_id = ${q.userId} ${inRange(sql`uploaded_at`, from, to)} ${after(sql`uploaded_at`, TYPE_RANK.document, sql`uploaded_at`)}`,
        sql`uploaded_at`,
      ),
    );
  }

  return sql`
    select s.type, s.rank, s.id, s.at, s.item,
      to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
      extract(year from s.at at time zone ${tz})::int as year
    from (${sql.join(branches, sql` union all `)}) s`;
}

/**
 * spec §3: a memory's attachments, each {type, id, mimeType, filePath, fileName}: its own files first,
 * then linked gallery photos ('p-<id>'), then linked vault files ('v-<id>'), each in upload order, the
 * same order as GET /api/memories. Only the owner's rows, whatever a link says.
 * `user_id + 0` keeps the planner on the memory_id indexes: with stale statistics for a new, large library
 * it would otherwise scan all of the user's photos once per memory (seconds instead of milliseconds).
 */
function memoryAttachmentsJson(userId: number): SQL {
  return sql`coalesce((
    select json_agg(a.item order by a.ord, a.at, a.id) from (
      select 1 as ord, uploaded_at as at, id, json_build_object('type', 'attachment', 'id', id::text, 'mimeType', mime_type,
          'filePath', ${ATTACHMENT_URL}, 'fileName', file_name) as item
        from memory_attachments where memory_id = m.id and user_id + 0 = ${userId}
      union all
      select 2, created_at, id, json_build_object('type', 'photo', 'id', ${LINKED_PHOTO_ID}, 'mimeType', mime_type,
          'filePath', ${PHOTO_URL}, 'fileName', file_name)
        from photos where memory_id = m.id and user_id + 0 = ${userId}
      union all
      select 3, uploaded_at, id, json_build_object('type', 'vault', 'id', ${LINKED_VAULT_ID}, 'mimeType', mime_type,
          'filePath', ${VAULT_URL}, 'fileName', original_name)
        from vault_files where memory_id = m.id and user_id + 0 = ${userId}
    ) a
  ), '[]'::json)`;
}

// The URLs and ids of spec §3, written in SQL. They must match what GET /api/memories hands out for the
// same rows (the memories feature builds those in TypeScript); timeline.test.ts compares the two.
const PHOTO_URL = sql`('/api/photos/image/' || id)`;
const VAULT_URL = sql`('/api/vault/' || id)`;
const LINKED_PHOTO_ID = sql`('p-' || id)`;
const LINKED_VAULT_ID = sql`('v-' || id)`;
/** Decision 038: a row with a video_playback is a video; the API says 'ready' for both 'original' and 'copy'. */
const MEDIA_TYPE = sql`(case when video_playback is null then 'image' else 'video' end)`;
const VIDEO_JSON = sql`(case when video_playback is null then null else json_build_object(
    'playback', case when video_playback in ('original', 'copy') then 'ready' else video_playback::text end,
    'durationMs', duration_ms, 'url', '/api/photos/video/' || id) end)`;
const ATTACHMENT_URL = sql`('/api/memories/' || memory_id || '/attachments/' || id || '/file')`;
