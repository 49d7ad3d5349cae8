// The family's dates in the coming days (decision 064), from rows alone: no clock, no database. The caller
// gives the owner's today and how the family names each person.
//
// - Only exact days count (`anniversaryOf`): "May 1890" or "c. 1890" has no anniversary.
// - 29 February is kept on 28 February in years without one.
// - The living have birthdays ("Anna turns 8"); the dead are remembered: their birthday on a round number or in
//   the first ten years after the death ("would have been 100"), and their death's anniversary in the first ten
//   years and on round numbers after ("10 years since Jack died"). A large tree of ancestors stays a short list.
// - A couple has a wedding anniversary while both are living and the partnership has not ended.
// - Each line is one message in the reader's language (issue 33): names, years and the day are its values.
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { FAMILY_DATES_MAX, type FamilyDate, type FamilyDateKind } from '@shared/schemas/family-dates';
import { anniversaryOf, yearOf } from '@shared/tree/tree-date';
import { defineMessages } from '../../lib/define-messages';
import { sentence, sentenceIn, type Sentence } from '../../lib/i18n';
import { addDays, isLeapYear, partsOf, whenInWords } from './calendar-days';

/** Born longer ago than this, and not marked living: the tree counts the person as dead (as the tree does). */
export const PRESUMED_DEAD_AFTER_YEARS = 110;
/** Years after a death in which every birthday and every anniversary of the death is remembered. */
const RECENT_YEARS = 10;
/** Beyond the recent years, the round numbers only, up to this many years. */
const ROUND_EVERY = 10;
const REMEMBERED_UP_TO = 150;

export interface DatedPerson {
  /** Stable and unique among the rows: `t<treePersonId>` or `c<contactId>`. */
  key: string;
  treePersonId: number | null;
  contactId: number | null;
  isOwner: boolean;
  /** A tree date ("1926-11-05", "c. 1890") or a contact's yyyy-MM-dd birthday. */
  birth: string | null;
  died: boolean;
  death: string | null;
  /** The tree's own answer; null lets the dates decide (see `isLiving`). */
  living: boolean | null;
}

export interface Partnership {
  a: string;
  b: string;
  type: 'married' | 'partners';
  start: string | null;
  ended: boolean;
}

/** Words as they are (a given name), or said in the reader's language ("your grandmother Rose"). */
export type Said = string | ((language: string) => string);

export interface FamilyNames {
  /** "Rose" (couples are named this way). */
  short: Said;
  /** As the family says it on its own: "your grandmother Rose", or "Rose". "you" for the owner. */
  full: Said;
}

export type NameOf = (person: DatedPerson) => FamilyNames;

/** How the day is said in a language: "on Friday" on the dashboard; the mail, read any day of the week, gives the date. */
export type WhenWords = (daysAway: number, date: string, language: string) => string;

const lines = defineMessages({
  turns: { id: 'familyDates.line.turns', defaultMessage: '{name} turns {years, plural, other {#}} {when}' },
  wouldHaveBeen: { id: 'familyDates.line.wouldHaveBeen', defaultMessage: '{name} would have been {years, plural, other {#}} {when}' },
  sinceDeath: {
    id: 'familyDates.line.sinceDeath',
    defaultMessage: '{years, plural, one {# year} other {# years}} since {name} died, {when}',
  },
  ownWedding: {
    id: 'familyDates.line.ownWedding',
    defaultMessage: 'Your {years, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} wedding anniversary with {name} {when}',
  },
  ownAnniversary: {
    id: 'familyDates.line.ownAnniversary',
    defaultMessage: 'Your {years, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} anniversary with {name} {when}',
  },
  coupleWedding: {
    id: 'familyDates.line.coupleWedding',
    defaultMessage: "{first} and {second}'s {years, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} wedding anniversary {when}",
  },
  coupleAnniversary: {
    id: 'familyDates.line.coupleAnniversary',
    defaultMessage: "{first} and {second}'s {years, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} anniversary {when}",
  },
});

export function isLiving(person: DatedPerson, thisYear: number): boolean {
  if (person.living !== null) return person.living;
  if (person.died) return false;
  const born = yearOf(person.birth);
  return born === null || thisYear - born <= PRESUMED_DEAD_AFTER_YEARS;
}

interface Window {
  days: string[];
  /** 'MM-DD' → the index of the day in the window it falls on. */
  byMonthDay: Map<string, number>;
}

function windowOf(from: string, length: number): Window {
  const days: string[] = [];
  const byMonthDay = new Map<string, number>();
  for (let i = 0; i < length; i++) {
    const day = addDays(from, i);
    days.push(day);
    byMonthDay.set(day.slice(5), i);
    const { year, month, day: d } = partsOf(day);
    if (month === 2 && d === 28 && !isLeapYear(year)) byMonthDay.set('02-29', i);
  }
  return { days, byMonthDay };
}

