import { describe, expect, it } from 'vitest';
import { formatApproximateDate, parseApproximateDate, periodOf, startOfPeriod } from './date-precision';

describe('approximate dates', () => {
  it('shows each precision as a person says it', () => {
    expect(formatApproximateDate({ date: '1962-06-14', precision: 'day' })).toBe('June 14, 1962');
    expect(formatApproximateDate({ date: '1962-06-01', precision: 'month' })).toBe('June 1962');
    expect(formatApproximateDate({ date: '1962-01-01T00:00:00.000Z', precision: 'month' })).toBe('January 1962');
    expect(formatApproximateDate({ date: '1962-01-01T00:00:00.000Z', precision: 'year' })).toBe('1962');
    expect(formatApproximateDate({ date: '1967-01-01', precision: 'decade' })).toBe('1960s');
    expect(formatApproximateDate({ date: '1955-01-01', precision: 'about', margin: null })).toBe('c. 1955');
    expect(formatApproximateDate({ date: '1955-01-01', precision: 'about', margin: 1 })).toBe('c. 1955');
    expect(formatApproximateDate({ date: '1955-01-01', precision: 'about', margin: 5 })).toBe('c. 1955 (± 5 years)');
  });

  it('keeps what the gallery and the photo details showed for exact and day-precise dates', () => {
    const at = '1962-06-14T15:05:00.000Z';
    const local = new Date(at);
    expect(formatApproximateDate({ date: at, precision: 'exact' })).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(local),
    );
    expect(formatApproximateDate({ date: at, precision: 'day' })).toBe(
      new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(local),
    );
    expect(formatApproximateDate({ date: 'not a date', precision: 'day' })).toBe('');
  });

  it('sorts an approximate date at the start of its period', () => {
    expect(startOfPeriod({ date: '1962-06-14', precision: 'month' })).toBe('1962-06-01');
    expect(startOfPeriod({ date: '1962-06-14T10:00:00Z', precision: 'year' })).toBe('1962-01-01');
    expect(startOfPeriod({ date: '1967-06-14', precision: 'decade' })).toBe('1960-01-01');
    expect(startOfPeriod({ date: '1955-03-02', precision: 'about', margin: 5 })).toBe('1955-01-01');
    expect(startOfPeriod({ date: '1962-06-14T10:00:00Z', precision: 'exact' })).toBe('1962-06-14T10:00:00Z');
  });

  it('gives the days a date may stand for', () => {
    expect(periodOf({ date: '1960-02-01', precision: 'month' })).toEqual({ start: '1960-02-01', end: '1960-02-29' });
    expect(periodOf({ date: '1962-01-01', precision: 'year' })).toEqual({ start: '1962-01-01', end: '1962-12-31' });
    expect(periodOf({ date: '1960-01-01', precision: 'decade' })).toEqual({ start: '1960-01-01', end: '1969-12-31' });
    expect(periodOf({ date: '1955-01-01', precision: 'about', margin: 5 })).toEqual({ start: '1950-01-01', end: '1960-12-31' });
    expect(periodOf({ date: '1955-01-01', precision: 'about' })).toEqual({ start: '1954-01-01', end: '1956-12-31' });
  });

  it.each([
    ['1962', { date: '1962-01-01', precision: 'year', margin: null }],
    ['1960s', { date: '1960-01-01', precision: 'decade', margin: null }],
    ["the 1960's", { date: '1960-01-01', precision: 'decade', margin: null }],
    ['June 1962', { date: '1962-06-01', precision: 'month', margin: null }],
    ['jun 1962', { date: '1962-06-01', precision: 'month', margin: null }],
    ['06/1962', { date: '1962-06-01', precision: 'month', margin: null }],
    ['1962-06', { date: '1962-06-01', precision: 'month', margin: null }],
    ['14 June 1962', { date: '1962-06-14', precision: 'day', margin: null }],
    ['June 14, 1962', { date: '1962-06-14', precision: 'day', margin: null }],
    ['1962-06-14', { date: '1962-06-14', precision: 'day', margin: null }],
    ['c. 1955', { date: '1955-01-01', precision: 'about', margin: null }],
    ['about 1955', { date: '1955-01-01', precision: 'about', margin: null }],
    ['circa 1955', { date: '1955-01-01', precision: 'about', margin: null }],
    ['ABT 1955', { date: '1955-01-01', precision: 'about', margin: null }],
    ['EST 1950', { date: '1950-01-01', precision: 'about', margin: null }],
    ['CAL 1950', { date: '1950-01-01', precision: 'about', margin: null }],
    ['BEF 1960', { date: '1955-01-01', precision: 'about', margin: 5 }],
    ['AFT 1950', { date: '1955-01-01', precision: 'about', margin: 5 }],
    ['BET 1950 AND 1955', { date: '1952-01-01', precision: 'about', margin: 3 }],
    ['BET 1960 AND 1969', { date: '1960-01-01', precision: 'decade', margin: null }],
    ['between 1962 and 1962', { date: '1962-01-01', precision: 'year', margin: null }],
    ['1950-1955', { date: '1952-01-01', precision: 'about', margin: 3 }],
  ])('reads %s', (text, expected) => {
    expect(parseApproximateDate(text)).toEqual(expected);
  });

  it.each(['', 'last summer', '1962-02-30', 'Smarch 1962', '13/1962', 'ABT', 'c.'])('reads %j as no date', (text) => {
    expect(parseApproximateDate(text)).toBeNull();
  });
});
