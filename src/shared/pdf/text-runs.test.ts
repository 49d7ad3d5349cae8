import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { measurePieces, missingCodePoints, paragraphDirection, visualPieces, wrapWords } from './text-runs';

const bidi = bidiFactory();
const notHan = (cp: number) => !/\p{Script=Han}/u.test(String.fromCodePoint(cp)) && cp !== 0x1f600;
const hanOnly = (cp: number) => /\p{Script=Han}/u.test(String.fromCodePoint(cp));

describe('text runs for the PDFs', () => {
  it('puts each word in the first font that has it, and asks a fallback only for what the first lacks', () => {
    expect(missingCodePoints('For 王秀英 and 王', [notHan])).toEqual([0x738b, 0x79c0, 0x82f1]);
    expect(measurePieces('For 王秀英', [notHan, hanOnly])).toEqual([
      { text: 'For', font: 0 },
      { text: ' ', font: 0 },
      { text: '王秀英', font: 1 },
    ]);
  });

  it('prints "?" for a character no font has', () => {
    expect(measurePieces('Hi 😀', [notHan]).map((p) => p.text)).toEqual(['Hi', ' ', '?']);
  });

  it('orders a right-to-left name’s words from right to left in a left-to-right sentence', () => {
    const words = visualPieces('For محمد عبد الله, today', [() => true], bidi, 'ltr').map((p) => p.text);
    // each Arabic word stays in reading order: the font's layout draws its letters from right to left
    expect(words).toEqual(['For', ' ', 'الله', ' ', 'عبد', ' ', 'محمد', ',', ' ', 'today']);
    expect(visualPieces('דוד כהן', [() => true], bidi, 'rtl').map((p) => p.text)).toEqual(['כהן', ' ', 'דוד']);
  });

  it('reverses and mirrors brackets standing alone at a right-to-left level', () => {
    const words = visualPieces('דוד (כהן)', [() => true], bidi, 'rtl').map((p) => p.text);
    expect(words).toEqual(['(', 'כהן', ')', ' ', 'דוד']);
  });

  it('reads a paragraph right to left only when most of its letters are', () => {
    expect(paragraphDirection('דוד כהן came to the lake every summer')).toBe('ltr');
    expect(paragraphDirection('محمد عبد الله')).toBe('rtl');
    expect(paragraphDirection('2024')).toBe('ltr');
  });

  it('wraps words by the width measured', () => {
    expect(wrapWords('aa bb cc', 5, (line) => line.length)).toEqual(['aa bb', 'cc']);
  });
});
