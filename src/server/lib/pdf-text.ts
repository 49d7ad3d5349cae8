// Text in pdfkit documents, so that every name prints as it is written (decision 079): each line is cut into
// pieces by the font that has their glyphs (the face's own fonts, then CJK slices registered only when a text
// needs them) and ordered for right-to-left names by the shared text-runs module.
import { type HasGlyph, measurePieces, missingCodePoints, paragraphDirection, visualPieces } from '@shared/pdf/text-runs';
import { bidi, cjkFontFiles } from './pdf-fonts';

/** A typeface: its registered fonts in order of preference, and the weight of the CJK fallback it takes. */
export interface PdfFace {
  fonts: string[];
  weight: 400 | 700;
}

/** What pdfkit's current font is underneath: fontkit's font and its ascender (per 1000 units). */
interface EmbeddedFont {
  font: { hasGlyphForCodePoint(codePoint: number): boolean };
  ascender: number;
}

export class PdfKitText {
  private readonly glyphs = new Map<string, HasGlyph>();
  private readonly ascenders = new Map<string, number>();
  private readonly registered = new Set<string>();

  /** `fonts`: name → file of every font the faces name, registered in `doc`. */
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    fonts: Record<string, string>,
  ) {
    for (const [name, file] of Object.entries(fonts)) this.register(name, file);
  }

  private register(name: string, file: string) {
    if (this.registered.has(name)) return;
    this.doc.registerFont(name, file);
    this.registered.add(name);
  }

  /** pdfkit keeps fontkit's font on its own; reading it spares a second parse of each font file. */
  private embedded(name: string): EmbeddedFont {
    this.doc.font(name);
    return (this.doc as unknown as { _font: EmbeddedFont })._font;
  }

  private has(name: string): HasGlyph {
    let has = this.glyphs.get(name);
    if (!has) {
      const { font } = this.embedded(name);
      has = (cp) => font.hasGlyphForCodePoint(cp);
      this.glyphs.set(name, has);
    }
    return has;
  }

  private ascender(name: string): number {
    let ascender = this.ascenders.get(name);
    if (ascender === undefined) this.ascenders.set(name, (ascender = this.embedded(name).ascender));
    return ascender;
  }

  /** The fonts that print `text` in `face`: its own, then the CJK slices for the characters they lack. */
  fontsFor(text: string, face: PdfFace): string[] {
    const missing = missingCodePoints(
      text,
      face.fonts.map((name) => this.has(name)),
    );
    const extra = cjkFontFiles(missing, face.weight);
    for (const { key, file } of extra) this.register(key, file);
    return [...face.fonts, ...extra.map((f) => f.key)];
  }

  width(text: string, face: PdfFace, size: number): number {
    const fonts = this.fontsFor(text, face);
    const pieces = measurePieces(
      text,
      fonts.map((name) => this.has(name)),
    );
    return pieces.reduce((sum, piece) => sum + this.doc.font(fonts[piece.font]!).fontSize(size).widthOfString(piece.text), 0);
  }

  /**
   * Draws one line with its top at `y` (as pdfkit places text), every piece on the face's baseline; aligned in
   * `width` when given (a right-to-left line with no alignment of its own goes to the right).
   */
  drawLine(text: string, face: PdfFace, at: { x: number; y: number; size: number; width?: number; align?: 'left' | 'center' | 'right' }) {
    const fonts = this.fontsFor(text, face);
    const direction = paragraphDirection(text);
    const pieces = visualPieces(
      text,
      fonts.map((name) => this.has(name)),
      bidi,
      direction,
    );
    const widths = pieces.map((piece) => this.doc.font(fonts[piece.font]!).fontSize(at.size).widthOfString(piece.text));
    const total = widths.reduce((a, b) => a + b, 0);
    const align = at.align ?? (direction === 'rtl' ? 'right' : 'left');
    let x = at.x;
    if (at.width !== undefined && align === 'center') x += (at.width - total) / 2;
    if (at.width !== undefined && align === 'right') x += at.width - total;
    const baseline = at.y + (this.ascender(face.fonts[0]!) / 1000) * at.size;
    pieces.forEach((piece, i) => {
      if (piece.text.trim()) {
        this.doc.font(fonts[piece.font]!).fontSize(at.size);
        this.doc.text(piece.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      }
      x += widths[i]!;
    });
  }
}
