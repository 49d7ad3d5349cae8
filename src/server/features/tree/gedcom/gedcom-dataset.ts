// What a GEDCOM file means to heirloom, between the file and the tables: persons and links named by the file's
// record ids, with a report of what was left out or changed and on which line.
import type { TreeSex } from '@shared/schemas/tree';
import { inEnglish, sentence, type Sentence } from '../../../lib/i18n';
import { GEDCOM_REFUSALS } from './gedcom-refusals';

export interface GedcomEvent {
  date: string | null;
  place: string | null;
}

export interface GedcomPerson {
  /** The record id in the file, without its @ signs ("I12"). */
  ref: string;
  givenNames: string;
  surname: string;
  birthSurname: string | null;
  sex: TreeSex;
  gender: string | null;
  birth: GedcomEvent | null;
  /** null: no death recorded. */
  death: GedcomEvent | null;
  note: string | null;
}

export type GedcomRelation =
  | { kind: 'parent'; fromRef: string; toRef: string; type: 'birth' | 'adoptive' | 'step' | 'foster' }
  | {
      kind: 'partner';
      fromRef: string;
      toRef: string;
      type: 'married' | 'partners';
      start: string | null;
      end: string | null;
      endReason: 'divorce' | 'separation' | 'death' | null;
    };

export interface ReportLine {
  /** The file's line the message is about; 0 for the file as a whole. */
  line: number;
  message: string;
}

export interface GedcomDataset {
  persons: GedcomPerson[];
  relations: GedcomRelation[];
  report: ReportLine[];
}

/**
 * A file heirloom refuses to read, with the line where it stopped (0: the file as a whole). `message` is the
 * English; `sentence` the same in any reader's language (kept with the import).
 */
export class GedcomError extends Error {
  readonly sentence: Sentence;

  constructor(
    refusal: Sentence,
    readonly line = 0,
  ) {
    // The line as digits, the way the English has always written it (line 12345, not 12,345).
    const said = line > 0 ? sentence(GEDCOM_REFUSALS.atLine, { refusal, line: String(line) }) : refusal;
    super(inEnglish(said));
    this.name = 'GedcomError';
    this.sentence = said;
  }
}
