import { describe, expect, it } from 'vitest';
import { indexFamily } from '@shared/tree/relation-naming';
import { dateInWords, localTimeIn, mondayOf, whenInWords } from './calendar-days';
import { comingDates, isLiving, type DatedPerson, type FamilyNames, type Partnership, type Said } from './coming-dates';
import { closeRelationWord, familyNamer } from './family-names';

const person = (key: string, fields: Partial<DatedPerson> = {}): DatedPerson => ({
  key,
  treePersonId: key.startsWith('t') ? Number(key.slice(1)) : null,
  contactId: key.startsWith('c') ? Number(key.slice(1)) : null,
  isOwner: false,
  birth: null,
  died: false,
  death: null,
  living: null,
  ...fields,
});

const sayIn = (words: Said, language: string) => (typeof words === 'string' ? words : words(language));
const said = (names: FamilyNames, language = 'en') => ({ short: sayIn(names.short, language), full: sayIn(names.full, language) });

const names: Record<string, string> = { t1: 'Me', t2: 'Rose', t3: 'Jack', t4: 'Anna', t5: 'Old', c9: 'Sam' };
const plainNames = (p: DatedPerson) => ({ short: p.isOwner ? 'you' : names[p.key]!, full: p.isOwner ? 'you' : names[p.key]! });
const texts = (persons: DatedPerson[], from: string, couples: Partnership[] = [], days = 7) =>
  comingDates(persons, couples, from, days, plainNames).map((d) => d.text);

// 2026-11-30 is a Monday.
const MONDAY = '2026-11-30';

