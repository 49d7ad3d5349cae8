// Reading documents' words on this machine, for real (decision 058): a PDF's text layer, a scanned page inside a
// PDF and a picture of a paper read by Tesseract, with every connection off this machine refused; and broken files,
// which end with a reason instead of an error. The inputs are small, so the model reads them in about a second.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mixedPdf, paperPicture } from '@tests/helpers/document-fixture';
import { MAX_TEXT_CHARS, tidyText } from './document-text';
import { ENGLISH_MODEL_DIR, TESSERACT_OPTIONS } from './ocr-engine';

// Every document is read in one child process started with every connection off this machine refused
// (tests/helpers/no-network.cjs, preloaded into its worker threads too): the reader's own thread and Tesseract's.
const CHILD = `
import fs from 'node:fs';
import { createTextReader } from ${JSON.stringify(new URL('./text-reader.ts', import.meta.url).href)};
const reader = createTextReader();
const outcomes = [];
for (const { kind, file } of JSON.parse(process.argv[2])) {
  outcomes.push(await reader.read({ kind, bytes: new Uint8Array(fs.readFileSync(file)) }));
}
await reader.close();
console.log(JSON.stringify(outcomes));
`;

type Outcome = { status: 'done'; text: string } | { status: 'failed'; reason: string };

describe('reading the words of a document', () => {
  let dir: string;
  let outcomes: Outcome[];
  let refused: string;
  let seconds: number;
  const documents: Array<{ kind: string; name: string; bytes: () => Promise<Uint8Array | Buffer | string> }> = [
    { kind: 'pdf', name: 'will.pdf', bytes: mixedPdf },
    { kind: 'picture', name: 'letter.jpg', bytes: () => paperPicture(['Dear Anne,', 'the photographs are in the blue box.']) },
    { kind: 'pdf', name: 'broken.pdf', bytes: async () => '%PDF-1.7\nthis is not really a PDF\n%%EOF\n' },
    { kind: 'pdf', name: 'cut.pdf', bytes: async () => (await mixedPdf()).slice(0, 400) },
    { kind: 'picture', name: 'broken.jpg', bytes: async () => Buffer.from('\xff\xd8\xff\xe0 not a JPEG', 'latin1') },
    { kind: 'text', name: 'recipe.txt', bytes: async () => 'Recipe:\r\n\r\n\r\n  flour\u0000 and  eggs  ' },
    { kind: 'text', name: 'long.txt', bytes: async () => 'word '.repeat(MAX_TEXT_CHARS) },
  ];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-text-'));
    const list = [];
    for (const doc of documents) {
      const file = path.join(dir, doc.name);
      fs.writeFileSync(file, await doc.bytes());
      list.push({ kind: doc.kind, file });
    }
    const script = path.join(dir, 'read.mts');
    fs.writeFileSync(script, CHILD);
    refused = path.join(dir, 'refused.log');
    const guard = path.resolve('tests/helpers/no-network.cjs');
    const started = Date.now();
    const out = execFileSync(process.execPath, ['--import', 'tsx', script, JSON.stringify(list)], {
      env: { ...process.env, NODE_OPTIONS: `--require ${guard}`, NO_NETWORK_LOG: refused },
      encoding: 'utf8',
    });
    seconds = (Date.now() - started) / 1000;
    outcomes = JSON.parse(out.trim().split('\n').at(-1)!) as Outcome[];
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a PDF text layer and, by OCR, its scanned page and a picture of a paper, with no connection off this machine', () => {
    const [fromPdf, fromPicture] = outcomes;
    expect(fromPdf!.status).toBe('done');
    const pdfText = fromPdf!.status === 'done' ? fromPdf!.text : '';
    expect(pdfText).toContain('Last will and testament of Rose Martin'); // the text layer, exactly
    expect(pdfText).toMatch(/garden goes to my grandchildren/); // the scanned page, by OCR
    expect(pdfText).toMatch(/orchard to Anne/);
    expect(fromPicture).toEqual({ status: 'done', text: expect.stringMatching(/photographs are in the blue box/) });
    expect(fs.existsSync(refused) ? fs.readFileSync(refused, 'utf8') : '').toBe('');
    expect(seconds).toBeLessThan(60);
  });

  it('takes Tesseract and its English model from the packages on disk only', () => {
    expect(fs.existsSync(path.join(ENGLISH_MODEL_DIR, 'eng.traineddata.gz'))).toBe(true);
    expect(TESSERACT_OPTIONS).toEqual({ langPath: ENGLISH_MODEL_DIR, gzip: true, cacheMethod: 'none' });
    expect(path.isAbsolute(TESSERACT_OPTIONS.langPath)).toBe(true);
  });

  it('answers a broken PDF, a PDF cut short and a broken picture with a reason', () => {
    const [, , broken, cut, brokenPicture] = outcomes;
    expect(broken).toEqual({ status: 'failed', reason: 'This PDF is damaged, so heirloom could not read its words.' });
    expect(cut).toMatchObject({ status: 'failed' });
    expect(brokenPicture).toEqual({ status: 'failed', reason: 'This picture could not be opened, so heirloom could not read its words.' });
  });

  it('keeps plain text as it is, tidied, and at most MAX_TEXT_CHARS of any document', () => {
    const [, , , , , recipe, long] = outcomes;
    expect(recipe).toEqual({ status: 'done', text: 'Recipe:\n\nflour and eggs' });
    expect(long!.status === 'done' && long!.text.length).toBe(MAX_TEXT_CHARS);
    expect(tidyText(' a \t b \n\n\n\n c ')).toBe('a b\n\nc');
  });
});
