// The words of Word (.docx) and OpenDocument text (.odt) files (decision 058), inside the text worker thread. Both
// are zips of XML. The zip is read with yauzl first, and only the XML parts, each bounded, leave it: a zip bomb or
// a zip that is not such a document ends 'failed' with a reason, never with the worker's memory. A .docx is then
// read by mammoth (from a zip rebuilt of the checked parts only, stored without compression, so mammoth inflates
// nothing heirloom has not measured); an .odt's content.xml is read with @xmldom/xmldom.
import { DOMParser } from '@xmldom/xmldom';
import mammoth from 'mammoth';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { TextOutcome } from './text-kinds';

const MB = 1024 * 1024;
/** Entries in one document's zip: a long report with many pictures has a few hundred. */
export const MAX_ZIP_ENTRIES = 5_000;
/** One XML part, unpacked: a book's worth of text with all its markup is a few MB. */
export const MAX_PART_BYTES = 32 * MB;
/** All XML parts read from one document, unpacked. */
export const MAX_PARTS_BYTES = 64 * MB;
/** The words kept are cut later (MAX_TEXT_CHARS); an .odt's walk stops well past that. */
const MAX_WALK_CHARS = 200_000;

export const OFFICE_REASONS = {
  docx: 'This Word document is damaged, so heirloom could not read its words.',
  odt: 'This OpenDocument text is damaged, so heirloom could not read its words.',
  tooLarge: 'This document unpacks to far more than any real document, so heirloom did not read its words.',
} as const;

const ODT_MIME = 'application/vnd.oasis.opendocument.text';
const TEXT_NS = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const OFFICE_NS = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';

class TooLarge extends Error {}
class Damaged extends Error {}

const openZip = (bytes: Uint8Array) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(new Damaged(err?.message ?? 'not a zip')) : resolve(zip),
    );
  });

/**
 * The unpacked bytes of the entries `wanted` picks (the first of a name only), each and all bounded. An entry that
 * inflates past the size it declared is an error (yauzl's validateEntrySizes), so no declared size can lie.
 */
async function readParts(bytes: Uint8Array, wanted: (name: string) => boolean): Promise<Map<string, Buffer>> {
  const zip = await openZip(bytes);
  const parts = new Map<string, Buffer>();
  let entries = 0;
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => reject(new Damaged(err.message)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > MAX_ZIP_ENTRIES) return reject(new TooLarge());
        const name = entry.fileName;
        if (name.endsWith('/') || parts.has(name) || !wanted(name)) return zip.readEntry();
        if (entry.uncompressedSize > MAX_PART_BYTES || total + entry.uncompressedSize > MAX_PARTS_BYTES) return reject(new TooLarge());
        total += entry.uncompressedSize;
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new Damaged(err?.message ?? 'unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', (streamErr: Error) => reject(new Damaged(streamErr.message)));
          stream.on('end', () => {
            parts.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return parts;
}

/** A zip of these parts as they are (stored, not compressed), for mammoth. */
async function storedZip(parts: Map<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of parts) zip.addBuffer(content, name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

async function readDocx(bytes: Uint8Array): Promise<string> {
  const parts = await readParts(bytes, isXmlPart);
  // the package's own index of its parts: without it, it is some other zip
  if (!parts.has('[Content_Types].xml') || !parts.has('_rels/.rels')) throw new Damaged('not a Word document');
  try {
    const { value } = await mammoth.extractRawText({ buffer: await storedZip(parts) });
    return value;
  } catch (err) {
    throw new Damaged(err instanceof Error ? err.message : String(err));
  }
}

/** An .odt's words: its paragraphs and headings, in order, with their spaces, tabs and line breaks. */
export function odtContentText(xml: string): string {
  let broken = false;
  const parser = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: () => {},
      fatalError: () => {
        broken = true;
      },
    },
  });
  const document = parser.parseFromString(xml, 'text/xml');
  const body = document?.documentElement ? document.getElementsByTagNameNS(OFFICE_NS, 'body')[0] : undefined;
  if (broken || !body) throw new Damaged('content.xml is not an OpenDocument body');
  let text = '';
  // walked with a stack of its own: a crafted file nested a million deep does not overflow the call stack
  const stack: Array<Node | string> = [body];
  while (stack.length > 0 && text.length < MAX_WALK_CHARS) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      text += item;
      continue;
    }
    if (item.nodeType === 3 || item.nodeType === 4) {
      text += (item as CharacterData).data;
      continue;
    }
    if (item.nodeType !== 1) continue;
    const element = item as Element;
    if (element.namespaceURI === OFFICE_NS && element.localName === 'annotation') continue; // a comment, with its author
    if (element.namespaceURI === TEXT_NS) {
      switch (element.localName) {
        case 's': {
          const count = Math.min(Math.max(Number(element.getAttributeNS(TEXT_NS, 'c')) || 1, 1), 100);
          text += ' '.repeat(count);
          continue;
        }
        case 'tab':
          text += '\t';
          continue;
        case 'line-break':
          text += '\n';
          continue;
        case 'tracked-changes': // deleted text kept for a review, not the document's words
          continue;
        case 'p':
        case 'h':
          stack.push('\n\n');
          break;
      }
    }
    for (let child = element.lastChild; child; child = child.previousSibling) stack.push(child);
  }
  return text;
}

async function readOdt(bytes: Uint8Array): Promise<string> {
  const parts = await readParts(bytes, (name) => name === 'mimetype' || name === 'content.xml');
  if (parts.get('mimetype')?.toString('latin1').trim() !== ODT_MIME) throw new Damaged('not an OpenDocument text');
  const content = parts.get('content.xml');
  if (!content) throw new Damaged('no content.xml');
  return odtContentText(new TextDecoder('utf-8').decode(content));
}

/** The words of a .docx or .odt, or why they cannot be read; never throws for a bad file. */
export async function readOfficeText(kind: 'docx' | 'odt', bytes: Uint8Array): Promise<TextOutcome> {
  try {
    return { status: 'done', text: kind === 'docx' ? await readDocx(bytes) : await readOdt(bytes) };
  } catch (err) {
    if (err instanceof TooLarge) return { status: 'failed', reason: OFFICE_REASONS.tooLarge };
    return { status: 'failed', reason: OFFICE_REASONS[kind] };
  }
}