describe('comingDates', () => {
  const cases: Array<{ name: string; persons: DatedPerson[]; couples?: Partnership[]; from?: string; days?: number; expected: string[] }> =
    [
      { name: 'a living child turns 8 on Tuesday', persons: [person('t4', { birth: '2018-12-01' })], expected: ['Anna turns 8 tomorrow'] },
      {
        name: 'a birthday two days away names the weekday',
        persons: [person('t4', { birth: '2018-12-02' })],
        expected: ['Anna turns 8 on Wednesday'],
      },
      { name: 'a birthday today', persons: [person('t4', { birth: '2018-11-30' })], expected: ['Anna turns 8 today'] },
      { name: 'a birthday a day after the window is left out', persons: [person('t4', { birth: '2018-12-07' })], expected: [] },
      { name: 'a month-only birth date has no birthday', persons: [person('t4', { birth: '2018-12' })], expected: [] },
      { name: 'an approximate birth date has no birthday', persons: [person('t4', { birth: 'c. 2018-12-01' })], expected: [] },
      { name: 'words have no birthday', persons: [person('t4', { birth: 'the first of December' })], expected: [] },
      { name: 'the day of birth itself is no birthday', persons: [person('t4', { birth: '2026-12-01' })], expected: [] },
      { name: 'born after the window: nothing', persons: [person('t4', { birth: '2027-12-01' })], expected: [] },
      { name: "the owner's own birthday is not listed", persons: [person('t1', { isOwner: true, birth: '1960-12-01' })], expected: [] },
      {
        name: 'the dead: a round birthday "would have been"',
        persons: [person('t2', { birth: '1926-12-04', died: true, death: '1990-03-01' })],
        expected: ['Rose would have been 100 on Friday'],
      },
      {
        name: 'the dead: a birthday that is not round, long after the death, is left out',
        persons: [person('t2', { birth: '1927-12-04', died: true, death: '1990-03-01' })],
        expected: [],
      },
      {
        name: 'the dead: every birthday in the ten years after the death',
        persons: [person('t2', { birth: '1943-12-04', died: true, death: '2020-03-01' })],
        expected: ['Rose would have been 83 on Friday'],
      },
      {
        name: 'the dead with no death date: round birthdays only',
        persons: [person('t2', { birth: '1946-12-04', died: true }), person('t3', { birth: '1947-12-04', died: true })],
        expected: ['Rose would have been 80 on Friday'],
      },
      {
        name: 'born over 110 years ago and not marked living: remembered, not a birthday',
        persons: [person('t5', { birth: '1906-12-02' })],
        expected: ['Old would have been 120 on Wednesday'],
      },
      {
        name: 'marked living overrides the age',
        persons: [person('t5', { birth: '1916-12-02', living: true })],
        expected: ['Old turns 110 on Wednesday'],
      },
      { name: 'not remembered after 150 years', persons: [person('t5', { birth: '1866-12-02' })], expected: [] },
      {
        name: 'ten years since a death',
        persons: [person('t3', { birth: '1920-05-05', died: true, death: '2016-11-30' })],
        expected: ['10 years since Jack died, today'],
      },
      {
        name: 'one year since a death',
        persons: [person('t3', { died: true, death: '2025-12-06' })],
        expected: ['1 year since Jack died, on Sunday'],
      },
      { name: 'a death long ago, not round: left out', persons: [person('t3', { died: true, death: '1993-12-06' })], expected: [] },
      {
        name: 'a death long ago, round: listed',
        persons: [person('t3', { died: true, death: '1976-12-06' })],
        expected: ['50 years since Jack died, on Sunday'],
      },
      {
        name: 'a death marked living is not remembered',
        persons: [person('t3', { died: true, death: '2025-12-06', living: true })],
        expected: [],
      },
      {
        name: "a couple's 50th wedding anniversary",
        persons: [person('t2', { birth: '1950-01-01' }), person('t3', { birth: '1950-01-01' })],
        couples: [{ a: 't2', b: 't3', type: 'married', start: '1976-12-06', ended: false }],
        expected: ["Rose and Jack's 50th wedding anniversary on Sunday"],
      },
      {
        name: 'partners have an anniversary, not a wedding one',
        persons: [person('t2'), person('t3')],
        couples: [{ a: 't2', b: 't3', type: 'partners', start: '2023-12-01', ended: false }],
        expected: ["Rose and Jack's 3rd anniversary tomorrow"],
      },
      {
        name: "the owner's own wedding anniversary",
        persons: [person('t3'), person('t1', { isOwner: true })],
        couples: [{ a: 't3', b: 't1', type: 'married', start: '2005-12-01', ended: false }],
        expected: ['Your 21st wedding anniversary with Jack tomorrow'],
      },
      {
        name: 'no wedding anniversary once a partner has died',
        persons: [person('t2'), person('t3', { died: true, death: '2000-01-01' })],
        couples: [{ a: 't2', b: 't3', type: 'married', start: '1976-12-06', ended: false }],
        expected: [],
      },
      {
        name: 'no wedding anniversary after a divorce',
        persons: [person('t2'), person('t3')],
        couples: [{ a: 't2', b: 't3', type: 'married', start: '1976-12-06', ended: true }],
        expected: [],
      },
      {
        name: 'a wedding with only a year has no anniversary',
        persons: [person('t2'), person('t3')],
        couples: [{ a: 't2', b: 't3', type: 'married', start: '1976', ended: false }],
        expected: [],
      },
      { name: "a contact's birthday", persons: [person('c9', { birth: '1990-12-03' })], expected: ['Sam turns 36 on Thursday'] },
      {
        name: '29 February is kept on 28 February in a year without one',
        from: '2027-02-22',
        persons: [person('t4', { birth: '2020-02-29' })],
        expected: ['Anna turns 7 on Sunday'],
      },
      {
        name: '29 February stays on the 29th in a leap year',
        from: '2028-02-25',
        persons: [person('t4', { birth: '2020-02-29' })],
        expected: ['Anna turns 8 on Tuesday'],
      },
      {
        name: 'a death on 29 February is remembered on the 28th',
        from: '2030-02-25',
        persons: [person('t3', { died: true, death: '2020-02-29' })],
        expected: ['10 years since Jack died, on Thursday'],
      },
      {
        name: 'across the new year',
        from: '2026-12-29',
        persons: [person('t4', { birth: '2019-01-02' })],
        expected: ['Anna turns 8 on Saturday'],
      },
      {
        name: 'soonest first; on one day birthdays, then weddings, then deaths',
        persons: [
          person('t2', { birth: '1960-12-02' }),
          person('t3', { birth: '1960-12-01' }),
          person('t5', { died: true, death: '2025-12-01' }),
          person('t4', { birth: '2018-12-01' }),
        ],
        couples: [{ a: 't2', b: 't3', type: 'married', start: '1986-12-01', ended: false }],
        expected: [
          'Jack turns 66 tomorrow',
          'Anna turns 8 tomorrow',
          "Rose and Jack's 40th wedding anniversary tomorrow",
          '1 year since Old died, tomorrow',
          'Rose turns 66 on Wednesday',
        ],
      },
      {
        name: 'a longer window names the date after a week',
        days: 14,
        persons: [person('t4', { birth: '2018-12-10' })],
        expected: ['Anna turns 8 on Thursday 10 December'],
      },
    ];

  it.each(cases)('$name', ({ persons, couples, from, days, expected }) => {
    expect(texts(persons, from ?? MONDAY, couples, days)).toEqual(expected);
  });

  it('gives the date, the years, whether the person lives and who it is about', () => {
    const dates = comingDates(
      [person('t2', { birth: '1926-12-04', died: true, death: '1990-03-01' }), person('c9', { birth: '1990-12-03' })],
      [],
      MONDAY,
      7,
      plainNames,
    );
    expect(dates).toEqual([
      {
        kind: 'birthday',
        date: '2026-12-03',
        daysAway: 3,
        years: 36,
        living: true,
        treePersonIds: [],
        contactId: 9,
        text: 'Sam turns 36 on Thursday',
      },
      {
        kind: 'birthday',
        date: '2026-12-04',
        daysAway: 4,
        years: 100,
        living: false,
        treePersonIds: [2],
        contactId: null,
        text: 'Rose would have been 100 on Friday',
      },
    ]);
  });

  it('lists at most 50 dates', () => {
    const many = Array.from({ length: 80 }, (_, i) => person(`t${i + 10}`, { birth: '2000-12-01' }));
    expect(comingDates(many, [], MONDAY, 7, () => ({ short: 'X', full: 'X' }))).toHaveLength(50);
  });

  it('asks for the names of the listed persons only', () => {
    const asked: string[] = [];
    comingDates([person('t2', { birth: '1950-12-01' }), person('t3', { birth: '1950-06-01' })], [], MONDAY, 7, (p) => {
      asked.push(p.key);
      return { short: 'X', full: 'X' };
    });
    expect(asked).toEqual(['t2']);
  });
});

