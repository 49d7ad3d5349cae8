// Every heir's name prints as it is written (issue 33, decision 079): the kit and the verifier sheets read
// back by poppler, as any PDF reader would, with the CJK font only when a CJK name occurs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSlices, slicesFor } from '@shared/pdf/font-slices';
import type { FallbackFonts } from '@web/lib/pdf-text';
import { type KitFonts, makeLegacyKit } from './legacy-kit';
import { makeVerifierSheets } from './verifier-sheets';

const font = (name: string) => new Uint8Array(fs.readFileSync(path.join('node_modules/dejavu-fonts-ttf/ttf', name)));
const cjkDir = 'node_modules/@fontsource/noto-sans-sc';
const slices = parseSlices(JSON.parse(fs.readFileSync(path.join(cjkDir, 'unicode.json'), 'utf8')) as Record<string, string>);
/** The browser's fallback, reading the same slices from node_modules instead of fetching them. */
const cjk: FallbackFonts = {
  forCodePoints: async (codePoints, weight) =>
    slicesFor(codePoints, slices).map((name) => ({
      key: `${name}-${weight}`,
      bytes: new Uint8Array(fs.readFileSync(path.join(cjkDir, 'files', `noto-sans-sc-${name}-${weight}-normal.woff`))),
    })),
};
const fonts: KitFonts = {
  regular: font('DejaVuSans.ttf'),
  bold: font('DejaVuSans-Bold.ttf'),
  mono: font('DejaVuSansMono-Bold.ttf'),
  fallback: cjk,
};

const NAMES = ['Ζωή Παπαδοπούλου', 'Ёлка Смирнова', '王秀英', 'Łukasz Żółć', 'Ærøskøbing Ðorđe', 'محمد عبد الله', 'דוד כהן'];
const CJK = /\p{Script=Han}/u;

function read(bytes: Uint8Array) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'names-')), 'out.pdf');
  fs.writeFileSync(file, bytes);
  // poppler marks right-to-left lines with embedding controls; the names are compared without them
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
  const table = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return { text, fonts: table.map((row) => ({ name: row.split(/\s+/)[0]!, row })) };
}

/** Dark pixels in the heading's band of the first page at 50 dpi: glyphs that extract but draw nothing show here. */
function headingInk(bytes: Uint8Array): number {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'names-')), 'out.pdf');
  fs.writeFileSync(file, bytes);
  const pgm = execFileSync('pdftoppm', ['-r', '50', '-gray', '-f', '1', '-l', '1', '-x', '0', '-y', '35', '-W', '413', '-H', '30', file]);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 30).toString('latin1'))!;
  return [...pgm.subarray(header[0].length)].filter((v) => v < 128).length;
}

const input = {
  ownerName: 'Ólafur Müller',
  somethingReleased: true,
  origin: 'https://heirloom.example.org',
  keyCode: '7KQ4-M2ZP-ABCD-EFGH-JKMN-PQRS-TV0',
};

describe('names in the Legacy Kit', () => {
  it.each(NAMES)('prints %s as it is written, in embedded fonts', async (heirName) => {
    const bytes = await makeLegacyKit({ ...input, heirName }, fonts);
    const { text, fonts: embedded } = read(bytes);
    expect(text).toContain(heirName);
    expect(text).toContain('From the archive of Ólafur Müller');
    for (const { row } of embedded) expect(row).toMatch(/\byes\s+(yes|no)\s+yes\b/); // embedded, with a Unicode map
    expect(embedded.some((f) => f.name.includes('NotoSansSC'))).toBe(CJK.test(heirName));
    expect(bytes.length).toBeLessThan(150_000); // subsets only
  });

  it('draws the glyphs of a CJK name, not only their text', async () => {
    const cjkInk = headingInk(await makeLegacyKit({ ...input, heirName: '王秀英' }, fonts));
    const latinInk = headingInk(await makeLegacyKit({ ...input, heirName: 'I' }, fonts));
    expect(cjkInk).toBeGreaterThan(latinInk + 100);
  });

  it('prints a right-to-left name in a sentence on the kit’s second page, with no "?"', async () => {
    const firstDay = { bucket: null, objectKey: null, verifiers: ['דוד כהן', '王秀英'], codesNeeded: 1 };
    const bytes = await makeLegacyKit({ ...input, heirName: 'محمد عبد الله', firstDay }, fonts);
    const { text } = read(bytes);
    expect(text).toContain('דוד כהן');
    expect(text).toContain('王秀英');
    expect(text).not.toContain('?');
  });
});

describe('names on the verifier sheets', () => {
  it('print every verifier’s name as it is written', async () => {
    const verifiers = NAMES.map((name, i) => ({ name, number: i + 1, code: `7KQ4M-2ZPXA-B${i}CDE-FGHJK-MNPQR-STVWX` }));
    const bytes = await makeVerifierSheets(
      { ownerName: 'Ζωή Παπαδοπούλου', threshold: 2, shareCount: NAMES.length, heirNames: ['דוד כהן'], bucketPlace: null, verifiers },
      fonts,
    );
    const { text, fonts: embedded } = read(bytes);
    for (const name of NAMES) expect(text).toContain(name);
    expect(embedded.some((f) => f.name.includes('NotoSansSC'))).toBe(true);
  });

  it('embed no CJK font when no name needs one', async () => {
    const verifiers = [{ name: 'Łukasz Żółć', number: 1, code: '7KQ4M-2ZPXA-B1CDE-FGHJK-MNPQR-STVWX' }];
    const bytes = await makeVerifierSheets(
      { ownerName: 'Ёлка Смирнова', threshold: 1, shareCount: 1, heirNames: ['محمد عبد الله'], bucketPlace: null, verifiers },
      fonts,
    );
    const { text, fonts: embedded } = read(bytes);
    expect(text).toContain('For Łukasz Żółć');
    expect(embedded.map((f) => f.name).join(' ')).not.toContain('NotoSansSC');
  });
});
