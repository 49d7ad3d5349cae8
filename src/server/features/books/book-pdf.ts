// The life-story book's PDF (decision 068), in two passes. The layout pass measures every line with the
// embedded fonts and places every block on numbered pages (so the table of contents knows its page numbers
// before it is drawn, and paragraphs keep their widows and orphans off the pages' edges); the drawing pass then
// writes the pages one by one into pdfkit's stream, decoding one photo at a time and waiting while the reader
// of the stream is behind, so a book of hundreds of photos never sits in memory.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { BookPageSize } from '@shared/schemas/books';
import { dejaVu } from '@server/lib/pdf-fonts';
import { type PdfFace, PdfKitText } from '@server/lib/pdf-text';
import { breakLines, linesForPage } from './book-text';

/**
 * DejaVu Serif: Latin, Greek and Cyrillic, with a real italic; DejaVu Sans for the Arabic and Hebrew it lacks (its oblique has no Arabic: then upright),
 * and Noto Sans SC's slices for CJK (decision 079). pdfkit embeds the glyphs used (a subset) of the fonts used.
 */
const FONT_FILES = {
  serif: dejaVu('DejaVuSerif.ttf'),
  italic: dejaVu('DejaVuSerif-Italic.ttf'),
  bold: dejaVu('DejaVuSerif-Bold.ttf'),
  sans: dejaVu('DejaVuSans.ttf'),
  sansOblique: dejaVu('DejaVuSans-Oblique.ttf'),
  sansBold: dejaVu('DejaVuSans-Bold.ttf'),
};
const FACES = {
  serif: { fonts: ['serif', 'sans'], weight: 400 },
  italic: { fonts: ['italic', 'sansOblique', 'sans'], weight: 400 },
  bold: { fonts: ['bold', 'sansBold', 'sans'], weight: 700 },
} as const satisfies Record<string, PdfFace>;
type FontName = keyof typeof FACES;
const face = (name: FontName): PdfFace => ({ fonts: [...FACES[name].fonts], weight: FACES[name].weight });

/** Page sizes in points (1/72 inch). */
export const PAGE_SIZES: Record<BookPageSize, [number, number]> = {
  A4: [595.28, 841.89],
  Letter: [612, 792],
  '6x9': [432, 648],
};

/** Photos are printed at most at this resolution (pixels per inch) and never enlarged. */
export const PRINT_DPI = 300;
/** A small original is placed no larger than this resolution allows (it is placed smaller instead of blurred). */
const MIN_DPI = 150;

export interface BookPhoto {
  /** The photo's id: with the printed size, it names the photo prepared for print (staged while the book is made). */
  id: number;
  /** The pixels' width and height as shown (after the orientation). */
  width: number;
  height: number;
  caption: string | null;
  /** The JPEG for the printed size, prepared by the caller before the drawing (read one at a time). */
  load: (pixelWidth: number, pixelHeight: number) => Promise<Buffer>;
}

export interface BookMemory {
  title: string;
  date: string;
  content: string;
  photos: BookPhoto[];
  voices: { label: string; url: string }[];
}

export interface BookChapter {
  title: string;
  memories: BookMemory[];
}

export interface BookContent {
  title: string;
  ownerName: string;
  dedication: string | null;
  pageSize: BookPageSize;
  cover: BookPhoto | null;
  chapters: BookChapter[];
}

type Op =
  | { kind: 'text'; font: FontName; size: number; x: number; y: number; text: string; width?: number; align?: 'left' | 'center' | 'right' }
  | { kind: 'photo'; photo: BookPhoto; x: number; y: number; width: number; height: number; pixelWidth: number; pixelHeight: number }
  | { kind: 'qr'; url: string; x: number; y: number; size: number }
  | { kind: 'rule'; x: number; y: number; width: number };

interface Page {
  ops: Op[];
  /** The footer's page number; none on the cover. */
  numbered: boolean;
}

export interface BookLayout {
  pages: Page[];
  /** Each chapter's first page (1-based, as printed). */
  chapterPages: number[];
  photoCount: number;
}

const BODY = { font: 'serif' as FontName, size: 11, leading: 15.5 };
const TITLE_SIZE = 16;
const DATE_SIZE = 10.5;
const CAPTION = { size: 9, leading: 12 };
const QR_SIZE = 78;

