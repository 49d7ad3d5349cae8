// Text to records (decision 061): one expression per line, a stack of the open structures, CONC/CONT joined into
// the value they continue. Every limit is checked as the line is read and named with its line number; nothing
// here recurses, so nesting costs only the stack's length (at most 100).
import { sentence } from '../../../lib/i18n';
import { GedcomError } from './gedcom-dataset';
import { GEDCOM_REFUSALS } from './gedcom-refusals';

export interface GedcomNode {
  tag: string;
  /** The record id without its @ signs, on level-0 records that have one. */
  xref: string | null;
  value: string;
  line: number;
  children: GedcomNode[];
}

export interface GedcomLimits {
  /** The upload limit; checked before any byte is decoded. */
  maxBytes: number;
  maxRecords: number;
  maxValueLength: number;
  maxLevel: number;
}

export const GEDCOM_LIMITS: GedcomLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxRecords: 500_000,
  maxValueLength: 1024 * 1024,
  maxLevel: 99,
};

const LINE = /^[ \t]*(\d{1,3})[ \t]+(?:@([^@\s][^@]*)@[ \t]+)?([A-Za-z0-9_]+)(?:[ \t]([^]*))?$/;

/** Splits the text into lines (CRLF, LF or CR ends) and builds the records; throws GedcomError. */
export function readGedcomLines(text: string, limits: GedcomLimits = GEDCOM_LIMITS): GedcomNode[] {
  const records: GedcomNode[] = [];
  const stack: GedcomNode[] = [];
  const ends = /\r\n|\r|\n/g;
  let start = 0;
  let lineNo = 0;
  while (start <= text.length) {
    const found = ends.exec(text);
    const end = found ? found.index : text.length;
    const raw = text.slice(start, end);
    start = found ? end + found[0].length : text.length + 1;
    lineNo++;
    if (raw.trim() === '') continue;
    const match = LINE.exec(raw);
    if (!match) throw new GedcomError(sentence(GEDCOM_REFUSALS.notALine), lineNo);
    const level = Number(match[1]);
    if (level > limits.maxLevel) throw new GedcomError(sentence(GEDCOM_REFUSALS.tooDeep, { max: String(limits.maxLevel) }), lineNo);
    if (level > stack.length)
      throw new GedcomError(sentence(GEDCOM_REFUSALS.skipsLevel, { level: String(level), previous: String(stack.length - 1) }), lineNo);
    const tag = match[3]!.toUpperCase();
    const value = match[4] ?? '';
    if (tag === 'CONC' || tag === 'CONT') {
      const target = level > 0 ? stack[level - 1] : undefined;
      if (!target || level !== stack.length) throw new GedcomError(sentence(GEDCOM_REFUSALS.nothingToContinue, { tag }), lineNo);
      target.value += tag === 'CONT' ? `\n${value}` : value;
      if (target.value.length > limits.maxValueLength)
        throw new GedcomError(sentence(GEDCOM_REFUSALS.valueTooLong, { max: String(limits.maxValueLength) }), lineNo);
      continue;
    }
    const node: GedcomNode = { tag, xref: level === 0 ? (match[2] ?? null) : null, value, line: lineNo, children: [] };
    stack.length = level;
    if (level === 0) {
      if (records.length >= limits.maxRecords)
        throw new GedcomError(sentence(GEDCOM_REFUSALS.tooManyRecords, { max: String(limits.maxRecords) }), lineNo);
      records.push(node);
    } else stack[level - 1]!.children.push(node);
    stack.push(node);
  }
  return records;
}
