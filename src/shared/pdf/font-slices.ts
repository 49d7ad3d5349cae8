// A CJK font is large (Noto Sans SC: 30 000 glyphs), so it comes as slices by Unicode range (@fontsource's
// split, decision 079): only the slices holding a name's characters are fetched and embedded.

/** A slice's name (as in its file name) and the code points it holds. */
export interface FontSlice {
  name: string;
  ranges: [number, number][];
}

/** Reads @fontsource's unicode.json: `{"[116]": "U+4e00-4e01,U+738b,…"}`. */
export function parseSlices(unicodeJson: Record<string, string>): FontSlice[] {
  return Object.entries(unicodeJson).map(([key, value]) => ({
    name: key.replace(/^\[|\]$/g, ''),
    ranges: value.split(',').map((range) => {
      const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
    }),
  }));
}

/** The slices that hold these code points, each once; a code point in no slice is left out. */
export function slicesFor(codePoints: number[], slices: FontSlice[]): string[] {
  const names = new Set<string>();
  for (const cp of codePoints) {
    const slice = slices.find((s) => s.ranges.some(([from, to]) => cp >= from && cp <= to));
    if (slice) names.add(slice.name);
  }
  return [...names];
}
