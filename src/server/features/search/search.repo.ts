// Full-text search over the generated search_vector columns (decision 030). One query per kind; every query
// carries the owner in its WHERE. The tsquery is built from the parsed terms, each term's text a bind
// parameter of a function that never reads query syntax, so nothing typed becomes tsquery operators.
import { sql, type SQL } from 'drizzle-orm';
import { DATE_MARGIN_MAX, type DatePrecision } from '@shared/dates/date-precision';
import type { SearchKind, SearchTerm } from '@shared/schemas/search';
import type { Db } from '../../db/client';
import { umlautsSpelledOut } from './umlauts';

/** Marks ts_headline puts around matches: private-use characters, removed from the text first. */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

export interface SearchCursor {
  rank: number;
  id: number;
}

export type SearchRow = {
  id: number;
  rank: number;
  title: string;
  snippet: string | null;
  date: string | null;
  date_precision: DatePrecision | null;
  date_margin: number | null;
  relationship: 'family' | 'friend' | null;
  /** A photo row that holds a video (decision 038); null for the other kinds. */
  is_video: boolean | null;
  duration_ms: number | null;
  /** Whether the photo's picture (a video's poster) has been made; null for the other kinds. */
  has_picture: boolean | null;
};

/**
 * A word is found whole (accent-free, and with its umlauts spelled out too: "Müller" also finds "Mueller"), by its
 * English stem, and, while it is being typed, by its prefix.
 */
function termQuery(term: Exclude<SearchTerm, { type: 'or' }>): SQL {
  const spelled = umlautsSpelledOut(term.text);
  const texts = spelled === undefined ? [term.text] : [term.text, spelled];
  let parts: SQL[];
  if (term.type === 'phrase') {
    parts = [...texts.map((t) => sql`phraseto_tsquery('heirloom_simple', ${t})`), sql`phraseto_tsquery('heirloom_english', ${term.text})`];
  } else if (term.prefix) {
    // parseSearchTerms allows a prefix only on a run of letters and digits; quote_literal keeps it one lexeme anyway.
    parts = [
      ...texts.map((t) => sql`to_tsquery('heirloom_simple', quote_literal(${t}) || ':*')`),
      sql`plainto_tsquery('heirloom_english', ${term.text})`,
    ];
  } else {
    parts = [...texts.map((t) => sql`plainto_tsquery('heirloom_simple', ${t})`), sql`plainto_tsquery('heirloom_english', ${term.text})`];
  }
  const query = sql`(${sql.join(parts, sql` || `)})`;
  return term.negated ? sql`(!! ${query})` : query;
}

/** Terms joined by AND, `or` between two of them joining those two groups by OR (websearch_to_tsquery's reading). */
export function buildTsQuery(terms: SearchTerm[]): SQL {
  const groups: SQL[][] = [[]];
  for (const term of terms) {
    if (term.type === 'or') groups.push([]);
    else groups.at(-1)!.push(termQuery(term));
  }
  const anded = groups.filter((g) => g.length > 0).map((g) => sql`(${sql.join(g, sql` && `)})`);
  return sql`(${sql.join(anded, sql` || `)})`;
}

/** How far before its stored date (the start of its period) an item's period may begin: an about date's widest margin. */
const WIDEST_REACH = `${DATE_MARGIN_MAX + 1} years`;

/**
 * Whether an item dated `day` (the start of its period) to `precision` (± `margin` years when about) overlaps
 * [start, end]. The first test is a plain range on the stored date, which an index on it can serve.
 */
function overlaps(day: SQL, precision: SQL, margin: SQL, start: string, end: string): SQL {
  const year = sql`extract(year from ${day})::int`;
  const first = sql`CASE ${precision} WHEN 'about' THEN make_date(greatest(1, ${year} - coalesce(${margin}, 1)), 1, 1) ELSE ${day}::date END`;
  const last = sql`CASE ${precision}
      WHEN 'month' THEN (date_trunc('month', ${day}) + interval '1 month' - interval '1 day')::date
      WHEN 'year' THEN make_date(${year}, 12, 31)
      WHEN 'decade' THEN make_date(${year} - ${year} % 10 + 9, 12, 31)
      WHEN 'about' THEN make_date(${year} + coalesce(${margin}, 1), 12, 31)
      ELSE ${day}::date END`;
  return sql`(${day} >= ${start}::date - ${WIDEST_REACH}::interval AND ${day} < ${end}::date + 1
    AND ${first} <= ${end}::date AND ${last} >= ${start}::date)`;
}

