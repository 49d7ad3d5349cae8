// Names printed as they are written (issue 33, decision 079): a line of text is cut into pieces, each drawn in
// the first font that has its characters, and put in visual order by the Unicode bidirectional algorithm. Each
// piece is one word or one run of spaces, handed to the font's own layout (fontkit), which shapes it (Arabic
// joining forms) and draws a right-to-left word's glyphs from right to left; this module orders the words.
// The bidi implementation (bidi-js) is passed in, since shared code imports no packages but zod.

/** Whether a font has a glyph for a character. */
export type HasGlyph = (codePoint: number) => boolean;

/** The part of bidi-js this module uses. */
export interface BidiAlgorithm {
  getEmbeddingLevels(text: string, baseDirection?: 'ltr' | 'rtl' | 'auto'): { levels: Uint8Array; paragraphs: { level: number }[] };
  getMirroredCharacter(char: string): string | null;
}

export type Direction = 'ltr' | 'rtl';

/** A word or a run of spaces, in one font (an index into the fonts given). */
export interface TextPiece {
  text: string;
  font: number;
}

/** Printed for a character no font has, as before fonts fell back. */
const MISSING = '?';
const SPACE = /\s/u;
const LETTER = /\p{L}/u;
/** Marks and joiners belong to the character before them, in its font. */
const ATTACHED = /[\p{M}\u200C\u200D]/u;
/** Scripts whose words fontkit lays out right to left by itself. */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** The characters of `text` (NFC) that none of `fonts` has, each once: what a fallback font must cover. */
export function missingCodePoints(text: string, fonts: HasGlyph[]): number[] {
  const missing = new Set<number>();
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (SPACE.test(ch) || ATTACHED.test(ch)) continue;
    if (!fonts.some((has) => has(cp))) missing.add(cp);
  }
  return [...missing];
}

/**
 * A paragraph's direction: right to left when at least three quarters of its letters are of a right-to-left
 * script. The first strong letter (HTML's dir="auto") would turn "דוד כהן came to the lake" around, and the
 * books are written in left-to-right languages with names of every script in them.
 */
export function paragraphDirection(text: string): Direction {
  let rtl = 0;
  let letters = 0;
  for (const ch of text) {
    if (!LETTER.test(ch)) continue;
    letters++;
    if (RTL_SCRIPT.test(ch)) rtl++;
  }
  return letters > 0 && rtl * 4 >= letters * 3 ? 'rtl' : 'ltr';
}

interface LevelledPiece extends TextPiece {
  level: number;
  /** Spaces, letters, or (at a right-to-left level) characters of no right-to-left script, which this module turns. */
  kind: 'space' | 'text' | 'turned';
}

/** The pieces of a line in reading (logical) order, with their bidi levels (all 0 when `levels` is not given). */
function logicalPieces(line: string, fonts: HasGlyph[], levels?: Uint8Array): LevelledPiece[] {
  const pieces: LevelledPiece[] = [];
  let current: LevelledPiece | null = null;
  let index = 0; // UTF-16 index, as bidi-js counts
  for (const raw of line) {
    const level = levels?.[index] ?? 0;
    index += raw.length;
    const cp = raw.codePointAt(0)!;
    const attached = ATTACHED.test(raw) && current !== null;
    let font = fonts.findIndex((has) => has(cp));
    let ch = raw;
    let kind: LevelledPiece['kind'] = SPACE.test(raw) ? 'space' : level % 2 === 1 && !RTL_SCRIPT.test(raw) ? 'turned' : 'text';
    if (attached) [font, kind] = [current!.font, current!.kind];
    else if (kind === 'space' && font < 0) font = current?.font ?? 0;
    else if (font < 0) [font, ch] = [0, MISSING];
    if (current && current.kind === kind && current.font === font && current.level === level) {
      current.text += ch;
    } else {
      current = { text: ch, font, level, kind };
      pieces.push(current);
    }
  }
  return pieces;
}

/** The pieces of a line in reading order: enough to measure it, since a word's width does not depend on order. */
export function measurePieces(line: string, fonts: HasGlyph[]): TextPiece[] {
  return logicalPieces(line.normalize('NFC'), fonts).map(({ text, font }) => ({ text, font }));
}

/**
 * The pieces of one printed line from left to right (UAX #9, rule L2, on whole words). A piece of a
 * right-to-left script keeps its reading order, since the font's layout reverses it; the other characters at a
 * right-to-left level (brackets, dashes) are pieces of their own, reversed and mirrored here.
 */
export function visualPieces(line: string, fonts: HasGlyph[], bidi: BidiAlgorithm, direction: Direction): TextPiece[] {
  const text = line.normalize('NFC');
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const pieces = logicalPieces(text, fonts, levels);
  const highest = Math.max(0, ...pieces.map((p) => p.level));
  const lowestOdd = Math.min(...pieces.map((p) => (p.level % 2 === 1 ? p.level : Infinity)));
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < pieces.length; i++) {
      if (pieces[i]!.level < level) continue;
      let end = i;
      while (end + 1 < pieces.length && pieces[end + 1]!.level >= level) end++;
      pieces.splice(i, end - i + 1, ...pieces.slice(i, end + 1).reverse());
      i = end;
    }
  }
  return pieces.map(({ text: piece, font, kind }) => {
    if (kind !== 'turned') return { text: piece, font };
    const mirrored = [...piece].reverse().map((ch) => bidi.getMirroredCharacter(ch) ?? ch);
    return { text: mirrored.join(''), font };
  });
}

/** Greedy lines no wider than `width`, words kept whole where they fit (a longer word stands alone). */
export function wrapWords(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}
