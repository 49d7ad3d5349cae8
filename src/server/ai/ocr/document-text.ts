// Reading the words of one vault document (decision 058), inside the text worker thread: a PDF's own text layer
// page by page (pdf.js), Tesseract for each page without one (a scan, rendered at 300 dpi) and for pictures of
// papers, a plain text file as it is, and a Word or OpenDocument text from its XML (office-text.ts). What cannot be read is an outcome with a reason for the owner, not an
// error: only a broken reader (the model failing to load) throws, and its job tries again.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { OcrEngine } from './ocr-engine';
import { readOfficeText } from './office-text';
import { MAX_TEXT_CHARS, type TextOutcome, type TextSource } from './text-kinds';

const require = createRequire(import.meta.url);
/** pdf.js's own data (fonts, character maps, image decoders), read from its package folder: never fetched. */
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

export { MAX_TEXT_CHARS };
/** Pages looked at, at most: bounds the work a crafted PDF of empty pages could ask for. */
export const MAX_PAGES = 300;
/** A scan is read at 300 dpi, and no page larger than A4 at 300 dpi (3,508 px on its longer side). */
const SCAN_DPI = 300;
const MAX_SIDE = 3508;
/** A page whose text layer has fewer letters than this is taken for a scan (a page number alone is). */
const MIN_LAYER_LETTERS = 8;
/** Pictures larger than this are refused, as uploads are (lib/images.ts). */
const MAX_PIXELS = 120_000_000;

const REASONS = {
  password: 'This PDF is protected by a password, so heirloom cannot read its words.',
  damagedPdf: 'This PDF is damaged, so heirloom could not read its words.',
  pages: 'heirloom could not read any page of this PDF.',
  picture: 'This picture could not be opened, so heirloom could not read its words.',
} as const;

const letters = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;

/** Plain text that PostgreSQL can hold and a person can read: no control characters, spaces and blank lines tidied. */
export function tidyText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F\uFFFE\uFFFF]/g, ' ')
      .replace(/[ \t\u00A0]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

const cut = (text: string) => (text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text);

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

/** A page's text items as lines: a space where a gap separates two items, a line break where the line changes. */
function pageText(items: TextItem[]): string {
  let text = '';
  let last: TextItem | undefined;
  for (const item of items) {
    if (last && !last.hasEOL) {
      const size = Math.max(Math.abs(item.height), Math.abs(last.height), 1);
      const sameLine = Math.abs(item.transform[5]! - last.transform[5]!) < size / 2;
      const gap = item.transform[4]! - (last.transform[4]! + last.width);
      if (!sameLine) text += '\n';
      else if (gap > size * 0.15 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
    }
    text += item.str;
    if (item.hasEOL) text += '\n';
    last = item;
  }
  return text;
}

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;

interface Canvas {
  toBuffer(type: 'image/png'): Buffer;
}
interface CanvasFactory {
  create(width: number, height: number): { canvas: Canvas; context: unknown };
  destroy(entry: { canvas: Canvas; context: unknown }): void;
}

async function readPdf(bytes: Uint8Array, ocr: () => Promise<OcrEngine>): Promise<TextOutcome> {
  // the legacy build is the one made for Node; its "worker" runs in this thread, which is already off the event loop
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: MAX_PIXELS,
    standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`,
    cMapUrl: `${PDFJS_DIR}/cmaps/`,
    iccUrl: `${PDFJS_DIR}/iccs/`,
    wasmUrl: `${PDFJS_DIR}/wasm/`,
    verbosity: 0,
  });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (err) {
    await task.destroy();
    const name = err instanceof Error ? err.name : '';
    return { status: 'failed', reason: name === 'PasswordException' ? REASONS.password : REASONS.damagedPdf };
  }
  try {
    const pages: string[] = [];
    let length = 0;
    let unread = 0;
    const last = Math.min(pdf.numPages, MAX_PAGES);
    for (let number = 1; number <= last && length < MAX_TEXT_CHARS; number++) {
      let page;
      try {
        page = await pdf.getPage(number);
        const { items } = await page.getTextContent();
        let text = pageText(items.flatMap((item) => ('str' in item ? [item as TextItem] : [])));
        if (letters(text) < MIN_LAYER_LETTERS) {
          // no text layer: a scanned page, read from its picture
          const full = page.getViewport({ scale: SCAN_DPI / 72 });
          const viewport = page.getViewport({ scale: (SCAN_DPI / 72) * Math.min(1, MAX_SIDE / Math.max(full.width, full.height)) });
          const factory = pdf.canvasFactory as CanvasFactory;
          const entry = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
          try {
            await page.render({ canvasContext: entry.context as never, canvas: entry.canvas as never, viewport, background: 'white' })
              .promise;
            const png = entry.canvas.toBuffer('image/png');
            const read = await (await ocr()).read(png);
            if (letters(read) > letters(text)) text = read;
          } finally {
            factory.destroy(entry);
          }
        }
        const tidy = tidyText(text);
        pages.push(tidy);
        length += tidy.length + 2;
      } catch (err) {
        if (err instanceof OcrFailure) throw err;
        unread += 1;
      } finally {
        page?.cleanup();
      }
    }
    if (unread > 0 && unread === pages.length + unread) return { status: 'failed', reason: REASONS.pages };
    return { status: 'done', text: cut(pages.filter(Boolean).join('\n\n')) };
  } finally {
    await pdf.destroy();
  }
}

/** The model itself failed (not the page): the whole document is tried again later. */
class OcrFailure extends Error {}

/** A picture of a paper: turned upright, grey, at most A4 at 300 dpi, then read. */
async function readPicture(input: string | Uint8Array, ocr: () => Promise<OcrEngine>): Promise<TextOutcome> {
  let png: Buffer;
  try {
    png = await sharp(input, { failOn: 'error', limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .grayscale()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    return { status: 'failed', reason: REASONS.picture };
  }
  return { status: 'done', text: cut(tidyText(await (await ocr()).read(png))) };
}

/**
 * The words of one document. `ocr` gives the Tesseract engine, started on first need (a PDF with a text layer on
 * every page never loads the model).
 */
export async function readDocumentText(source: TextSource, ocr: () => Promise<OcrEngine>): Promise<TextOutcome> {
  // the model's own failures are the reader's, not the page's: they end the document's try (its job retries)
  const failing = (err: unknown) => new OcrFailure(`Reading the words failed: ${err instanceof Error ? err.message : String(err)}`);
  const safeOcr = async (): Promise<OcrEngine> => {
    const engine = await ocr().catch((err: unknown) => Promise.reject(failing(err)));
    return { read: (image) => engine.read(image).catch((err: unknown) => Promise.reject(failing(err))), close: engine.close };
  };
  const bytes = async () => source.bytes ?? new Uint8Array(await fs.readFile(source.path!));
  switch (source.kind) {
    case 'pdf':
      return readPdf(await bytes(), safeOcr);
    case 'picture':
      return readPicture(source.bytes ?? source.path!, safeOcr);
    case 'text':
      // no more bytes than the characters kept can take (4 bytes each at most)
      return { status: 'done', text: cut(tidyText(new TextDecoder('utf-8').decode((await bytes()).subarray(0, MAX_TEXT_CHARS * 4)))) };
    case 'docx':
    case 'odt': {
      const outcome = await readOfficeText(source.kind, await bytes());
      return outcome.status === 'done' ? { status: 'done', text: cut(tidyText(outcome.text)) } : outcome;
    }
  }
}