interface KindSql {
  table: SQL;
  owner: SQL;
  title: SQL;
  /** The item's other text, where the snippet is looked for. */
  details: SQL;
  date: SQL;
  /** date_precision and date_margin (decision 067). */
  precision: SQL;
  /** Whether the item's date overlaps the period [start, end] (yyyy-MM-dd); absent for kinds found by words only. */
  inPeriod?: (start: string, end: string) => SQL;
  relationship: SQL;
  /** is_video, duration_ms, has_picture: what a photo's thumbnail needs to show a video. */
  media: SQL;
}

const KINDS: Record<SearchKind, KindSql> = {
  memory: {
    table: sql`memories`,
    owner: sql`user_id`,
    title: sql`title`,
    details: sql`concat_ws(' · ', location, array_to_string(tags, ', '), content)`,
    date: sql`to_char(event_date, 'YYYY-MM-DD')`,
    precision: sql`event_date_precision AS date_precision, CASE WHEN event_date_precision = 'about' THEN event_date_margin END AS date_margin`,
    inPeriod: (start, end) => overlaps(sql`event_date`, sql`event_date_precision`, sql`event_date_margin`, start, end),
    relationship: sql`NULL::text`,
    media: sql`NULL::boolean AS is_video, NULL::integer AS duration_ms, NULL::boolean AS has_picture`,
  },
  photo: {
    table: sql`photos`,
    owner: sql`user_id`,
    title: sql`coalesce(nullif(title, ''), file_name)`,
    details: sql`concat_ws(' · ', array_to_string(people_names, ', '), description, location, array_to_string(tags, ', '), file_name, camera_info)`,
    date: sql`to_char(date_taken AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    precision: sql`CASE WHEN date_taken IS NOT NULL THEN coalesce(date_taken_precision, 'exact') END AS date_precision,
      CASE WHEN date_taken_precision = 'about' THEN date_taken_margin END AS date_margin`,
    inPeriod: (start, end) =>
      sql`(date_taken IS NOT NULL AND ${overlaps(sql`(date_taken AT TIME ZONE 'UTC')::date`, sql`date_taken_precision`, sql`date_taken_margin`, start, end)})`,
    relationship: sql`NULL::text`,
    media: sql`video_playback IS NOT NULL AS is_video, duration_ms, derivative_status = 'ready' AS has_picture`,
  },
  document: {
    table: sql`vault_files`,
    owner: sql`user_id`,
    title: sql`original_name`,
    // the words read from the document (decision 058) come after its description, so the snippet shows where a
    // word was found in a will or a letter: in its first 10,000 characters (a few pages), as ts_headline reads all it
    // is given (about 20 ms a row for 100,000 characters, 2 ms for 10,000); a word found further on is still found
    details: sql`concat_ws(' · ', description, nullif(left(text, 10000), ''))`,
    date: sql`to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    precision: sql`'exact'::text AS date_precision, NULL::integer AS date_margin`,
    relationship: sql`NULL::text`,
    media: sql`NULL::boolean AS is_video, NULL::integer AS duration_ms, NULL::boolean AS has_picture`,
  },
  person: {
    table: sql`people`,
    // a hidden person (a stranger in the background) is nobody the owner looks for: no owner, so never a match
    owner: sql`CASE WHEN hidden THEN NULL ELSE user_id END`,
    title: sql`coalesce(name, '')`,
    details: sql`NULL::text`,
    date: sql`NULL::text`,
    precision: sql`NULL::text AS date_precision, NULL::integer AS date_margin`,
    relationship: sql`NULL::text`,
    media: sql`NULL::boolean AS is_video, NULL::integer AS duration_ms, NULL::boolean AS has_picture`,
  },
  contact: {
    table: sql`contacts`,
    owner: sql`owner_id`,
    title: sql`trim(first_name || ' ' || last_name)`,
    details: sql`concat_ws(' · ', family_relation, notes)`,
    date: sql`NULL::text`,
    precision: sql`NULL::text AS date_precision, NULL::integer AS date_margin`,
    relationship: sql`relationship::text`,
    media: sql`NULL::boolean AS is_video, NULL::integer AS duration_ms, NULL::boolean AS has_picture`,
  },
};

