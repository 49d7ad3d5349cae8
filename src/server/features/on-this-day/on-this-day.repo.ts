// On this day: what the user's earlier years hold on one calendar day, and the birthdays ahead.
//
// Index use: the service turns "this month and day in every earlier year" into one [start, stop) range per
// year, and each range is a lateral probe of (user_id, date_taken) / (user_id, event_date), the indexes the
// gallery and timeline already have. About 125 short index range scans cost the same with 1,000 photos or
// 100,000, where a month/day expression would read every photo of the user (and, per viewer time zone, could
// not be indexed at all). Birthdays read the owner's contacts with a birthday: a few thousand rows at most.
import { sql } from 'drizzle-orm';
import type { Relationship } from '@shared/schemas/contacts';
import type { Db } from '../../db/client';

/** One earlier year's day: [start, stop) as yyyy-MM-dd in the viewer's calendar. */
export interface DayRange {
  start: string;
  stop: string;
}

interface YearPhotos {
  year: number;
  count: number;
  ids: number[];
}

interface YearMemories {
  year: number;
  count: number;
  memories: Array<{ id: number; title: string; eventDate: string; eventDatePrecision: 'exact' | 'day'; eventDateMargin: null }>;
}

export interface BirthdayRow {
  id: number;
  firstName: string;
  lastName: string;
  relationship: Relationship;
  birthday: string;
}

/** A PostgreSQL array literal of values the service made (dates, MM-DD keys): never user text. */
const arrayLiteral = (values: string[]) => `{${values.join(',')}}`;

export function createOnThisDayRepo(db: Db) {
  const ranges = (days: DayRange[]) =>
    sql`unnest(${arrayLiteral(days.map((d) => d.start))}::date[], ${arrayLiteral(days.map((d) => d.stop))}::date[]) as r(start, stop)`;

  return {
    /** Per range with photos: how many, and the ids of the first `perYear` (oldest first). Newest year first. */
    async photosByYear(userId: number, days: DayRange[], tz: string, perYear: number): Promise<YearPhotos[]> {
      if (days.length === 0) return [];
      // a photo of someone the owner left out of On This Day (issue 29) is not shown, nor counted
      const inDay = sql`user_id = ${userId}
        and date_taken >= (r.start::timestamp at time zone ${tz}::text)
        and date_taken < (r.stop::timestamp at time zone ${tz}::text)
        and coalesce(date_taken_precision, 'exact') in ('exact', 'day')
        and not exists (select 1 from faces f join people p on p.id = f.person_id
                        where f.photo_id = photos.id and f.user_id = ${userId} and not p.on_this_day)`;
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select extract(year from r.start)::int as year, c.n as count,
          (select coalesce(array_agg(s.id order by s.date_taken, s.id), '{}')
             from (select id, date_taken from photos where ${inDay} order by date_taken, id limit ${perYear}) s) as ids
        from ${ranges(days)}
        cross join lateral (select count(*)::int as n from photos where ${inDay}) c
        where c.n > 0
        order by r.start desc`);
      return rows.map((row) => ({ year: Number(row.year), count: Number(row.count), ids: (row.ids as number[]).map(Number) }));
    },

    /** Per range with memories: how many, and the first `perYear` (id, title, eventDate). Newest year first. */
    async memoriesByYear(userId: number, days: DayRange[], perYear: number): Promise<YearMemories[]> {
      if (days.length === 0) return [];
      // decision 067: only a memory known to the day is on this day ("June 1962" is not on 1 June)
      const inDay = sql`user_id = ${userId} and event_date >= r.start and event_date < r.stop and event_date_precision in ('exact', 'day')`;
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select extract(year from r.start)::int as year, c.n as count,
          (select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'eventDate', to_char(s.event_date, 'YYYY-MM-DD'),
                    'eventDatePrecision', s.event_date_precision, 'eventDateMargin', null)
                    order by s.event_date, s.id), '[]')
             from (select id, title, event_date, event_date_precision from memories where ${inDay} order by event_date, id limit ${perYear}) s) as memories
        from ${ranges(days)}
        cross join lateral (select count(*)::int as n from memories where ${inDay}) c
        where c.n > 0
        order by r.start desc`);
      return rows.map((row) => ({
        year: Number(row.year),
        count: Number(row.count),
        memories: row.memories as YearMemories['memories'],
      }));
    },

    /** The owner's contacts whose birthday falls on one of the month-days ('MM-DD'). */
    async birthdaysOn(ownerId: number, monthDays: string[]): Promise<BirthdayRow[]> {
      if (monthDays.length === 0) return [];
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select id, first_name, last_name, relationship, to_char(birthday, 'YYYY-MM-DD') as birthday
        from contacts
        where owner_id = ${ownerId} and birthday is not null and to_char(birthday, 'MM-DD') = any(${arrayLiteral(monthDays)}::text[])`);
      return rows.map((row) => ({
        id: Number(row.id),
        firstName: String(row.first_name),
        lastName: String(row.last_name ?? ''),
        relationship: row.relationship as Relationship,
        birthday: String(row.birthday),
      }));
    },
  };
}
export type OnThisDayRepo = ReturnType<typeof createOnThisDayRepo>;