describe('comingDates in the reader’s language', () => {
  const linesIn = (language: string, persons: DatedPerson[], couples: Partnership[] = [], days = 7) =>
    comingDates(persons, couples, MONDAY, days, plainNames, language).map((d) => d.text);
  const married = (start: string): Partnership[] => [{ a: 't3', b: 't1', type: 'married', start, ended: false }];
  const couple = (start: string): Partnership[] => [{ a: 't2', b: 't3', type: 'married', start, ended: false }];
  const owner = person('t1', { isOwner: true });

  it('writes German', () => {
    expect(linesIn('de', [person('t4', { birth: '2018-12-01' })])).toEqual(['Anna wird morgen 8']);
    expect(linesIn('de', [person('t2', { birth: '1926-12-04', died: true, death: '1990-03-01' })])).toEqual([
      'Rose wäre am Freitag 100 geworden',
    ]);
    expect(linesIn('de', [person('t3', { died: true, death: '2025-12-06' })])).toEqual([
      'Am Sonntag ist es ein Jahr her, dass Jack gestorben ist',
    ]);
    expect(linesIn('de', [person('t3'), owner], married('1976-12-01'))).toEqual(['Morgen ist Ihr 50. Hochzeitstag mit Jack']);
    expect(linesIn('de', [person('t4', { birth: '2018-12-10' })], [], 14)).toEqual(['Anna wird am Donnerstag, 10. Dezember 8']);
  });

  it('writes Spanish', () => {
    expect(linesIn('es', [person('t4', { birth: '2025-12-01' })])).toEqual(['Anna cumple 1 año mañana']);
    expect(linesIn('es', [person('t3'), owner], married('1976-12-01'))).toEqual(['Mañana es su 50.º aniversario de boda con Jack']);
    expect(linesIn('es', [person('t3', { died: true, death: '2016-11-30' })])).toEqual([
      'Hoy se cumplen 10 años del fallecimiento de Jack',
    ]);
  });

  it('writes French', () => {
    expect(linesIn('fr', [person('t3'), owner], married('1976-12-04'))).toEqual(['Votre 50e anniversaire de mariage avec Jack, vendredi']);
    expect(linesIn('fr', [person('t2'), person('t3')], couple('2025-12-01'))).toEqual([
      'Rose et Jack fêtent leur 1er anniversaire de mariage demain',
    ]);
    expect(linesIn('fr', [person('t4', { birth: '2018-11-30' })])).toEqual(['Anna aura 8 ans aujourd’hui']);
  });

  it('says the relation word before the name, gendered as the language needs', () => {
    const index = indexFamily({
      persons: [
        { id: '1', sex: 'female' },
        { id: '2', sex: 'male' },
        { id: '3', sex: 'female' },
      ],
      parents: [
        { childId: '2', parentId: '1', type: 'birth' },
        { childId: '3', parentId: '2', type: 'birth' },
      ],
      partners: [],
    });
    const nameOf = familyNamer(new Map([['t3', 'Anna']]), index, 1);
    const anna = [person('t3', { birth: '2018-12-01' })];
    expect(comingDates(anna, [], MONDAY, 7, nameOf).map((d) => d.text)).toEqual(['Your granddaughter Anna turns 8 tomorrow']);
    expect(comingDates(anna, [], MONDAY, 7, nameOf, 'de').map((d) => d.text)).toEqual(['Ihre Enkelin Anna wird morgen 8']);
    expect(comingDates(anna, [], MONDAY, 7, nameOf, 'es').map((d) => d.text)).toEqual(['Su nieta Anna cumple 8 años mañana']);
    expect(comingDates(anna, [], MONDAY, 7, nameOf, 'fr').map((d) => d.text)).toEqual(['Votre petite-fille Anna aura 8 ans demain']);
  });
});

