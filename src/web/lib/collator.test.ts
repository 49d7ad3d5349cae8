import { afterEach, describe, expect, it } from 'vitest';
import { compareNames, nameCollator } from './collator';

const NAMES = ['Zapata', 'Ärzte', 'Abel', 'Nuzzo', 'Ñúñez', 'Nunez', 'Bär', 'Baum', 'émile', 'Eder', 'Anna 10', 'Anna 2'];
const sorted = (language?: string) => [...NAMES].sort((a, b) => compareNames(a, b, language));

describe('compareNames', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('sorts "Ä" with the A in German, accents and letter case aside, numbers by value', () => {
    expect(sorted('de')).toEqual([
      'Abel',
      'Anna 2',
      'Anna 10',
      'Ärzte',
      'Bär',
      'Baum',
      'Eder',
      'émile',
      'Nunez',
      'Ñúñez',
      'Nuzzo',
      'Zapata',
    ]);
  });

  it('sorts "Ñ" after every other N in Spanish, as a letter of its own', () => {
    expect(sorted('es')).toEqual([
      'Abel',
      'Anna 2',
      'Anna 10',
      'Ärzte',
      'Bär',
      'Baum',
      'Eder',
      'émile',
      'Nunez',
      'Nuzzo',
      'Ñúñez',
      'Zapata',
    ]);
  });

  it('follows the page’s language when none is given', () => {
    document.documentElement.lang = 'es';
    expect(sorted()).toEqual(sorted('es'));
    document.documentElement.lang = 'de';
    expect(sorted()).toEqual(sorted('de'));
  });

  it('never throws on a language tag Intl cannot read', () => {
    expect(() => nameCollator('not a tag!')).not.toThrow();
    expect(compareNames('Ärzte', 'Zapata', 'not a tag!')).toBeLessThan(0);
  });
});
