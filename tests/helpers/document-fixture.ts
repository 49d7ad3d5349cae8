// Documents with words in them, made in the test (decision 058): a picture of a typed paper and a PDF with one page
// of text layer and one scanned page (small, so Tesseract reads them in well under a second), and Word and
// OpenDocument files written as zips of their XML.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import yazl from 'yazl';

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

/** A zip of these entries, written with yazl as an office suite writes one (the first entry stored, the rest deflated). */
export async function officeZip(entries: Array<[name: string, content: string | Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  entries.forEach(([name, content], i) => zip.addBuffer(Buffer.from(content), name, { compress: i > 0 }));
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const DOCX_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A real, minimal Word document (.docx): one paragraph of runs per line, as Word writes them. */
export function docx(paragraphs: string[], extra: Array<[string, string | Buffer]> = []): Promise<Buffer> {
  const body = paragraphs
    .map((line) => {
      const [first, ...rest] = line.split(' ');
      // a line in two runs, as Word splits them at a change of spelling check or format
      return `<w:p><w:r><w:t>${esc(first!)}</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve"> ${esc(rest.join(' '))}</w:t></w:r></w:p>`;
    })
    .join('');
  return officeZip([
    ['[Content_Types].xml', DOCX_CONTENT_TYPES],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/document.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${body}</w:body></w:document>`,
    ],
    ...extra,
  ]);
}

/** A real, minimal OpenDocument text (.odt): a heading, then paragraphs with the spaces and tabs ODF writes as elements. */
export function odt(heading: string, paragraphs: string[]): Promise<Buffer> {
  const body = paragraphs
    .map((line) => `<text:p text:style-name="Standard">${esc(line).replace(/ {2}/g, ' <text:s/>').replace(/\t/g, '<text:tab/>')}</text:p>`)
    .join('');
  return officeZip([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    [
      'content.xml',
      '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3">' +
        `<office:body><office:text><text:h text:outline-level="1">${esc(heading)}</text:h>${body}` +
        '<text:p><office:annotation><dc:creator>Reviewer</dc:creator><text:p>a comment</text:p></office:annotation></text:p>' +
        '</office:text></office:body></office:document-content>',
    ],
    [
      'META-INF/manifest.xml',
      '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>' +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    ],
  ]);
}
