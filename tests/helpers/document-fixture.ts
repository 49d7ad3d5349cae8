// Documents with words in them, made in the test (decision 058): a picture of a typed paper and a PDF with one page
// of text layer and one scanned page. Small, so Tesseract reads them in well under a second.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A picture of a typed paper (white, black words), as a phone or a scanner would give it. */
export async function paperPicture(lines: string[]): Promise<Buffer> {
  const text = lines
    .map((line, i) => `<text x="30" y="${60 + i * 56}" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#111">${line}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="820" height="${40 + lines.length * 56}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A PDF whose first page has a text layer and whose second is only the picture of a paper (a scan). */
export async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Last will and testament of Rose Martin', { x: 50, y: 780, size: 16, font });
  const scan = await doc.embedJpg(await paperPicture(['The garden goes to my grandchildren', 'and the orchard to Anne']));
  // a small page (10 × 3 cm) keeps the 300-dpi rendering quick
  doc.addPage([283, 96]).drawImage(scan, { x: 0, y: 0, width: 283, height: 96 });
  return doc.save();
}