const TITLE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
const SNIPPET_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;

/** The text without our marks, so only ts_headline's marks are in what comes back. */
const unmarked = (text: SQL) => sql`translate(${text}, ${MARK_START + MARK_END}, '')`;

export function createSearchRepo(db: Db) {
  return {
    /**
     * One page of one kind, best first: (rank, id) descending, after the cursor when there is one.
     * `candidates` bounds the rows ranked to the first that many matches found (the as-you-type preview: ts_rank
     * costs ~20 µs a row, and a common word can match tens of thousands).
     */
    async page(
      userId: number,
      kind: SearchKind,
      terms: SearchTerm[],
      {
        limit,
        after,
        candidates,
        period,
      }: { limit: number; after?: SearchCursor; candidates?: number; period?: { start: string; end: string } },
    ): Promise<SearchRow[]> {
      const k = KINDS[kind];
      const query = buildTsQuery(terms);
      // `owner + 0`: still the owner's rows only, but no owner index can serve it, so matches are found through the
      // GIN index. Given the owner's (user, date) index, PostgreSQL would walk all of the owner's rows under LIMIT
      // hoping to meet matches early, which for a rare word is every row (64 ms at 100k photos, 9 ms via GIN).
      // a query that is a year, a decade or a month (decision 067) also finds what is dated in it, whatever its precision
      const dated = period && k.inPeriod ? sql` OR ${k.inPeriod(period.start, period.end)}` : sql``;
      const matches = sql`SELECT id, search_vector FROM ${k.table} WHERE ${k.owner} + 0 = ${userId} AND (search_vector @@ ${query}${dated})`;
      // No ORDER BY: PostgreSQL stops at the first `candidates` matches whichever way it finds them (the GIN
      // index for a rare word, the table for a common one); ordering them first would read every match.
      const ranked = candidates === undefined ? matches : sql`${matches} LIMIT ${candidates}`;
      const afterCursor = after ? sql`WHERE (rank, id) < (${after.rank}::real, ${after.id}::integer)` : sql``;
      const statement = sql`
        SELECT page.id, page.rank,
               ts_headline('heirloom_simple', ${unmarked(k.title)}, ${query}, ${TITLE_OPTIONS}) AS title,
               CASE WHEN coalesce(${k.details}, '') = '' THEN NULL
                    ELSE ts_headline('heirloom_simple', ${unmarked(k.details)}, ${query}, ${SNIPPET_OPTIONS}) END AS snippet,
               ${k.date} AS date, ${k.precision}, ${k.relationship} AS relationship, ${k.media}
        FROM (
          SELECT id, rank FROM (
            SELECT id, ts_rank(search_vector, ${query}, 1) AS rank FROM (${ranked}) matches
          ) ranked
          ${afterCursor}
          ORDER BY rank DESC, id DESC
          LIMIT ${limit}
        ) page
        JOIN ${k.table} USING (id)
        ORDER BY page.rank DESC, page.id DESC`;
      // PostgreSQL guesses a prefix matches ~2% of rows, and under LIMIT it then prefers reading the table
      // until it has enough, which for a rare word means all of it (36 ms at 100k photos, 3 ms via the index).
      // The GIN index is never a bad way to find matches, so the planner is told to use it.
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        return tx.execute<SearchRow>(statement);
      });
      return result.rows.map((row) => ({ ...row, rank: Number(row.rank) }));
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
