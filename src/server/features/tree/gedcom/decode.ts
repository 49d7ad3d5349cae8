// Bytes to text (decision 061). The byte-order mark or the header's CHAR chooses; UTF-8 and UTF-16 are decoded
// strictly, so a broken byte is a clear error naming its line instead of a wrong name.
import { decodeAnsel } from './ansel';
import { sentence } from '../../../lib/i18n';
import { GedcomError, type ReportLine } from './gedcom-dataset';
import { GEDCOM_REFUSALS } from './gedcom-refusals';
import { userText } from '@shared/i18n/text';

export type GedcomEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'ansel' | 'windows-1252' | 'macintosh';

export interface DecodedGedcom {
  text: string;
  encoding: GedcomEncoding;
  report: ReportLine[];
}

/** The header is the first record; CHAR is found well within this many bytes. */
const HEADER_BYTES = 64 * 1024;

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

function charOfHeader(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_BYTES)).toString('latin1');
  // the header ends where the next record (a line starting with level 0 after HEAD) begins
  const match = /^[ \t]*1[ \t]+CHAR[ \t]+([^\r\n]*)/m.exec(head);
  return match ? match[1]!.trim().toUpperCase() : null;
}

function choose(bytes: Uint8Array): { encoding: GedcomEncoding; skip: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  // UTF-16 without a mark still starts with "0" of "0 HEAD"
  if (bytes[0] === 0x30 && bytes[1] === 0x00) return { encoding: 'utf-16le', skip: 0 };
  if (bytes[0] === 0x00 && bytes[1] === 0x30) return { encoding: 'utf-16be', skip: 0 };
  const char = charOfHeader(bytes);
  switch (char) {
    case null:
    case 'UTF-8':
    case 'UTF8':
    case 'ASCII':
    case 'UNICODE': // said by files that are UTF-8 all the same when they carry no byte-order mark
      return { encoding: 'utf-8', skip: 0 };
    case 'ANSEL':
      return { encoding: 'ansel', skip: 0 };
    case 'ANSI':
    case 'WINDOWS':
    case 'IBM WINDOWS':
    case 'CP1252':
    case 'WINDOWS-1252':
    case 'ISO-8859-1':
    case 'LATIN1':
      return { encoding: 'windows-1252', skip: 0 };
    case 'MACINTOSH':
      return { encoding: 'macintosh', skip: 0 };
    case 'IBMPC':
    case 'IBM DOS':
    case 'CP850':
      throw new GedcomError(sentence(GEDCOM_REFUSALS.dosCharacters));
    default:
      throw new GedcomError(sentence(GEDCOM_REFUSALS.unknownCharacters, { char }));
  }
}

// Node's TextDecoder reads windows-1252 as ISO-8859-1, so the 32 places where they differ are mapped here.
const CP1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!);
}

export function decodeGedcom(bytes: Uint8Array): DecodedGedcom {
  const { encoding, skip } = choose(bytes);
  const body = bytes.subarray(skip);
  if (encoding === 'ansel') {
    const { text, unknownOnLines } = decodeAnsel(body);
    const report = unknownOnLines
      .slice(0, 20)
      .map((line) => ({ line, message: userText('A character that is not ANSEL was replaced by �.') }));
    return { text, encoding, report };
  }
  if (encoding === 'windows-1252') return { text: decodeWindows1252(body), encoding, report: [] };
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
    return { text, encoding, report: [] };
  } catch {
    const loose = new TextDecoder(encoding).decode(body);
    const line = lineOf(loose, loose.indexOf('\ufffd'));
    const name = encoding === 'utf-8' ? 'UTF-8' : 'UTF-16';
    throw new GedcomError(sentence(GEDCOM_REFUSALS.invalidCharacters, { encoding: name }), line);
  }
}
