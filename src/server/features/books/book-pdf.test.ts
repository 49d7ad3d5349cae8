// Every name in the life-story book prints as it is written (issue 33, decision 079): a book laid out and drawn
// by the real code, read back by poppler, with the CJK font embedded only when a CJK name occurs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BookContent, layoutBook, renderBook } from './book-pdf';

const NAMES = ['Ζωή Παπαδοπούλου', 'Ёлка Смирнова', '王秀英', 'Łukasz Żółć', 'Ærøskøbing Ðorđe', 'محمد عبد الله', 'דוד כהן'];

function bookOf(names: string[]): BookContent {
  return {
    title: `The family of ${names[0]}`,
    ownerName: names[0]!,
    dedication: `For ${names.join(' and ')}`,
    pageSize: 'A4',
    cover: null,
    chapters: names.map((name) => ({
      title: name,
      memories: [
        {
          title: `A summer with ${name}`,
          date: '14 March 1962',
          content: `${name} came to the lake every summer.\n\nEveryone listened when ${name} told a story.`,
          photos: [],
          voices: [{ label: `${name} sings`, url: 'https://heirloom.example.org/s/abc' }],
        },
      ],
    })),
  };
}

async function write(book: BookContent) {
  const { stream, done } = renderBook(book, layoutBook(book));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  await done;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'book-names-')), 'book.pdf');
  fs.writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** Dark pixels in the band of the first chapter's title (page 4) at 50 dpi: glyphs that extract but draw nothing show here. */
function chapterTitleInk(file: string): number {
  const pgm = execFileSync('pdftoppm', ['-r', '50', '-gray', '-f', '4', '-l', '4', '-x', '0', '-y', '65', '-W', '413', '-H', '35', file]);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 30).toString('latin1'))!;
  return [...pgm.subarray(header[0].length)].filter((v) => v < 128).length;
}

async function read(book: BookContent) {
  const file = await write(book);
  // poppler marks right-to-left lines with embedding controls; the names are compared without them
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return { text, fonts };
}

describe('names in the life-story book', () => {
  it('prints every name as it is written, in embedded subsets, with Noto Sans SC for the CJK name', async () => {
    const { text, fonts } = await read(bookOf(NAMES));
    for (const name of NAMES) {
      expect(text).toContain(name);
      expect(text).toContain(`A summer with ${name.split(' ')[0]}`.split(' ').slice(0, 3).join(' '));
    }
    expect(text).not.toContain('?');
    for (const row of fonts) expect(row).toMatch(/\byes\s+yes\s+yes\b/); // embedded, a subset, with a Unicode map
    expect(fonts.some((row) => row.includes('NotoSansSC'))).toBe(true);
    expect(fonts.some((row) => row.includes('DejaVuSans-'))).toBe(true); // Arabic and Hebrew, which DejaVu Serif lacks
  });

  it('draws the glyphs of a CJK name, not only their text', async () => {
    const cjkInk = chapterTitleInk(await write(bookOf(['王秀英'])));
    const latinInk = chapterTitleInk(await write(bookOf(['I'])));
    expect(cjkInk).toBeGreaterThan(latinInk + 100);
  });

  it('embeds no CJK font when no name needs one', async () => {
    const { text, fonts } = await read(bookOf(NAMES.filter((name) => !/\p{Script=Han}/u.test(name))));
    expect(text).toContain('Łukasz Żółć');
    expect(fonts.join('\n')).not.toContain('NotoSansSC');
  });
});
