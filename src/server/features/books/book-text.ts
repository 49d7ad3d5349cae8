// Line breaking for the book (decision 068): English hyphenation (soft hyphens from the `hyphen` package's
// patterns, inserted before layout) and greedy lines measured with the page's own font, so the layout knows
// every line before anything is drawn and can keep widows and orphans off the pages' edges.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const hyphenEn = require('hyphen/en') as { hyphenateSync: (text: string, options?: { minWordLength?: number }) => string };

const SOFT_HYPHEN = '\u00AD';

/** The text with soft hyphens where English words may break (words of 6 letters or more). */
export const hyphenate = (text: string) => hyphenEn.hyphenateSync(text, { minWordLength: 6 });

/** Measures a string's width in points in the font and size the caller has set. */
export type Measure = (text: string) => number;

const visible = (word: string) => word.split(SOFT_HYPHEN).join('');

/**
 * Breaks one paragraph into lines no wider than `width`: words are kept whole where they fit, a word that
 * does not is broken at its last soft hyphen that fits (with a visible hyphen), and a word longer than a line
 * with no such place is cut by characters.
 */
export function breakLines(paragraph: string, width: number, measure: Measure): string[] {
  const words = hyphenate(paragraph).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const fits = (text: string) => measure(text) <= width;
  for (let word of words) {
    while (word) {
      const candidate = line ? `${line} ${visible(word)}` : visible(word);
      if (fits(candidate)) {
        line = candidate;
        break;
      }
      // the last place in the word where a hyphenated part still fits on this line
      const parts = word.split(SOFT_HYPHEN);
      let placed = false;
      for (let k = parts.length - 1; k >= 1; k--) {
        const head = parts.slice(0, k).join('');
        const withHead = line ? `${line} ${head}-` : `${head}-`;
        if (fits(withHead)) {
          lines.push(withHead);
          line = '';
          word = parts.slice(k).join(SOFT_HYPHEN);
          placed = true;
          break;
        }
      }
      if (placed) continue;
      if (line) {
        lines.push(line);
        line = '';
        continue;
      }
      // one word wider than the line: cut it where it must be cut
      const plain = visible(word);
      let cut = plain.length - 1;
      while (cut > 1 && !fits(plain.slice(0, cut))) cut--;
      lines.push(plain.slice(0, cut));
      word = plain.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * How many of a paragraph's `total` lines (from `from` on) go on a page that has room for `room` lines, so that
 * no page ends with a paragraph's first line alone (an orphan) or begins with its last line alone (a widow).
 * 0 means: begin the rest on the next page.
 */
export function linesForPage(total: number, from: number, room: number): number {
  const left = total - from;
  if (left <= room) {
    // all of it fits, unless that leaves one line of a longer paragraph at this page's top: then a widow
    return left;
  }
  let take = room;
  // never one line alone at the bottom: the paragraph's first line (orphan)
  if (from === 0 && take < 2) return 0;
  // never one line alone at the next page's top (widow)
  if (left - take === 1) take -= 1;
  if (from === 0 && take < 2) return 0;
  if (from > 0 && take < 1) return 0;
  return take;
}
