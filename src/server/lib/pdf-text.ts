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
  /** Words' widths at 1 pt by font: line breaking measures each word once per line it could end. */
  private readonly widths = new Map<string, Map<string, number>>();
  private readonly tokenWidths = new Map<string, number>();

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
      const known = new Map<number, boolean>();
      has = (cp) => {
        let yes = known.get(cp);
        if (yes === undefined) known.set(cp, (yes = font.hasGlyphForCodePoint(cp)));
        return yes;
      };
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

  /** A line's width: the sum of its words' and spaces' (pieces never cross a space), each measured once. */
  width(text: string, face: PdfFace, size: number): number {
    let sum = 0;
    for (const token of text.normalize('NFC').split(/(\s+)/)) if (token) sum += this.tokenWidth(token, face);
    return sum * size;
  }

  private tokenWidth(token: string, face: PdfFace) {
    const key = `${face.fonts.join(' ')}\u0000${token}`;
    let width = this.tokenWidths.get(key);
    if (width === undefined) {
      const fonts = this.fontsFor(token, face);
      const pieces = measurePieces(
        token,
        fonts.map((name) => this.has(name)),
      );
      width = pieces.reduce((sum, piece) => sum + this.pieceWidth(fonts[piece.font]!, piece.text), 0);
      this.tokenWidths.set(key, width);
    }
    return width;
  }

  private pieceWidth(name: string, text: string) {
    let known = this.widths.get(name);
    if (!known) this.widths.set(name, (known = new Map()));
    let width = known.get(text);
    if (width === undefined) known.set(text, (width = this.doc.font(name).fontSize(1).widthOfString(text)));
    return width;
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
    const widths = pieces.map((piece) => this.pieceWidth(fonts[piece.font]!, piece.text) * at.size);
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
