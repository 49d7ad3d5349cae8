import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { firstDayText, type KitFonts, kitInstructions, makeLegacyKit, openingUrl } from './legacy-kit';

const font = (name: string) => new Uint8Array(fs.readFileSync(path.join('node_modules/dejavu-fonts-ttf/ttf', name)));
const fonts: KitFonts = { regular: font('DejaVuSans.ttf'), bold: font('DejaVuSans-Bold.ttf'), mono: font('DejaVuSansMono-Bold.ttf') };

/** The kit written to a temporary file, for poppler's tools to read as any PDF reader would. */
function kitFile(bytes: Uint8Array) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-')), 'kit.pdf');
  fs.writeFileSync(file, bytes);
  return file;
}

const input = {
  heirName: 'Zoë Ōkubo 李',
  ownerName: 'Margaret Walker',
  somethingReleased: false,
  origin: 'https://heirloom.example.org',
  keyCode: '7KQ4-M2ZP-ABCD-EFGH-JKMN-PQRS-TV0',
};

describe('the Legacy Kit', () => {
  it('is a one-page PDF, even for a name no embedded font has', async () => {
    const bytes = await makeLegacyKit(input, fonts);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Legacy Kit for ${input.heirName}`);
  });

  it.each(['Ζωή Παπαδοπούλου', 'Ёлка Смирнова', 'Żaneta Łęcka-Ødegård'])(
    'prints %s as it is written, in embedded fonts',
    async (heirName) => {
      const bytes = await makeLegacyKit({ ...input, heirName, ownerName: 'Ólafur Müller' }, fonts);
      expect(bytes.length).toBeLessThan(150_000); // subsets: the whole fonts are 1.8 MB
      const file = kitFile(bytes);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(`For ${heirName}`);
      expect(text).toContain('From the archive of Ólafur Müller');
      const table = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(table.length).toBeGreaterThanOrEqual(3);
      for (const row of table) expect(row).toMatch(/\byes\s+(yes|no)\s+yes\b/); // embedded, with a Unicode map
    },
  );

  it('is printed in the heir’s language, not the page’s', async () => {
    const bytes = await makeLegacyKit({ ...input, heirName: 'Jürgen Weiß', language: 'de' }, fonts);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Nachlass-Mappe für Jürgen Weiß');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', kitFile(bytes), '-'], { encoding: 'utf8' });
    expect(text).toContain('Für Jürgen Weiß');
    expect(text).toContain('Schlüsselcode');
    expect(text).not.toContain('Key code');
  });

  it('opens at the instance’s /legacy page with the code', () => {
    expect(openingUrl(input.origin, input.keyCode)).toBe('https://heirloom.example.org/legacy?code=7KQ4-M2ZP-ABCD-EFGH-JKMN-PQRS-TV0');
  });

  it('tells someone who never heard of heirloom what it is, when it opens, how and to keep it safe', () => {
    const text = kitInstructions(input).join('\n');
    expect(text).toContain('https://heirloom.example.org/legacy');
    expect(text).toContain('only after something is released to you');
    expect(text).toContain('Anyone who has the key code can open what is released to it');
  });

  it('says whose archive it is, and never that nothing can be opened when something is released', () => {
    expect(kitInstructions(input).join('\n')).toContain('Margaret Walker keeps their photos');
    expect(kitInstructions(input).join('\n')).toContain('Nothing is released to you yet.');
    const released = kitInstructions({ ...input, somethingReleased: true }).join('\n');
    expect(released).toContain('Something is already released to you: you can open it now.');
    expect(released).not.toMatch(/Nothing (can be opened|is released)/);
  });
});

describe('the Legacy Kit’s “First 24 hours” page', () => {
  const firstDay = {
    bucket: { endpoint: 'https://s3.eu-central-1.example.net', bucket: 'walker-family', prefix: 'heirloom/' },
    objectKey: 'heirloom/7f3a.heirloom-escrow',
    verifiers: ['Tom Walker', 'Dr. Ann Price', 'Ruth Bell'],
    codesNeeded: 2,
  };

  it('says where the copies are, who the verifiers are, how many codes open a copy, and what to do while heirloom runs', () => {
    const text = firstDayText({ ...input, firstDay }).join('\n');
    expect(text).toContain('The first 24 hours');
    expect(text).toContain(
      'address https://s3.eu-central-1.example.net, bucket "walker-family", folder "heirloom/", file "heirloom/7f3a.heirloom-escrow"',
    );
    expect(text).toContain('a USB stick kept with the will');
    expect(text).toContain('Tom Walker, Dr. Ann Price and Ruth Bell. Any 2 of them are needed.');
    expect(text).toContain('1. Get the opener: the file open-heirloom-bundle.html, kept beside the copies.');
    expect(text).toContain('3. Have your key code, on the first page, and 2 verifier codes from the verifiers.');
    expect(text).toContain('If https://heirloom.example.org/legacy still opens, use it');
  });

  it('with no bucket, points to the USB stick only', () => {
    const text = firstDayText({ ...input, firstDay: { ...firstDay, bucket: null, objectKey: null, codesNeeded: 1 } }).join('\n');
    expect(text).toContain('On a USB stick, if one was kept with the will: ask whoever holds the will.');
    expect(text).not.toContain('bucket');
    expect(text).toContain('One of them is needed.');
    expect(text).toContain('and 1 verifier code from the verifiers.');
  });

  it('is the kit’s second page, readable as text', async () => {
    const bytes = await makeLegacyKit({ ...input, firstDay }, fonts);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    const text = execFileSync('pdftotext', ['-f', '2', '-l', '2', '-enc', 'UTF-8', kitFile(bytes), '-'], { encoding: 'utf8' });
    expect(text).toContain('The first 24 hours');
    expect(text.replace(/\s+/g, ' ')).toContain('Any 2 of them are needed');
  });
});
