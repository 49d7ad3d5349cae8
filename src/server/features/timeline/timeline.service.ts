import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  TIMELINE_PAGE_DEFAULT,
  type ContentType,
  type SortDirection,
  type TimelineCounts,
  type TimelinePeriod,
  type TimelinePeriodQuery,
  type TimelineQuery,
  type TimelineSummary,
} from '@shared/schemas/timeline';
import { badRequest } from '../../lib/errors';
import { contentEtag, etagMatches } from '../../lib/etag';
import type { PageRow, TimelineCursor, TimelineRepo } from './timeline.repo';
import { userText } from '@shared/i18n/text';

const gzipAsync = promisify(gzip); // zlib's thread pool: a large body does not hold the event loop
const DEFAULT_TZ = 'UTC';
const TZ_MESSAGE = 'tz must be an IANA time zone such as Europe/Paris';

interface Options {
  sortDirection: SortDirection;
  contentType?: ContentType;
  tz: string;
  person?: number;
}

// spec §4 / §9: default sort descending, default filter all.
const resolve = (q: TimelineQuery): Options => ({
  sortDirection: q.sortDirection ?? 'desc',
  contentType: q.contentType,
  tz: q.tz ?? DEFAULT_TZ,
  person: q.person === undefined ? undefined : Number(q.person),
});

/** PostgreSQL knows fewer zone names than some JavaScript runtimes: its refusal is the client's mistake. */
async function withZone<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '22023') throw badRequest(TZ_MESSAGE);
    throw err;
  }
}

function encodeCursor(row: Pick<PageRow, 'at_key' | 'rank' | 'id'>): string {
  return Buffer.from(`${row.at_key}|${row.rank}|${row.id}`).toString('base64url');
}

const CURSOR = /^(-?\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([123])\|([1-9]\d{0,9})$/;

/**
 * A calendar instant that exists and PostgreSQL can hold: '2020-02-30…', '…T24:00…' or a year outside
 * 1 … 294275 ('-275761-…', '294277-…') would fail deep in PostgreSQL as a 500.
 */
function isRealInstant(at: string) {
  const [, year, month, day, hour, minute, second] = /^(-?\d+)-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(at)!.map(Number);
  if (year! < 1 || year! > 294_275) return false;
  if (month! < 1 || month! > 12 || hour! > 23 || minute! > 59 || second! > 59 || day! < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, month!, 0)).getUTCDate(); // 29 for February: leap years checked next
  if (month === 2 && day === 29) return (year! % 4 === 0 && year! % 100 !== 0) || year! % 400 === 0;
  return day! <= daysInMonth;
}

function decodeCursor(cursor: string): TimelineCursor {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || Number(match[3]) > 2_147_483_647 || !isRealInstant(match[1]!)) throw badRequest(userText('Invalid cursor'));
  return { at: match[1]!, rank: Number(match[2]), id: Number(match[3]) };
}

const emptyCounts = (): TimelineCounts => ({ photo: 0, memory: 0, document: 0, total: 0 });

/** A built GET /api/timeline body; its gzip is made once, on first demand, off the event loop. */
interface BuiltTimeline {
  etag: string;
  body: Buffer;
  gzipped(): Promise<Buffer>;
}

