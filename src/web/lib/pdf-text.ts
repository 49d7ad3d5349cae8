// Text in the browser's PDFs (pdf-lib), so that every name prints as it is written (decision 079): each line
// is cut into pieces by the font that has their glyphs (DejaVu, then CJK slices embedded only when a text
// needs them) and ordered for right-to-left names by the shared text-runs module.
import bidiFactory from 'bidi-js';
import { type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { type HasGlyph, measurePieces, missingCodePoints, visualPieces, wrapWords } from '@shared/pdf/text-runs';

const bidi = bidiFactory();

export type FontWeight = 400 | 700;

/** Where fonts for characters a document's own fonts lack come from (CJK slices), by weight. */
export interface FallbackFonts {
  /** Font files that hold these code points, each once, named by a key unique to the file. */
  forCodePoints(codePoints: number[], weight: FontWeight): Promise<{ key: string; bytes: Uint8Array }[]>;
}

/** A typeface: its own fonts in order of preference, and the weight of the fallback fonts it takes. */
export interface Face {
  fonts: PDFFont[];
  weight: FontWeight;
}

/** Paragraphs of one document: fallback fonts are embedded once (as subsets) and only when a text needs them. */
export class PdfText {
  private readonly glyphs = new Map<PDFFont, HasGlyph>();
  private readonly embedded = new Map<string, Promise<PDFFont>>();
  /** Words' widths at 1 pt by font: wrapping measures each word once per line it could end. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fallback: FallbackFonts | null,
  ) {}

  private has(font: PDFFont): HasGlyph {
    let has = this.glyphs.get(font);
    if (!has) {
      const set = new Set(font.getCharacterSet());
      has = (cp) => set.has(cp);
      this.glyphs.set(font, has);
    }
    return has;
  }

  /** The fonts that print `text` in `face`: its own, then the fallback fonts for the characters they lack. */
  async fontsFor(text: string, face: Face): Promise<PDFFont[]> {
    const missing = missingCodePoints(
      text,
      face.fonts.map((f) => this.has(f)),
    );
    if (missing.length === 0 || !this.fallback) return face.fonts;
    const files = await this.fallback.forCodePoints(missing, face.weight);
    const extra = await Promise.all(
      files.map(({ key, bytes }) => {
        let font = this.embedded.get(key);
        if (!font) {
          font = this.pdf.embedFont(bytes, { subset: true });
          this.embedded.set(key, font);
        }
        return font;
      }),
    );
    return [...face.fonts, ...extra];
  }

  width(line: string, fonts: PDFFont[], size: number): number {
    const pieces = measurePieces(
      line,
      fonts.map((f) => this.has(f)),
    );
    return pieces.reduce((sum, piece) => sum + this.pieceWidth(fonts[piece.font]!, piece.text) * size, 0);
  }

  private pieceWidth(font: PDFFont, text: string) {
    let known = this.widths.get(font);
    if (!known) this.widths.set(font, (known = new Map()));
    let width = known.get(text);
    if (width === undefined) known.set(text, (width = font.widthOfTextAtSize(text, 1)));
    return width;
  }

  /** A paragraph's lines no wider than `width`, in reading order. */
  wrap(text: string, fonts: PDFFont[], size: number, width: number): string[] {
    return wrapWords(text, width, (line) => this.width(line, fonts, size));
  }

  /** Draws one line from `x`, its pieces left to right, for a paragraph read in `direction`. */
  drawLine(
    page: PDFPage,
    line: string,
    fonts: PDFFont[],
    at: { x: number; y: number; size: number; color: Color; direction: 'ltr' | 'rtl' },
  ) {
    let x = at.x;
    const pieces = visualPieces(
      line,
      fonts.map((f) => this.has(f)),
      bidi,
      at.direction,
    );
    for (const piece of pieces) {
      const font = fonts[piece.font]!;
      if (piece.text.trim()) page.drawText(piece.text, { x, y: at.y, size: at.size, font, color: at.color });
      x += this.pieceWidth(font, piece.text) * at.size;
    }
  }
}
