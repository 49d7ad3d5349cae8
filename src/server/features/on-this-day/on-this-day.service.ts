// On this day (issue 15): photos and memories from this month and day in earlier years, and the birthdays of
// the next 14 days. The calendar arithmetic is here (plain UTC date maths on yyyy-MM-dd, no clock, no zone);
// the repo only probes the ranges it is given.
//
// Time zone: a photo's date_taken is an instant. It is put on a day in the viewer's zone (`tz`, as the
// gallery shows it in the browser); without tz, in UTC. A memory's eventDate and a birthday are calendar days
// already and need no zone.
//
// 29 February: a birthday on 29 February is kept on 28 February in other years; on 28 February of a year
// that has no 29th, "on this day" also shows what happened on the 29th of earlier leap years; on 29 February
// itself only leap years can match.
import { EARLIEST_YEAR } from '@shared/limits';
import {
  ON_THIS_DAY_BIRTHDAY_DAYS,
  ON_THIS_DAY_BIRTHDAYS_MAX,
  ON_THIS_DAY_MEMORIES_PER_YEAR,
  ON_THIS_DAY_MEMORIES_TOTAL,
  ON_THIS_DAY_PHOTOS_PER_YEAR,
  ON_THIS_DAY_PHOTOS_TOTAL,
  type OnThisDay,
  type OnThisDayBirthday,
  type OnThisDayQuery,
  type OnThisDayYear,
} from '@shared/schemas/on-this-day';
import type { Photo } from '@shared/schemas/photos';
import type { Db } from '../../db/client';
import { listPhotosByIds } from '../photos/photos.service';
import type { DayRange, OnThisDayRepo } from './on-this-day.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
/** A yyyy-MM-dd day as a UTC midnight: day arithmetic without any local zone or daylight saving. */
const utcDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const toYmd = (date: Date) => ymd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return toYmd(new Date(utcDay(y, m, d).getTime() + n * DAY_MS));
};

/** This month and day in every earlier year since 1900, newest first, as [start, stop) days. */
export function earlierYearRanges(date: string): DayRange[] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const ranges: DayRange[] = [];
  for (let y = year - 1; y >= EARLIEST_YEAR; y--) {
    if (month === 2 && day === 29 && !isLeap(y)) continue;
    const start = ymd(y, month, day);
    const takesThe29th = month === 2 && day === 28 && !isLeap(year) && isLeap(y);
    ranges.push({ start, stop: addDays(start, takesThe29th ? 2 : 1) });
  }
  return ranges;
}

/** The next ON_THIS_DAY_BIRTHDAY_DAYS days, each with the birthdays ('MM-DD') celebrated on it. */
export function birthdayDays(date: string): Array<{ date: string; daysAway: number; monthDays: string[] }> {
  return Array.from({ length: ON_THIS_DAY_BIRTHDAY_DAYS }, (_, daysAway) => {
    const day = addDays(date, daysAway);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const monthDays = [`${pad(m)}-${pad(d)}`];
    if (m === 2 && d === 28 && !isLeap(y)) monthDays.push('02-29');
    return { date: day, daysAway, monthDays };
  });
}

export function createOnThisDayService({ db, repo }: { db: Db; repo: OnThisDayRepo }) {
  async function years(userId: number, date: string, tz: string): Promise<OnThisDayYear[]> {
    const ranges = earlierYearRanges(date);
    const [photoYears, memoryYears] = await Promise.all([
      repo.photosByYear(userId, ranges, tz, ON_THIS_DAY_PHOTOS_PER_YEAR),
      repo.memoriesByYear(userId, ranges, ON_THIS_DAY_MEMORIES_PER_YEAR),
    ]);
    // the caps keep the newest years whole: an old year is the one that loses its photos
    let photoBudget = ON_THIS_DAY_PHOTOS_TOTAL;
    const photoIds = new Map<number, number[]>();
    for (const y of photoYears) {
      photoIds.set(y.year, y.ids.slice(0, Math.max(photoBudget, 0)));
      photoBudget -= y.ids.length;
    }
    const photos = new Map((await listPhotosByIds(db, userId, [...photoIds.values()].flat())).map((p) => [p.id, p]));
    let memoryBudget = ON_THIS_DAY_MEMORIES_TOTAL;
    const byYear = new Map<number, OnThisDayYear>();
    const thisYear = Number(date.slice(0, 4));
    const entry = (year: number) => {
      let found = byYear.get(year);
      if (!found) {
        found = { year, yearsAgo: thisYear - year, photos: [], photoCount: 0, memories: [], memoryCount: 0 };
        byYear.set(year, found);
      }
      return found;
    };
    for (const y of photoYears) {
      const e = entry(y.year);
      e.photoCount = y.count;
      // a photo deleted between the two queries is simply left out
      e.photos = (photoIds.get(y.year) ?? []).map((id) => photos.get(id)).filter((p): p is Photo => p !== undefined);
    }
    for (const y of memoryYears) {
      const e = entry(y.year);
      e.memoryCount = y.count;
      e.memories = y.memories.slice(0, Math.max(memoryBudget, 0));
      memoryBudget -= y.memories.length;
    }
    return [...byYear.values()].sort((a, b) => b.year - a.year);
  }

  async function birthdays(userId: number, date: string): Promise<OnThisDayBirthday[]> {
    const days = birthdayDays(date);
    const rows = await repo.birthdaysOn(
      userId,
      days.flatMap((d) => d.monthDays),
    );
    const found: OnThisDayBirthday[] = [];
    for (const row of rows) {
      const monthDay = row.birthday.slice(5);
      const day = days.find((d) => d.monthDays.includes(monthDay));
      if (!day) continue;
      const turns = Number(day.date.slice(0, 4)) - Number(row.birthday.slice(0, 4));
      if (turns < 0) continue; // born after that day (a date far in the past was asked for)
      found.push({
        contactId: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        relationship: row.relationship,
        date: day.date,
        daysAway: day.daysAway,
        turns,
      });
    }
    found.sort((a, b) => a.daysAway - b.daysAway || a.firstName.localeCompare(b.firstName) || a.contactId - b.contactId);
    return found.slice(0, ON_THIS_DAY_BIRTHDAYS_MAX);
  }

  return {
    async forDay(userId: number, query: OnThisDayQuery): Promise<OnThisDay> {
      const [y, b] = await Promise.all([years(userId, query.date, query.tz ?? 'UTC'), birthdays(userId, query.date)]);
      return { date: query.date, years: y, birthdays: b };
    },
  };
}