/** Inches → points, and the size a photo can be printed at. */
const PT_PER_INCH = 72;

/**
 * Where a photo goes: fitted into `maxWidth` × `maxHeight`, but never larger than MIN_DPI allows (a small
 * original is placed smaller), with the pixels drawn at most PRINT_DPI at that size and never more than it has.
 */
export function photoPlacement(photo: Pick<BookPhoto, 'width' | 'height'>, maxWidth: number, maxHeight: number) {
  const widthAtMin = (photo.width / MIN_DPI) * PT_PER_INCH;
  const scale = Math.min(maxWidth / photo.width, maxHeight / photo.height, widthAtMin / photo.width);
  const width = photo.width * scale;
  const height = photo.height * scale;
  // pixels for PRINT_DPI at the printed size, rounded down so it never exceeds it; never more than the original's
  const pixelWidth = Math.max(1, Math.min(photo.width, Math.floor((width / PT_PER_INCH) * PRINT_DPI)));
  const pixelHeight = Math.max(1, Math.min(photo.height, Math.floor((height / PT_PER_INCH) * PRINT_DPI)));
  return { width, height, pixelWidth, pixelHeight };
}

function newMeasurer() {
  const text = new PdfKitText(new PDFDocument({ autoFirstPage: false }), FONT_FILES);
  return (fontName: FontName, size: number) => (line: string) => text.width(line, face(fontName), size);
}