/** The day in the window an exact date comes round on, and the years it counts then (at least 1). */
function comesRound(window: Window, value: string | null): { index: number; years: number } | null {
  const date = anniversaryOf(value);
  if (!date) return null;
  const key = `${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
  const index = window.byMonthDay.get(key);
  if (index === undefined) return null;
  const years = partsOf(window.days[index]!).year - date.year;
  return years >= 1 ? { index, years } : null;
}

const remembered = (years: number, recent: boolean) => recent || (years % ROUND_EVERY === 0 && years <= REMEMBERED_UP_TO);

const capitalise = (text: string, language: string) => text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

/**
 * A line starts as a sentence does. English lines are as they always were: a birthday's, which opens with the
 * person's name or relation, is capitalised; the others open with a number, "Your" or a couple's names as written.
 */
const startOfLine = (line: string, kind: FamilyDateKind, language: string) =>
  language === SOURCE_LANGUAGE && kind !== 'birthday' ? line : capitalise(line, language);

interface Found {
  kind: FamilyDateKind;
  index: number;
  years: number;
  living: boolean;
  persons: DatedPerson[];
  line: (when: Said) => Sentence;
}

const KIND_ORDER: Record<FamilyDateKind, number> = { birthday: 0, wedding: 1, death: 2 };

/**
 * The dates from `from` (the owner's today) for `length` days, soonest first, at most FAMILY_DATES_MAX.
 * `nameOf` is asked only for the persons whose dates are listed.
 */
export function comingDates(
  persons: readonly DatedPerson[],
  partnerships: readonly Partnership[],
  from: string,
  length: number,
  nameOf: NameOf,
  /** The reader's language: the lines are written in it. */
  language: string = SOURCE_LANGUAGE,
  when: WhenWords = whenInWords,
): FamilyDate[] {
  const window = windowOf(from, length);
  const thisYear = partsOf(from).year;
  const found: Found[] = [];
  const byKey = new Map(persons.map((p) => [p.key, p]));
  const living = new Map(persons.map((p) => [p.key, isLiving(p, thisYear)]));

  for (const person of persons) {
    const alive = living.get(person.key)!;
    const birthday = comesRound(window, person.birth);
    if (birthday && !person.isOwner) {
      const deathYear = yearOf(person.death);
      const recent = deathYear !== null && partsOf(window.days[birthday.index]!).year - deathYear <= RECENT_YEARS;
      if (alive || remembered(birthday.years, recent))
        found.push({
          kind: 'birthday',
          ...birthday,
          living: alive,
          persons: [person],
          line: (when) => sentence(alive ? lines.turns : lines.wouldHaveBeen, { name: nameOf(person).full, years: birthday.years, when }),
        });
    }
    if (alive) continue;
    const death = comesRound(window, person.death);
    if (death && remembered(death.years, death.years <= RECENT_YEARS))
      found.push({
        kind: 'death',
        ...death,
        living: false,
        persons: [person],
        line: (when) => sentence(lines.sinceDeath, { years: death.years, name: nameOf(person).full, when }),
      });
  }

  for (const couple of partnerships) {
    const a = byKey.get(couple.a);
    const b = byKey.get(couple.b);
    if (!a || !b || couple.ended || !living.get(a.key) || !living.get(b.key)) continue;
    const wedding = comesRound(window, couple.start);
    if (!wedding) continue;
    // the owner is named last: "Your 50th wedding anniversary with Jack"
    const [first, second] = b.isOwner ? [b, a] : [a, b];
    const married = couple.type === 'married';
    found.push({
      kind: 'wedding',
      ...wedding,
      living: true,
      persons: [first, second],
      line: (when) =>
        first.isOwner
          ? sentence(married ? lines.ownWedding : lines.ownAnniversary, { years: wedding.years, name: nameOf(second).short, when })
          : sentence(married ? lines.coupleWedding : lines.coupleAnniversary, {
              first: nameOf(first).short,
              second: nameOf(second).short,
              years: wedding.years,
              when,
            }),
    });
  }

  found.sort((x, y) => x.index - y.index || KIND_ORDER[x.kind] - KIND_ORDER[y.kind] || y.years - x.years);
  return found.slice(0, FAMILY_DATES_MAX).map((f) => {
    const date = window.days[f.index]!;
    return {
      kind: f.kind,
      date,
      daysAway: f.index,
      years: f.years,
      living: f.living,
      treePersonIds: f.persons.flatMap((p) => (p.treePersonId === null ? [] : [p.treePersonId])),
      contactId: f.persons.length === 1 ? (f.persons[0]!.contactId ?? null) : null,
      text: startOfLine(
        sentenceIn(
          language,
          f.line((lang) => when(f.index, date, lang)),
        ),
        f.kind,
        language,
      ),
    };
  });
}
