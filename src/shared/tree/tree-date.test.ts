import { describe, expect, it } from 'vitest';
import { anniversaryOf, formatTreeDate, parseTreeDate, sortKeyOf, treeDateInWords, yearOf } from './tree-date';

describe('tree dates', () => {
  it.each([
    ['1890-05-12', { kind: 'exact', date: { year: 1890, month: 5, day: 12 } }],
    ['1890-05', { kind: 'exact', date: { year: 1890, month: 5 } }],
    ['1890', { kind: 'exact', date: { year: 1890 } }],
    ['c. 1890', { kind: 'about', date: { year: 1890 } }],
    ['before 1890-05', { kind: 'before', date: { year: 1890, month: 5 } }],
    ['after 1901-01-31', { kind: 'after', date: { year: 1901, month: 1, day: 31 } }],
    ['between 1890 and 1895', { kind: 'between', from: { year: 1890 }, to: { year: 1895 } }],
  ])('reads %s and writes it back the same', (value, parsed) => {
    expect(parseTreeDate(value)).toEqual(parsed);
    expect(formatTreeDate(parseTreeDate(value))).toBe(value);
  });

  it.each(['1900-02-29', '1890-13', '0000', '12 Vendémiaire an III', 'in the spring after the war', 'c.1890'])(
    'keeps %s as text',
    (value) => {
      expect(parseTreeDate(value)).toEqual({ kind: 'text', text: value });
    },
  );

  it('says dates in words', () => {
    expect(treeDateInWords('1890-05-12')).toBe('12 May 1890');
    expect(treeDateInWords('c. 1890')).toBe('c. 1890');
    expect(treeDateInWords('between 1890 and 1895-03')).toBe('between 1890 and March 1895');
    expect(treeDateInWords('2000-02-29')).toBe('29 February 2000');
  });

  it('gives the year, the anniversary and a sort key only where the date says them', () => {
    expect(yearOf('between 1890 and 1895')).toBe(1890);
    expect(yearOf('a long time ago')).toBeNull();
    expect(anniversaryOf('1926-11-04')).toEqual({ year: 1926, month: 11, day: 4 });
    expect(anniversaryOf('c. 1926-11-04')).toBeNull();
    expect(anniversaryOf('1926-11')).toBeNull();
    expect(sortKeyOf('1890')! < sortKeyOf('1890-01-01')!).toBe(true);
    expect(sortKeyOf('before 1890')! < sortKeyOf('1891')!).toBe(true);
  });
});