/** Lays the whole book out: every page's blocks, with the page numbers the contents will print. */
export function layoutBook(book: BookContent): BookLayout {
  const measurer = newMeasurer();
  const [pageWidth, pageHeight] = PAGE_SIZES[book.pageSize];
  const margin = book.pageSize === '6x9' ? 50 : 66;
  const top = margin;
  const footerSpace = 30;
  const bottom = pageHeight - margin - footerSpace + 10;
  const left = margin;
  const width = pageWidth - 2 * margin;
  const pages: Page[] = [];
  let page: Page = { ops: [], numbered: false };
  let y = top;
  const newPage = (numbered = true) => {
    page = { ops: [], numbered };
    pages.push(page);
    y = top;
  };

  const lines = (text: string, fontName: FontName, size: number, w = width) => breakLines(text, w, measurer(fontName, size));
  const centred = (text: string, fontName: FontName, size: number, leading: number) => {
    for (const line of lines(text, fontName, size)) {
      page.ops.push({ kind: 'text', font: fontName, size, x: left, y, text: line, width, align: 'center' });
      y += leading;
    }
  };

  // the cover: title, the owner's name, the cover photo; no page number
  newPage(false);
  y = top + (book.pageSize === '6x9' ? 40 : 80);
  centred(book.title, 'bold', book.pageSize === '6x9' ? 24 : 30, book.pageSize === '6x9' ? 30 : 38);
  y += 14;
  centred(book.ownerName, 'italic', 14, 20);
  y += 30;
  if (book.cover) {
    const placed = photoPlacement(book.cover, width, bottom - y);
    page.ops.push({ kind: 'photo', photo: book.cover, x: left + (width - placed.width) / 2, y, ...placed });
  }

  // the dedication, alone on its page, a third of the way down
  if (book.dedication) {
    newPage();
    y = top + (bottom - top) / 3;
    for (const paragraph of book.dedication.split(/\n+/)) {
      centred(paragraph, 'italic', 12, 18);
      y += 6;
    }
  }

  // the contents: its pages are counted first (one line per chapter), filled in once the chapters are placed
  const tocLeading = 20;
  const tocFirstRoom = Math.floor((bottom - top - 50) / tocLeading);
  const tocRoom = Math.floor((bottom - top) / tocLeading);
  const tocPageCount = book.chapters.length <= tocFirstRoom ? 1 : 1 + Math.ceil((book.chapters.length - tocFirstRoom) / tocRoom);
  const tocPages: Page[] = [];
  for (let i = 0; i < tocPageCount; i++) {
    newPage();
    tocPages.push(page);
  }

  const chapterPages: number[] = [];
  let photoCount = 0;
  const lineHeight = BODY.leading;
  const room = () => Math.floor((bottom - y) / lineHeight);

  /** A paragraph of body text, split across pages with no widow or orphan. */
  const paragraph = (text: string, fontName: FontName = BODY.font, size = BODY.size) => {
    const all = lines(text, fontName, size);
    let from = 0;
    while (from < all.length) {
      let take = linesForPage(all.length, from, room());
      if (take === 0) {
        newPage();
        take = linesForPage(all.length, from, room()) || Math.min(all.length - from, room());
      }
      for (let i = from; i < from + take; i++) {
        page.ops.push({ kind: 'text', font: fontName, size, x: left, y, text: all[i]!, width });
        y += lineHeight;
      }
      from += take;
    }
    y += lineHeight * 0.45;
  };

  const photoBlock = (photo: BookPhoto) => {
    const captionLines = photo.caption ? lines(photo.caption, 'italic', CAPTION.size) : [];
    const captionHeight = captionLines.length * CAPTION.leading + (captionLines.length ? 4 : 0);
    const maxHeight = (bottom - top) * 0.6;
    const placed = photoPlacement(photo, width, maxHeight);
    // never cut across pages: the photo and its caption go to the next page when they do not fit here
    if (y + placed.height + captionHeight > bottom) newPage();
    page.ops.push({ kind: 'photo', photo, x: left + (width - placed.width) / 2, y, ...placed });
    y += placed.height + 4;
    for (const line of captionLines) {
      page.ops.push({ kind: 'text', font: 'italic', size: CAPTION.size, x: left, y, text: line, width, align: 'center' });
      y += CAPTION.leading;
    }
    y += 10;
    photoCount++;
  };

  const voiceBlock = (voice: { label: string; url: string }) => {
    const urlSize = 6.5;
    const height = QR_SIZE + 14;
    if (y + height > bottom) newPage();
    page.ops.push({ kind: 'qr', url: voice.url, x: left, y, size: QR_SIZE });
    page.ops.push({ kind: 'text', font: 'serif', size: urlSize, x: left, y: y + QR_SIZE + 2, text: voice.url });
    const textX = left + QR_SIZE + 14;
    let textY = y + 18;
    for (const line of lines(voice.label, 'italic', 10, width - QR_SIZE - 14)) {
      page.ops.push({ kind: 'text', font: 'italic', size: 10, x: textX, y: textY, text: line, width: width - QR_SIZE - 14 });
      textY += 14;
    }
    y += height + 10;
  };

  for (const chapter of book.chapters) {
    newPage();
    chapterPages.push(pages.length);
    y = top + 40;
    for (const line of lines(chapter.title, 'bold', 22)) {
      page.ops.push({ kind: 'text', font: 'bold', size: 22, x: left, y, text: line, width });
      y += 28;
    }
    page.ops.push({ kind: 'rule', x: left, y: y + 4, width });
    y += 30;
    for (const memory of chapter.memories) {
      const titleLines = lines(memory.title, 'bold', TITLE_SIZE);
      // the heading stays with the date and the first two lines of the text
      const headingHeight = titleLines.length * 21 + 20 + 2 * lineHeight;
      if (y + headingHeight > bottom) newPage();
      else if (y > top) y += 10;
      for (const line of titleLines) {
        page.ops.push({ kind: 'text', font: 'bold', size: TITLE_SIZE, x: left, y, text: line, width });
        y += 21;
      }
      page.ops.push({ kind: 'text', font: 'italic', size: DATE_SIZE, x: left, y, text: memory.date });
      y += 22;
      for (const text of memory.content.split(/\n\s*\n|\r?\n/).filter((p) => p.trim())) paragraph(text.trim());
      for (const photo of memory.photos) photoBlock(photo);
      for (const voice of memory.voices) voiceBlock(voice);
      y += 8;
    }
  }

  // the contents, now that each chapter's page is known
  let tocIndex = 0;
  let tocY = top;
  const numberWidth = 40;
  tocPages[0]!.ops.push({ kind: 'text', font: 'bold', size: 20, x: left, y: top, text: 'Contents' });
  tocY = top + 50;
  book.chapters.forEach((chapter, i) => {
    if (tocY + tocLeading > bottom) {
      tocIndex++;
      tocY = top;
    }
    const target = tocPages[tocIndex]!;
    const [title] = lines(chapter.title, 'serif', 12, width - numberWidth - 10);
    target.ops.push({ kind: 'text', font: 'serif', size: 12, x: left, y: tocY, text: title ?? '' });
    target.ops.push({
      kind: 'text',
      font: 'serif',
      size: 12,
      x: left + width - numberWidth,
      y: tocY,
      text: String(chapterPages[i]),
      width: numberWidth,
      align: 'right',
    });
    tocY += tocLeading;
  });

  return { pages, chapterPages, photoCount };
}

