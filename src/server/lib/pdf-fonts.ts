// The fonts of the server's PDFs beyond DejaVu (decision 079): Noto Sans SC's slices by Unicode range, read
// from its npm package only when a text holds one of their characters, and the bidi algorithm for
// right-to-left names.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import bidiFactory from 'bidi-js';
import { parseSlices, slicesFor, type FontSlice } from '@shared/pdf/font-slices';

const require = createRequire(import.meta.url);

export const bidi = bidiFactory();

/** A DejaVu font file's path. */
export const dejaVu = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

const cjkDir = path.dirname(require.resolve('@fontsource/noto-sans-sc/package.json'));
let slices: FontSlice[] | null = null;

/** The CJK font files (WOFF: fontkit loses the outlines of WOFF2 glyphs when it subsets them) that hold these code points, named by a key unique to each. */
export function cjkFontFiles(codePoints: number[], weight: 400 | 700): { key: string; file: string }[] {
  if (codePoints.length === 0) return [];
  slices ??= parseSlices(JSON.parse(fs.readFileSync(path.join(cjkDir, 'unicode.json'), 'utf8')) as Record<string, string>);
  return slicesFor(codePoints, slices).map((name) => ({
    key: `noto-sans-sc-${name}-${weight}`,
    file: path.join(cjkDir, 'files', `noto-sans-sc-${name}-${weight}-normal.woff`),
  }));
}
