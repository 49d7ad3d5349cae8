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
  // parts of heirloom.json that do not follow the export format ({issue}: where, and the check's English words)
  planFormat: {
    id: 'imports.report.planFormat',
    defaultMessage: "Not imported: heirloom.json's Legacy Plan does not follow the export format ({issue}).",
  },
  personFormat: {
    id: 'imports.report.personFormat',
    defaultMessage: 'Not imported: this person does not follow the export format ({issue}).',
  },
  interviewsFormat: {
    id: 'imports.report.interviewsFormat',
    defaultMessage: "Not imported: heirloom.json's interviews do not follow the export format ({issue}).",
  },
  interviewFormat: {
    id: 'imports.report.interviewFormat',
    defaultMessage: 'Not imported: this interview does not follow the export format ({issue}).',
  },
  faceFormat: {
    id: 'imports.report.faceFormat',
    defaultMessage: 'A face in this photo was not imported: it does not follow the export format ({issue}).',
  },
  labelsFormat: {
    id: 'imports.report.labelsFormat',
    defaultMessage: "This photo's labels were not imported: they do not follow the export format ({issue}).",
  },
  // the Legacy Plan (decision 047)
  planReleased: {
    id: 'imports.report.planReleased',
    defaultMessage: 'Your Legacy Plan has been released, so the archive’s plan was not imported.',
  },
  letterFileTooLarge: { id: 'imports.report.letterFileTooLarge', defaultMessage: 'The file is larger than a letter can hold.' },
  damagedInArchive: { id: 'imports.report.damagedInArchive', defaultMessage: 'The file is damaged in the archive.' },
  heirContactMissing: {
    id: 'imports.report.heirContactMissing',
    defaultMessage: 'Not imported: the contact this heir is was not imported.',
  },
  heirWithoutEmail: {
    id: 'imports.report.heirWithoutEmail',
    defaultMessage: 'Not imported: an heir needs an e-mail address, and this contact has none.',
  },
  heirAlready: { id: 'imports.report.heirAlready', defaultMessage: 'Not imported: this contact is an heir already.' },
  keyCodeTaken: {
    id: 'imports.report.keyCodeTaken',
    defaultMessage:
      'This key code already belongs to an heir of another Legacy Plan on this server, so here it opens nothing. Sealed letters stay sealed to it; a new key code works here, but letters sealed for the old one must then be sealed again.',
  },
  letterHeirMissing: {
    id: 'imports.report.letterHeirMissing',
    defaultMessage: 'Not imported: the heir it was written to was not imported.',
  },
  letterBodyOrSealed: {
    id: 'imports.report.letterBodyOrSealed',
    defaultMessage: 'Not imported: a letter is either written (body) or sealed, not both or neither.',
  },
  sealedNotKept: {
    id: 'imports.report.sealedNotKept',
    defaultMessage: 'Not imported: the sealed letter is not one heirloom can keep ({issue}).',
  },
  sealedForOtherCode: {
    id: 'imports.report.sealedForOtherCode',
    defaultMessage: 'Not imported: the letter is sealed for a key code its heir does not hold.',
  },
  letterPhotosMissing: {
    id: 'imports.report.letterPhotosMissing',
    defaultMessage: 'Some of the letter’s photos were not imported; it shows the others.',
  },
  letterAudioOnly: {
    id: 'imports.report.letterAudioOnly',
    defaultMessage: 'Not imported: a letter carries voice recordings and audio files only.',
  },
  recordingsTooLarge: {
    id: 'imports.report.recordingsTooLarge',
    defaultMessage: 'Not imported: its recordings are larger than a letter can hold.',
  },
  notImportedBecause: { id: 'imports.report.notImportedBecause', defaultMessage: 'Not imported: {issue}.' },
  releaseHeirMissing: {
    id: 'imports.report.releaseHeirMissing',
    defaultMessage: 'Not imported: the heir it releases to was not imported.',
  },
  releaseTargetMissing: {
    id: 'imports.report.releaseTargetMissing',
    defaultMessage:
      'Not imported: the {kind, select, collection {collection} photo {photo} memory {memory} document {document} other {letter}} it releases is not in the archive, or was not imported.',
  },
  releaseLetterOtherHeir: {
    id: 'imports.report.releaseLetterOtherHeir',
    defaultMessage: 'Not imported: a letter is released only to the heir it was written to.',
  },
  releaseDateMissing: { id: 'imports.report.releaseDateMissing', defaultMessage: 'Not imported: a release on a date needs its date.' },
  releaseAgeMissing: {
    id: 'imports.report.releaseAgeMissing',
    defaultMessage: 'Not imported: a release at an age needs the age and the heir’s date of birth.',
  },
  verifierWithoutContact: {
    id: 'imports.report.verifierWithoutContact',
    defaultMessage: 'Not imported: a verifier needs an imported contact with an e-mail address.',
  },
  settingsKept: { id: 'imports.report.settingsKept', defaultMessage: 'Your Legacy Plan’s own settings were kept.' },
  tooManyVerifiers: { id: 'imports.report.tooManyVerifiers', defaultMessage: 'Not imported: a plan has at most {max} verifiers.' },
  verifiersWithoutSettings: {
    id: 'imports.report.verifiersWithoutSettings',
    defaultMessage: 'Not imported: verifiers belong to a plan’s settings, and the archive has none.',
  },
  settingsNotImported: {
    id: 'imports.report.settingsNotImported',
    defaultMessage: 'Not imported, and the verifiers with them: {issue}.',
  },
  // interviews (decision 066)
  interviewBroken: {
    id: 'imports.report.interviewBroken',
    defaultMessage: 'Not imported: this interview does not hold together ({wrong}).',
  },
  storytellerMissing: {
    id: 'imports.report.storytellerMissing',
    defaultMessage: 'Its storyteller’s contact was not imported: the interview keeps their name, without the contact.',
  },
  answersLost: {
    id: 'imports.report.answersLost',
    defaultMessage:
      '{count, plural, one {An answer’s memory was} other {{shown} answers’ memories were}} not imported: those questions stay answered, without their memory.',
  },
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
