import fs from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { makeReleaseKey, readVerifierCode } from '@shared/escrow/release-key';
import type { KitFonts } from './legacy-kit';
import { codesNeeded, sheetInstructions, type VerifierSheetsInput } from './verifier-sheet-words';
import { makeVerifierSheets } from './verifier-sheets';

const font = (name: string) => new Uint8Array(fs.readFileSync(path.join('node_modules/dejavu-fonts-ttf/ttf', name)));
const fonts: KitFonts = { regular: font('DejaVuSans.ttf'), bold: font('DejaVuSans-Bold.ttf'), mono: font('DejaVuSansMono-Bold.ttf') };

/** Each page's text as pdf.js reads it, items joined by spaces. */
async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

async function sheetsFor(names: string[], threshold: number): Promise<VerifierSheetsInput> {
  const key = await makeReleaseKey(threshold, names.length);
  return {
    ownerName: 'Rose Tyler',
    threshold,
    shareCount: names.length,
    heirNames: ['Amy Smith', 'Jackie Tyler'],
    bucketPlace: 'the storage bucket “family-copies” at https://s3.example.org',
    verifiers: names.map((name, i) => ({ name, number: i + 1, code: key.codes[i]! })),
  };
}

describe('the verifier sheets', () => {
  it('have one page per verifier, each with that verifier’s name and code in groups', async () => {
    const input = await sheetsFor(['Martha Jones', 'Mickey Smith', 'Żaneta Łęcka'], 2);
    const pages = await pagesText(await makeVerifierSheets(input, fonts));
    expect(pages).toHaveLength(3);
    input.verifiers.forEach((verifier, i) => {
      const page = pages[i]!;
      expect(page).toContain(`For ${verifier.name}`);
      expect(page).toContain(`Verifier ${i + 1} of 3 in Rose Tyler’s plan`);
      const groups = page.match(/\b[0-9A-Z]{5}\b/g) ?? [];
      const printed = groups.join('-');
      expect(printed).toContain(verifier.code);
      expect(readVerifierCode(verifier.code).ok).toBe(true);
      for (const other of input.verifiers) if (other !== verifier) expect(printed).not.toContain(other.code);
    });
  });

  it('tell the verifier when and to whom to give the code, how many are needed and where the copies are', async () => {
    const input = await sheetsFor(['Martha Jones', 'Mickey Smith', 'Donna Noble'], 2);
    const text = sheetInstructions(input, input.verifiers[0]!).join('\n');
    expect(text).toContain('Rose Tyler chose you, Martha Jones');
    expect(text).toContain('If heirloom is gone, the heir needs your code. Give it only when you are sure Rose Tyler has died');
    expect(text).toContain('only to an heir named in the plan (Amy Smith or Jackie Tyler)');
    expect(text).toContain('2 of the 3 verifiers’ codes');
    expect(text).toContain('the storage bucket “family-copies” at https://s3.example.org');
    expect(text).toContain('The opener, a file ending in .html, is kept with the copies.');
    expect(text).toContain('heirloom does not keep it');
  });

  it('say how many codes are needed in words for every plan', () => {
    expect(codesNeeded(2, 3)).toBe('2 of the 3 verifiers’ codes');
    expect(codesNeeded(2, 2)).toBe('both verifiers’ codes');
    expect(codesNeeded(4, 4)).toBe('all 4 verifiers’ codes');
    expect(codesNeeded(1, 1)).toBe('the verifier’s code');
  });
});
