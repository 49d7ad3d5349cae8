import { describe, expect, it } from 'vitest';
import { umlautsSpelledOut } from './umlauts';

describe('umlautsSpelledOut', () => {
  it('spells out ä, ö and ü as German does without them, in either case', () => {
    expect(umlautsSpelledOut('Müller')).toBe('Mueller');
    expect(umlautsSpelledOut('Jürgen Bäcker aus Köln')).toBe('Juergen Baecker aus Koeln');
    expect(umlautsSpelledOut('ÄRZTE Öl Übung')).toBe('AeRZTE Oel Uebung');
  });

  it('reads a decomposed umlaut (u and a combining diaeresis) as the letter', () => {
    expect(umlautsSpelledOut('Mu\u0308ller')).toBe('Mueller');
  });

  it('leaves a text without an umlaut alone: no second query for it', () => {
    expect(umlautsSpelledOut('Straße')).toBeUndefined();
    expect(umlautsSpelledOut('José Søren Łódź')).toBeUndefined();
  });
});
