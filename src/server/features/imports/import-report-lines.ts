// The lines of an import's report (what was skipped or refused, and why) as messages with values (decision 083).
//
// A report is written once, by the job, and read many times, perhaps after its owner has changed their language,
// perhaps by an heir who reads another one. So each line keeps its English (`reason`, what logs, tests and English
// readers see, as it always was) beside its sentence (`said`: message id and values), and is said again in the
// reader's language whenever the report is read. The report is a jsonb column: the sentence rides in it, with no
// new column; a report written before has no sentences and reads as its English.
import type { ImportJob, ImportReport } from '@shared/schemas/transfers';
import { EARLIEST_YEAR } from '@shared/limits';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { defineMessages } from '../../lib/define-messages';
import { inEnglish, sentence, sentenceIn, translateText, type Sentence } from '../../lib/i18n';

export const REPORT_LINES = defineMessages({
  sameFile: { id: 'imports.report.sameFile', defaultMessage: 'Already in your library (same file).' },
  kindNotKept: { id: 'imports.report.kindNotKept', defaultMessage: 'heirloom does not keep this kind of file.' },
  kindNotKeptHere: { id: 'imports.report.kindNotKeptHere', defaultMessage: 'heirloom does not keep this kind of file here.' },
  fileTooLarge: { id: 'imports.report.fileTooLarge', defaultMessage: 'The file is larger than heirloom keeps ({megabytes} MB).' },
  photoTooLarge: { id: 'imports.report.photoTooLarge', defaultMessage: 'The photo is larger than heirloom keeps ({megabytes} MB).' },
  videoTooLarge: { id: 'imports.report.videoTooLarge', defaultMessage: 'The video is larger than heirloom keeps ({megabytes} MB).' },
  missing: { id: 'imports.report.missing', defaultMessage: 'The file is missing from the archive.' },
  damaged: { id: 'imports.report.damaged', defaultMessage: 'The file differs from its checksum in heirloom.json (damaged).' },
  editedCopy: { id: 'imports.report.editedCopy', defaultMessage: 'An edited copy made by Google Photos (the original is imported).' },
  sidecarTooLarge: { id: 'imports.report.sidecarTooLarge', defaultMessage: 'The file is larger than Google writes; it was not used.' },
  sidecarNotJson: { id: 'imports.report.sidecarNotJson', defaultMessage: 'The file is not valid JSON; it was not used.' },
  photoWithout: { id: 'imports.report.photoWithout', defaultMessage: 'Not used (the photo was imported without it): {what}.' },
  albumWithout: { id: 'imports.report.albumWithout', defaultMessage: 'Not used (the album was imported without it): {what}.' },
  dateNotUsable: {
    id: 'imports.report.dateNotUsable',
    defaultMessage: 'the date taken is not a date between {earliest} and today',
  },
  titleNotText: { id: 'imports.report.titleNotText', defaultMessage: 'the title is not text' },
  descriptionNotText: { id: 'imports.report.descriptionNotText', defaultMessage: 'the description is not text' },
  notSidecar: { id: 'imports.report.notSidecar', defaultMessage: 'the file is not a Google Photos sidecar' },
  notAlbumDescription: { id: 'imports.report.notAlbumDescription', defaultMessage: 'the file is not a Google Photos album description' },
  placeNotOnEarth: { id: 'imports.report.placeNotOnEarth', defaultMessage: 'the place is not a place on Earth' },
  cleanedFields: {
    id: 'imports.report.cleanedFields',
    defaultMessage:
      '{count, plural, one {One text field} other {{shown} text fields}} held characters heirloom cannot store (the NUL character or a broken character); they were removed and the rest was imported.',
  },
  cleanedName: {
    id: 'imports.report.cleanedName',
    defaultMessage: 'This file name held characters heirloom cannot store; they were removed from the name.',
  },
  cleanedNames: {
    id: 'imports.report.cleanedNames',
    defaultMessage: 'This file name (and {more} more) held characters heirloom cannot store; they were removed from the name.',
  },
  personNotShown: {
    id: 'imports.report.personNotShown',
    defaultMessage: 'Not added: none of the photos this import added shows this person.',
  },
  ordinaryCollection: {
    id: 'imports.report.ordinaryCollection',
    defaultMessage: 'Kept as an ordinary collection: the person it showed is in none of the photos imported.',
  },
  hasProfilePicture: { id: 'imports.report.hasProfilePicture', defaultMessage: 'Your account already has a profile picture.' },
});

type LineValues = Record<string, string | number | Sentence>;
/** A report line: its message and values, which the report keeps as they are (so plain values only). */
export const line = (message: keyof typeof REPORT_LINES, values?: LineValues): Sentence => sentence(REPORT_LINES[message], values);

/** The reason of a report line: English text (another feature's marked text, a name from the archive) or a sentence. */
export type ReportReason = string | Sentence;

/** A report line as the report keeps it: the English, and the sentence to say it again in another language. */
export interface KeptLine {
  path: string;
  reason: string;
  said?: Sentence;
}

export const keptReason = (reason: ReportReason): Pick<KeptLine, 'reason' | 'said'> =>
  typeof reason === 'string' ? { reason } : { reason: inEnglish(reason), said: reason };

/** The earliest year a photo's date may have, as the date line says it (a year, not the number 1,800). */
export const dateNotUsable = () => line('dateNotUsable', { earliest: String(EARLIEST_YEAR) });

function lineIn(language: string, kept: KeptLine): { path: string; reason: string } {
  if (language === SOURCE_LANGUAGE) return { path: kept.path, reason: kept.reason };
  return { path: kept.path, reason: kept.said ? sentenceIn(language, kept.said) : translateText(language, kept.reason) };
}

/** A kept report in the reader's language (English exactly as it was written). */
export function reportIn(report: ImportReport | null, language: string): ImportReport | null {
  if (!report) return report;
  const list = ({ count, items }: ImportReport['skipped']) => ({ count, items: (items as KeptLine[]).map((i) => lineIn(language, i)) });
  return { ...report, skipped: list(report.skipped), refused: list(report.refused) };
}

/** An import as its owner reads it: the report's lines, and a failed import's error where it is a marked text. */
export const jobIn = (job: ImportJob, language: string): ImportJob => ({
  ...job,
  report: reportIn(job.report, language),
  error: job.error === null ? null : translateText(language, job.error),
});