describe('isLiving', () => {
  it.each([
    [{}, true],
    [{ died: true }, false],
    [{ birth: '1915-01-01' }, true],
    [{ birth: '1915' }, true],
    [{ birth: '1914-06-01' }, false],
    [{ birth: 'c. 1900' }, false],
    [{ birth: '1900', living: true }, true],
    [{ living: false }, false],
  ] as Array<[Partial<DatedPerson>, boolean]>)('%o → %s in 2025', (fields, expected) => {
    expect(isLiving(person('t1', fields), 2025)).toBe(expected);
  });
});

describe('family names', () => {
  it.each([
    ['your grandmother', 'your grandmother'],
    ['your great-grandmother', 'your great-grandmother'],
    ['your mother-in-law', 'your mother-in-law'],
    ['your first cousin once removed', null],
    ["your cousin's mother-in-law", null],
    ['your aunt and your cousin', null],
    ['your former husband', null],
    ['you', null],
  ])('%s → %s', (label, word) => {
    expect(closeRelationWord(label)).toBe(word);
  });

  it('says "your grandmother Rose" through the tree and the given name alone for a distant tie', () => {
    // 1 the owner, 2 their mother, 3 her mother (Rose), 4 Rose's sister's great-grandchild
    const index = indexFamily({
      persons: [
        { id: '1', sex: 'female' },
        { id: '2', sex: 'female' },
        { id: '3', sex: 'female' },
        { id: '4', sex: 'male' },
      ],
      parents: [
        { childId: '1', parentId: '2', type: 'birth' },
        { childId: '2', parentId: '3', type: 'birth' },
      ],
      partners: [],
    });
    const shortNames = new Map([
      ['t1', 'Ann'],
      ['t3', 'Rose'],
      ['t4', 'Tom'],
      ['c7', 'Sam'],
    ]);
    const nameOf = familyNamer(shortNames, index, 1);
    expect(said(nameOf(person('t3')))).toEqual({ short: 'Rose', full: 'your grandmother Rose' });
    expect(said(nameOf(person('t4')))).toEqual({ short: 'Tom', full: 'Tom' });
    expect(said(nameOf(person('c7')))).toEqual({ short: 'Sam', full: 'Sam' });
    expect(said(nameOf(person('t1', { isOwner: true })))).toEqual({ short: 'you', full: 'you' });
    expect(said(nameOf(person('t3')), 'de')).toEqual({ short: 'Rose', full: 'Ihre Großmutter Rose' });
    expect(said(nameOf(person('t3')), 'fr')).toEqual({ short: 'Rose', full: 'votre grand-mère Rose' });
    expect(said(nameOf(person('t9')), 'de')).toEqual({ short: 'Jemand', full: 'Jemand' });
    const line = comingDates([person('t3', { birth: '1926-12-04', died: true })], [], MONDAY, 7, nameOf)[0]?.text;
    expect(line).toBe('Your grandmother Rose would have been 100 on Friday');
  });
});

