// The CJK fallback of the browser's PDFs (decision 079): Noto Sans SC in @fontsource's slices by Unicode range.
// Nothing of it is in the bundle: the map of ranges is its own chunk and each slice (about 28 KB) is a file
// fetched only when a name holds one of its characters.
import { parseSlices, slicesFor, type FontSlice } from '@shared/pdf/font-slices';
import type { FallbackFonts } from './pdf-text';

/** The glob's keys are relative to this file (import.meta.glob takes only a literal pattern). */
const SLICES = '../../../node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-';
const sliceUrls = import.meta.glob<string>('../../../node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-*-{400,700}-normal.woff', {
  query: '?url',
  import: 'default',
  eager: true, // their addresses only: a few kilobytes in the kit's own lazy chunk
  // the files are in node_modules, which a glob passes over unless told to look everywhere
  exhaustive: true,
});

let slices: Promise<FontSlice[]> | null = null;

export const cjkFallback: FallbackFonts = {
  async forCodePoints(codePoints, weight) {
    slices ??= import('@fontsource/noto-sans-sc/unicode.json').then((json) => parseSlices(json.default));
    const names = slicesFor(codePoints, await slices);
    return Promise.all(
      names.map(async (name) => {
        const url = sliceUrls[`${SLICES}${name}-${weight}-normal.woff`];
        if (!url) throw new Error(`No CJK font slice ${name} in weight ${weight}`);
        const response = await fetch(url);
        if (!response.ok) throw new Error(`The CJK font slice ${name} could not be fetched (${response.status})`);
        return { key: `noto-sans-sc-${name}-${weight}`, bytes: new Uint8Array(await response.arrayBuffer()) };
      }),
    );
  },
};
