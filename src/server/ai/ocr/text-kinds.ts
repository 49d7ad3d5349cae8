// Which vault documents have words heirloom can read (decision 058), and what reading one gives back: shared by
// the vault's job (features/vault/vault-text-queue.ts) and the text worker, without loading either reader.

/**
 * How a document's words are read: a PDF's text layer (scanned pages by OCR), a picture by OCR, plain text as is,
 * a Word or OpenDocument text from the XML inside its zip (ai/ocr/office-text.ts).
 */
export type TextKind = 'pdf' | 'picture' | 'heic' | 'text' | 'docx' | 'odt';

const KINDS: Record<string, TextKind> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'picture',
  'image/png': 'picture',
  'image/webp': 'picture',
  'image/gif': 'picture',
  'image/tiff': 'picture',
  // decoded by the app's HEIC worker first (lib/heic-decoder.ts), then read as a picture
  'image/heic': 'heic',
  'image/heif': 'heic',
  'text/plain': 'text',
  // recognised by their bytes (lib/uploads.ts: the zip's parts), never by the name
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
};

/** What a document keeps of its words: a long book's worth, and far below what PostgreSQL's search column holds. */
export const MAX_TEXT_CHARS = 100_000;

/** undefined: heirloom does not read the words of this type (a spreadsheet, a zip, a recording …). */
export const textKindOf = (mimeType: string): TextKind | undefined => KINDS[mimeType];

/** One document for the text worker: its file, or its bytes (a HEIC's picture, decoded by the HEIC worker). */
export interface TextSource {
  kind: Exclude<TextKind, 'heic'>;
  path?: string;
  bytes?: Uint8Array;
}

export type TextOutcome = { status: 'done'; text: string } | { status: 'failed'; reason: string };
