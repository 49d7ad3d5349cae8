import fs from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { makeReleaseKey, readVerifierCode } from '@shared/escrow/release-key';
import type { KitFonts } from './legacy-kit';
import { codesNeeded, sheetInstructions, type VerifierSheetsInput } from './verifier-sheet-words';
import { makeVerifierSheet, makeVerifierSheets } from './verifier-sheets';

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
    bucketPlace: { bucket: 'family-copies', endpoint: 'https://s3.example.org', prefix: '' },
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

  it('are each printed in their verifier’s language, or the owner’s when the verifier has none', async () => {
    const input = await sheetsFor(['Jürgen Weiß', 'Amélie Dubois', 'Donna Noble'], 2);
    const languages = ['de', 'fr', null];
    input.verifiers.forEach((verifier, i) => (verifier.language = languages[i]));
    input.bucketPlace = { bucket: 'family-copies', endpoint: 'https://s3.example.org', prefix: 'heirloom/' };
    const [german, french, english] = (await pagesText(await makeVerifierSheets(input, fonts))).map((page) => page.replace(/\s+/g, ' '));

    expect(german).toContain('Für Jürgen Weiß');
    expect(german).toContain('Vertrauensperson 1 von 3 im Plan von Rose Tyler');
    expect(german).toContain('in dem Speicher-Bucket „family-copies“ unter https://s3.example.org, Ordner „heirloom“');
    expect(german).toContain('Amy Smith oder Jackie Tyler');
    expect(german).not.toMatch(/verifier code|storage bucket| or /);

    expect(french).toContain('Pour Amélie Dubois');
    expect(french).toContain('Témoin 2 sur 3 dans le plan de Rose Tyler');
    expect(french).toContain('dans le bucket de stockage « family-copies »');
    expect(french).toContain('Amy Smith ou Jackie Tyler');
    expect(french).not.toMatch(/verifier code|storage bucket| or /);

    expect(english).toContain('For Donna Noble');
    expect(english).toContain('in the storage bucket “family-copies” at https://s3.example.org, folder “heirloom”');
  }, 60_000);

  it('name one verifier’s sheet in their language, for sharing it with them', async () => {
    const input = await sheetsFor(['Jürgen Weiß'], 1);
    const sheet = await makeVerifierSheet(input, { ...input.verifiers[0]!, language: 'de' }, fonts);
    expect(sheet.fileName).toBe('Blatt der Vertrauensperson - Jürgen Weiß.pdf');
    expect(sheet.title).toBe('Blatt für die Vertrauensperson Jürgen Weiß');
    expect((await pagesText(sheet.bytes))[0]).toContain('Für Jürgen Weiß');
    const english = await makeVerifierSheet(input, input.verifiers[0]!, fonts);
    expect([english.fileName, english.title]).toEqual(['Verifier sheet - Jürgen Weiß.pdf', 'Verifier sheet for Jürgen Weiß']);
  }, 60_000);

  it('say how many codes are needed in words for every plan', () => {
    expect(codesNeeded(2, 3)).toBe('2 of the 3 verifiers’ codes');
    expect(codesNeeded(2, 2)).toBe('both verifiers’ codes');
    expect(codesNeeded(4, 4)).toBe('all 4 verifiers’ codes');
    expect(codesNeeded(1, 1)).toBe('the verifier’s code');
  });
});