/** Each photo the book prints, once per printed size (the cover may be a chapter's photo too), in the order drawn. */
export function photosToPrint(layout: BookLayout) {
  const seen = new Map<string, { photo: BookPhoto; pixelWidth: number; pixelHeight: number }>();
  for (const page of layout.pages) {
    for (const op of page.ops) {
      if (op.kind !== 'photo') continue;
      const id = `${op.photo.id}-${op.pixelWidth}x${op.pixelHeight}`;
      if (!seen.has(id)) seen.set(id, { photo: op.photo, pixelWidth: op.pixelWidth, pixelHeight: op.pixelHeight });
    }
  }
  return [...seen.values()];
}

/** Draws a QR code as vector squares (one rectangle per run of dark modules in a row). */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const module = size / count;
  doc.save();
  doc.fillColor('#000000');
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.modules.get(row, col)) col++;
      doc.rect(x + start * module, y + row * module, (col - start) * module, module);
    }
  }
  doc.fill();
  doc.restore();
}

export interface RenderProgress {
  (pagesDone: number, pageCount: number): void | Promise<void>;
}

/** Bytes pdfkit may hold for a slow reader before the drawing waits. */
const HIGH_WATER = 4 * 1024 * 1024;

/**
 * Draws a laid-out book into a new pdfkit document and returns it as a stream at once: read it (stage it)
 * while it is drawn. Fonts are embedded as subsets; every photo is loaded (decoded and resized) only when its
 * page is drawn and its bytes are dropped once written.
 */
export function renderBook(book: BookContent, layout: BookLayout, onProgress?: RenderProgress) {
  const [pageWidth, pageHeight] = PAGE_SIZES[book.pageSize];
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: [pageWidth, pageHeight],
    margin: 0,
    compress: true,
    info: { Title: book.title, Author: book.ownerName, Creator: 'heirloom' },
    lang: 'en',
  });
  const text = new PdfKitText(doc, FONT_FILES);

  const waitForReader = async () => {
    while (doc.readableLength > HIGH_WATER && !doc.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  const done = (async () => {
    // let the caller start reading before the first page is drawn
    await yieldToLoop();
    const count = layout.pages.length;
    for (let index = 0; index < count; index++) {
      const page = layout.pages[index]!;
      doc.addPage({ size: [pageWidth, pageHeight], margin: 0 });
      for (const op of page.ops) {
        if (op.kind === 'text') {
          doc.fillColor('#111111');
          text.drawLine(op.text, face(op.font), op);
        } else if (op.kind === 'rule') {
          doc
            .save()
            .moveTo(op.x, op.y)
            .lineTo(op.x + op.width, op.y)
            .lineWidth(0.6)
            .strokeColor('#888888')
            .stroke()
            .restore();
        } else if (op.kind === 'qr') {
          drawQr(doc, op.url, op.x, op.y, op.size);
        } else {
          // one photo decoded at a time; its bytes are dropped once pdfkit has written them
          doc.image(await op.photo.load(op.pixelWidth, op.pixelHeight), op.x, op.y, { width: op.width, height: op.height });
        }
      }
      if (page.numbered) {
        doc.font('serif').fontSize(9).fillColor('#444444');
        doc.text(String(index + 1), 0, pageHeight - 44, { width: pageWidth, align: 'center', lineBreak: false });
      }
      await onProgress?.(index + 1, count);
      await waitForReader();
      // other requests are served between pages
      await yieldToLoop();
    }
    doc.end();
  })().catch((err: unknown) => {
    doc.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return { stream: doc, done };
}
