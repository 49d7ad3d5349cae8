import {
  SEARCH_GROUP_PREVIEW,
  SEARCH_KINDS,
  SEARCH_PAGE_SIZE,
  parseSearchTerms,
  type Highlighted,
  type SearchHit,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
} from '@shared/schemas/search';
import { parseApproximateDate, periodOf } from '@shared/dates/date-precision';
import { badRequest } from '../../lib/errors';
import { MARK_END, MARK_START, type SearchCursor, type SearchRepo, type SearchRow } from './search.repo';
import { userText } from '@shared/i18n/text';

/**
 * The period a query names when all of it is a year ("1962"), a decade ("1960s") or a month ("June 1962"):
 * memories and photos dated in it are found too (decision 067).
 */
export function periodIn(q: string): { start: string; end: string } | undefined {
  const date = parseApproximateDate(q);
  if (!date || !['year', 'decade', 'month'].includes(date.precision)) return undefined;
  return periodOf(date);
}

/** Matches of one kind ranked for the all-kinds preview (a bound on its cost; decision 030). */
const PREVIEW_CANDIDATES = 400;

/** ts_headline's output → plain text and the [start, end) offsets of the marked words. */
export function toHighlighted(marked: string): Highlighted {
  let text = '';
  const ranges: Array<[number, number]> = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === MARK_START) start = text.length;
    else if (ch === MARK_END) {
      if (start >= 0 && text.length > start) ranges.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  return { text, ranges };
}

// The cursor is the last item's (rank, id); rank is a float4 whose shortest decimal form reads back exactly.
const encodeCursor = ({ rank, id }: SearchCursor) => Buffer.from(`${rank}:${id}`).toString('base64url');

function decodeCursor(cursor: string): SearchCursor {
  const match = /^(\d+(?:\.\d+)?(?:e-?\d+)?):([1-9]\d{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || Number(match[2]) > 2147483647) throw badRequest(userText('Invalid cursor'));
  return { rank: Number(match[1]), id: Number(match[2]) };
}

function toHit(kind: SearchKind, row: SearchRow): SearchHit {
  return {
    kind,
    id: row.id,
    title: toHighlighted(row.title),
    snippet: row.snippet === null ? null : toHighlighted(row.snippet),
    date: row.date,
    datePrecision: row.date_precision,
    dateMargin: row.date_margin,
    relationship: row.relationship,
    // a video shows its poster once made; until then the client draws a placeholder, never a broken image
    thumbnailUrl: kind === 'photo' && (!row.is_video || row.has_picture) ? `/api/photos/image/${row.id}?size=thumb` : null,
    mediaType: kind === 'photo' ? (row.is_video ? 'video' : 'image') : null,
    durationMs: row.duration_ms,
  };
}

export function createSearchService({ repo }: { repo: SearchRepo }) {
  async function group(userId: number, kind: SearchKind, query: SearchQuery, limit: number, after?: SearchCursor, candidates?: number) {
    const rows = await repo.page(userId, kind, parseSearchTerms(query.q), {
      limit: limit + 1,
      after,
      candidates,
      period: periodIn(query.q),
    });
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      kind,
      items: items.map((row) => toHit(kind, row)),
      hasMore: rows.length > limit,
      // A preview ranked only some candidates: its last item is no position in the full order.
      nextCursor: rows.length > limit && last && candidates === undefined ? encodeCursor(last) : null,
    };
  }

  return {
    /** All kinds → the best few of each; one kind → a page of it, after `cursor`. */
    async search(userId: number, query: SearchQuery): Promise<SearchResult> {
      if (query.kind) {
        const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
        const one = await group(userId, query.kind, query, SEARCH_PAGE_SIZE, after);
        return { groups: one.items.length > 0 ? [one] : [] };
      }
      if (query.cursor !== undefined) throw badRequest(userText('A cursor pages one kind: pass kind with it'));
      // The preview ranks the newest PREVIEW_CANDIDATES matches of each kind; "more" (one kind) ranks them all.
      const groups = await Promise.all(
        SEARCH_KINDS.map((kind) => group(userId, kind, query, SEARCH_GROUP_PREVIEW, undefined, PREVIEW_CANDIDATES)),
      );
      return { groups: groups.filter((g) => g.items.length > 0) };
    },
  };
}
