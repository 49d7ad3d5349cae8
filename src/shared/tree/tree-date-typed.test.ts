import { describe, expect, it } from 'vitest';
import { treeDateInWords } from './tree-date';
import { storedTreeDate } from './tree-date-typed';

describe('tree dates as people type them', () => {
  it.each([
    // the stored grammar stays as it is
    ['1890-05-12', '1890-05-12'],
    ['c. 1890', 'c. 1890'],
    ['before 1890-05', 'before 1890-05'],
    ['between 1890 and 1895', 'between 1890 and 1895'],
    // English and GEDCOM
    ['about 1890', 'c. 1890'],
    ['ABT 1890', 'c. 1890'],
    ['BEF 12 MAR 1890', 'before 1890-03-12'],
    ['AFT 1901', 'after 1901'],
    ['BET 1890 AND 1895', 'between 1890 and 1895'],
    ['from 1890 to 1895', 'between 1890 and 1895'],
    ['1890–1895', 'between 1890 and 1895'],
    ['14 March 1962', '1962-03-14'],
    ['May 14, 1890', '1890-05-14'],
    ['Sept. 1890', '1890-09'],
  ])('reads the English %s as %s', (typed, stored) => {
    expect(storedTreeDate(typed)).toBe(stored);
  });

  it.each([
    ['um 1920', 'c. 1920'],
    ['ca. 1920', 'c. 1920'],
    ['vor 1900', 'before 1900'],
    ['nach 1900', 'after 1900'],
    ['zwischen 1900 und 1910', 'between 1900 and 1910'],
    ['von 1900 bis 1910', 'between 1900 and 1910'],
    ['14. März 1962', '1962-03-14'],
    ['14. Marz 1962', '1962-03-14'],
    ['März 1962', '1962-03'],
    ['14.03.1962', '1962-03-14'],
    ['vor dem 12. Mai 1890', 'before 1890-05-12'],
    ['nach dem 12. Mai 1890', 'after 1890-05-12'],
    ['zwischen dem 1. Jan. 1890 und dem 3. Dez. 1895', 'between 1890-01-01 and 1895-12-03'],
  ])('reads the German %s as %s', (typed, stored) => {
    expect(storedTreeDate(typed)).toBe(stored);
  });

  it.each([
    ['hacia 1920', 'c. 1920'],
    ['h. 1920', 'c. 1920'],
    ['c. 1920', 'c. 1920'],
    ['antes de 1900', 'before 1900'],
    ['después de 1900', 'after 1900'],
    ['despues de 1900', 'after 1900'],
    ['entre 1900 y 1910', 'between 1900 and 1910'],
    ['14 de marzo de 1962', '1962-03-14'],
    ['marzo de 1962', '1962-03'],
    ['antes del 12 de mayo de 1890', 'before 1890-05-12'],
    ['entre el 1 de mayo de 1890 y el 3 de junio de 1890', 'between 1890-05-01 and 1890-06-03'],
  ])('reads the Spanish %s as %s', (typed, stored) => {
    expect(storedTreeDate(typed)).toBe(stored);
  });

  it.each([
    ['vers 1920', 'c. 1920'],
    ['env. 1920', 'c. 1920'],
    ['avant 1900', 'before 1900'],
    ['après 1900', 'after 1900'],
    ['entre 1900 et 1910', 'between 1900 and 1910'],
    ['14 mars 1962', '1962-03-14'],
    ['1er mai 1900', '1900-05-01'],
    ['avant le 1 mai 1900', 'before 1900-05-01'],
    ['juil. 1890', '1890-07'],
    ['14 août 1962', '1962-08-14'],
  ])('reads the French %s as %s', (typed, stored) => {
    expect(storedTreeDate(typed)).toBe(stored);
  });

  it.each([
    '12 Vendémiaire an III',
    'in the spring after the war',
    'vor dem Krieg',
    'jui 1890', // juin or juillet
    '30. Februar 1900',
    'um',
    '',
  ])('keeps %j as typed', (typed) => {
    expect(storedTreeDate(typed)).toBe(typed);
  });

  it('keeps a date typed in German the way an English reader reads it', () => {
    expect(treeDateInWords(storedTreeDate('vor dem 14. März 1962'))).toBe('before 14 March 1962');
    expect(treeDateInWords(storedTreeDate('zwischen 1900 und 1910'))).toBe('between 1900 and 1910');
  });
});
