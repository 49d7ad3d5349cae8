// Keyset ("seek") paging for the lists the screens show (issue 15). A page starts strictly after the last row
// of the previous one in a total order (the sort keys, then the id), so a deep page costs what the first does
// (an index seek, no OFFSET), and rows added or deleted between pages never make one appear twice.
//
// The cursor carries the last row's keys as PostgreSQL printed them (timestamps to the microsecond, which a
// JavaScript Date would round), and the name of its list and order: a cursor of another list, another order
// or no list at all is a 400, checked here before anything reaches SQL (a bad date there would be a 500).
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MAX_ID } from '@shared/schemas/common';
import { badRequest } from './errors';
import { userText } from '@shared/i18n/text';

/** timestamptz, date, or text (compared in the database's collation, as the ORDER BY sorts it). */
export type KeyKind = 'timestamp' | 'date' | 'text';

export interface Keyset {
  /** Names the list and its order in the cursor, e.g. 'photos:title'. */
  list: string;
  direction: 'asc' | 'desc';
  /** The sort keys, most significant first; none may be NULL (the row comparison below needs that). */
  keys: { expr: SQL | AnyPgColumn; kind: KeyKind }[];
  id: AnyPgColumn;
}

const INVALID = userText('This cursor does not belong to this list; load the list again from the start');
const TIMESTAMP = /^(\d{4,6})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_TEXT_KEY = 4_000;

/** A calendar day PostgreSQL holds as such ('2021-02-29' or month 13 would fail there as a 500). */
function isRealDay(year: number, month: number, day: number) {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(2000, month, 0)).getUTCDate() && !(month === 2 && day === 29 && !isLeap(year));
}
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function isValidKey(kind: KeyKind, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (kind === 'text') return value.length <= MAX_TEXT_KEY && !value.includes('\u0000');
  if (kind === 'date') {
    const m = DATE.exec(value);
    return !!m && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return year <= 294_275 && isRealDay(year, month, day) && hour <= 23 && minute <= 59 && second <= 59;
}

/** The key as the text a cursor carries. */
function keyText({ expr, kind }: Keyset['keys'][number]): SQL<string> {
  if (kind === 'timestamp') return sql<string>`to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  if (kind === 'date') return sql<string>`to_char(${expr}, 'YYYY-MM-DD')`;
  return sql<string>`(${expr})::text`;
}

/** A cursor's text as a value of the key's type. */
function keyValue(kind: KeyKind, text: string): SQL {
  if (kind === 'timestamp') return sql`${text}::timestamptz`;
  if (kind === 'date') return sql`${text}::date`;
  return sql`${text}::text`;
}

interface Cursor {
  keys: string[];
  id: number;
}

function decode(keyset: Keyset, cursor: string): Cursor {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID, 'INVALID_CURSOR');
  }
  const n = keyset.keys.length;
  if (!Array.isArray(parsed) || parsed.length !== n + 2 || parsed[0] !== keyset.list) throw badRequest(INVALID, 'INVALID_CURSOR');
  const keys = parsed.slice(1, n + 1);
  const id = parsed[n + 1];
  if (!keys.every((value, i) => isValidKey(keyset.keys[i]!.kind, value))) throw badRequest(INVALID, 'INVALID_CURSOR');
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) throw badRequest(INVALID, 'INVALID_CURSOR');
  return { keys: keys as string[], id };
}

const encode = (keyset: Keyset, keys: string[], id: number) =>
  Buffer.from(JSON.stringify([keyset.list, ...keys, id])).toString('base64url');

/** Extra columns every paged select adds: the row's keys as cursor text. */
export type KeyColumns = Record<`_k${number}`, SQL<string>>;

/**
 * What a repo needs to read one page: `where` (rows after the cursor; undefined on the first page), `orderBy`,
 * `columns` to add to its select, and `finish` to cut the extra row read (limit + 1) into the next cursor.
 * Without a cursor, `from` (already valid key values) starts the list at the first row at or past those keys:
 * a jump, e.g. to a month of the gallery.
 */
export function keysetPage(keyset: Keyset, cursor: string | undefined, limit: number, from?: string[]) {
  const after = cursor === undefined ? undefined : decode(keyset, cursor);
  const exprs = [...keyset.keys.map((k) => k.expr), keyset.id];
  const dir = keyset.direction === 'asc' ? sql`asc` : sql`desc`;
  const columns: KeyColumns = Object.fromEntries(keyset.keys.map((k, i) => [`_k${i}`, keyText(k)]));
  // One row comparison over the same expressions as the ORDER BY (every key sorts the same way), so an index
  // on (owner, keys…, id) answers it with a seek.
  const compare = (op: SQL, keys: string[], id: number) =>
    sql`(${sql.join(
      exprs.map((e) => sql`${e}`),
      sql`, `,
    )}) ${op} (${sql.join([...keys.map((text, i) => keyValue(keyset.keys[i]!.kind, text)), sql`${id}::int`], sql`, `)})`;
  const asc = keyset.direction === 'asc';
  const where = after
    ? compare(asc ? sql`>` : sql`<`, after.keys, after.id)
    : from
      ? compare(asc ? sql`>=` : sql`<=`, from, asc ? 0 : MAX_ID)
      : undefined;
  return {
    where,
    orderBy: exprs.map((e) => sql`${e} ${dir}`),
    columns,
    /** Reads `limit + 1` rows so the last page is known without a count. */
    fetch: limit + 1,
    finish<R extends Record<string, unknown>>(rows: R[], idOf: (row: R) => number): { rows: R[]; nextCursor: string | null } {
      if (rows.length <= limit) return { rows, nextCursor: null };
      const page = rows.slice(0, limit);
      const last = page[page.length - 1]!;
      const keys = keyset.keys.map((_, i) => String(last[`_k${i}`]));
      return { rows: page, nextCursor: encode(keyset, keys, idOf(last)) };
    },
  };
}