export function createTimelineService({ repo }: { repo: TimelineRepo }) {
  const queryKey = (userId: number, o: Options) => `${userId}|${o.sortDirection}|${o.contentType ?? 'all'}|${o.tz}|${o.person ?? 'anyone'}`;
  const etagOf = (key: string, fingerprint: string) => contentEtag('tl', `${key}|${fingerprint}`);

  async function build(key: string, userId: number, o: Options): Promise<BuiltTimeline> {
    // Fingerprint and body from one snapshot: the ETag always names exactly the rows the body shows.
    const fresh = await withZone(() =>
      repo.snapshot(async (reads) => ({
        // with a person, their faces decide which photos show: a face moved changes the answer
        fingerprint: await reads.fingerprint(userId, o.person !== undefined),
        json: await reads.timelineJson({ userId, tz: o.tz, direction: o.sortDirection, contentType: o.contentType, person: o.person }),
      })),
    );
    // Not re-validated against timelineSchema here: on a large library that check alone would hold the
    // event loop for ~100 ms; the SQL that writes it is covered by tests that parse it with the schema.
    const body = Buffer.from(fresh.json);
    let compressed: Promise<Buffer> | undefined;
    return { etag: etagOf(key, fresh.fingerprint), body, gzipped: () => (compressed ??= gzipAsync(body, { level: 6 })) };
  }

  // Builds in progress, so that a burst of identical requests costs one build; nothing is kept once sent.
  const inFlight = new Map<string, Promise<BuiltTimeline>>();

  return {
    /**
     * GET /api/timeline, written by the database in one query whatever the library size. A conditional
     * request whose ETag still matches gets notModified without the body being built.
     */
    async listResponse(userId: number, q: TimelineQuery, ifNoneMatch?: string) {
      const o = resolve(q);
      const key = queryKey(userId, o);
      const current = await withZone(() => repo.fingerprint(userId, o.person !== undefined));
      const etag = etagOf(key, current);
      if (etagMatches(ifNoneMatch, etag)) return { notModified: true as const, etag };
      // Requests that saw the same fingerprint share one build: its snapshot is at least as new as what each
      // of them saw, so none of them is handed older data than it had already observed.
      const flightKey = `${key}|${current}`;
      let flight = inFlight.get(flightKey);
      if (!flight) {
        flight = build(key, userId, o).finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, flight);
      }
      return { notModified: false as const, built: await flight };
    },

    /** GET /api/timeline/summary: counts per type, year and month; years and months in sort order. */
    async summary(userId: number, q: { sortDirection?: SortDirection; tz?: string; person?: string }): Promise<TimelineSummary> {
      const person = q.person === undefined ? undefined : Number(q.person);
      const rows = await withZone(() => repo.countByMonth(userId, q.tz ?? DEFAULT_TZ, person));
      const totals = emptyCounts();
      const years = new Map<number, TimelineSummary['years'][number]>();
      for (const row of rows) {
        let year = years.get(row.year);
        if (!year) years.set(row.year, (year = { year: row.year, ...emptyCounts(), months: [] }));
        let month = year.months.find((m) => m.month === row.month);
        if (!month) year.months.push((month = { month: row.month, ...emptyCounts() }));
        for (const counts of [totals, year, month]) {
          counts[row.type] += row.n;
          counts.total += row.n;
        }
      }
      const sign = (q.sortDirection ?? 'desc') === 'asc' ? 1 : -1;
      const sorted = [...years.values()].sort((a, b) => sign * (a.year - b.year));
      for (const year of sorted) year.months.sort((a, b) => sign * (a.month - b.month));
      return { totals, years: sorted };
    },

    /** GET /api/timeline/period: one year or month, a page at a time, in the same order as the full list. */
    async period(userId: number, q: TimelinePeriodQuery): Promise<TimelinePeriod> {
      const o = resolve(q);
      const year = Number(q.year);
      const month = q.month === undefined ? null : Number(q.month);
      const range =
        month === null
          ? { fromYear: year, fromMonth: 1, toYear: year + 1, toMonth: 1 }
          : { fromYear: year, fromMonth: month, toYear: month === 12 ? year + 1 : year, toMonth: month === 12 ? 1 : month + 1 };
      const limit = q.limit === undefined ? TIMELINE_PAGE_DEFAULT : Number(q.limit);
      const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
      const rows = await withZone(() =>
        repo.listPage({
          userId,
          tz: o.tz,
          direction: o.sortDirection,
          contentType: o.contentType,
          person: o.person,
          range,
          after,
          limit: limit + 1,
        }),
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        year,
        month,
        items: page.map((row) => row.item),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },
  };
}
export type TimelineService = ReturnType<typeof createTimelineService>;