describe('calendar days', () => {
  it('puts a moment on the owner’s day', () => {
    const at = new Date('2026-11-30T05:30:00Z');
    expect(localTimeIn(at, 'UTC')).toEqual({ day: '2026-11-30', hour: 5 });
    expect(localTimeIn(at, 'America/New_York')).toEqual({ day: '2026-11-30', hour: 0 });
    expect(localTimeIn(at, 'America/Los_Angeles')).toEqual({ day: '2026-11-29', hour: 21 });
    expect(localTimeIn(at, 'Asia/Tokyo')).toEqual({ day: '2026-11-30', hour: 14 });
    expect(localTimeIn(at, null)).toEqual({ day: '2026-11-30', hour: 5 });
  });

  it.each([
    ['2026-11-30', '2026-11-30'],
    ['2026-12-06', '2026-11-30'],
    ['2026-12-07', '2026-12-07'],
    ['2027-01-01', '2026-12-28'],
  ])('the week of %s starts on %s', (day, monday) => {
    expect(mondayOf(day)).toBe(monday);
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [50, '50th'],
    [101, '101st'],
    [111, '111th'],
  ])('the %i years of a wedding are the %s anniversary', (years, word) => {
    const couple: Partnership = { a: 't3', b: 't1', type: 'married', start: `${2026 - years}-12-01`, ended: false };
    const persons = [person('t3', { living: true }), person('t1', { isOwner: true, living: true })];
    expect(texts(persons, MONDAY, [couple])).toEqual([`Your ${word} wedding anniversary with Jack tomorrow`]);
  });

  it('words the day', () => {
    expect(whenInWords(0, '2026-11-30')).toBe('today');
    expect(whenInWords(1, '2026-12-01')).toBe('tomorrow');
    expect(whenInWords(6, '2026-12-06')).toBe('on Sunday');
    expect(whenInWords(7, '2026-12-07')).toBe('on Monday 7 December');
  });

  it('words the day in the reader’s language', () => {
    expect(whenInWords(0, '2026-11-30', 'de')).toBe('heute');
    expect(whenInWords(1, '2026-12-01', 'es')).toBe('mañana');
    expect(whenInWords(4, '2026-12-04', 'de')).toBe('am Freitag');
    expect(whenInWords(4, '2026-12-04', 'fr')).toBe('vendredi');
    expect(dateInWords('2026-12-01', 'de')).toBe('am Dienstag, 1. Dezember');
    expect(dateInWords('2026-12-01', 'es')).toBe('el martes, 1 de diciembre');
    expect(dateInWords('2026-12-01', 'fr')).toBe('le mardi 1 décembre');
  });
});
