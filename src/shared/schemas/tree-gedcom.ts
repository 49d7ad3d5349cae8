// GEDCOM in and out of the family tree (issue 30, decision 061): an upload starts a background import whose
// report names the file's lines; the export is a file; imported persons who may already be in the tree wait as
// suggestions the owner accepts (merged) or rejects.
import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { importStatusSchema } from './transfers';
import { userText } from '../i18n/text';

/** The multipart field of POST /api/tree/gedcom. */
export const GEDCOM_FIELD = 'file';
/** Checked before a byte is read (decision 061: below the 100 MB a hostile file may have). */
export const GEDCOM_MAX_BYTES = 64 * 1024 * 1024;
/** The report keeps this many warnings; `count` is always the full number. */
export const GEDCOM_REPORT_LIMIT = 500;

export const GEDCOM_MESSAGES = {
  noFile: userText('Choose a GEDCOM file (.ged) to import.'),
  notGedcom: userText('This is not a GEDCOM file: it should begin with "0 HEAD".'),
  tooLarge: `This file is larger than ${GEDCOM_MAX_BYTES / (1024 * 1024)} MB, more than heirloom reads from a GEDCOM file.`,
  running: userText('A GEDCOM import is already running. Please wait until it has finished.'),
} as const;

export const gedcomVersionSchema = z.enum(['7.0', '5.5.1'], { error: userText('version must be 7.0 or 5.5.1') });
export const gedcomExportQuerySchema = z.object({ version: gedcomVersionSchema.default('7.0') });

export const gedcomReportSchema = z.object({
  personsAdded: z.number().int().nonnegative(),
  parentLinks: z.number().int().nonnegative(),
  partnerships: z.number().int().nonnegative(),
  /** Imported persons who may be someone already in the tree: GET /api/tree/gedcom/suggestions. */
  suggestions: z.number().int().nonnegative(),
  warnings: z.object({
    count: z.number().int().nonnegative(),
    items: z.array(z.object({ line: z.number().int().nonnegative(), message: z.string() })),
  }),
});

export const gedcomImportSchema = z.object({
  id: z.number().int(),
  status: importStatusSchema,
  fileName: z.string(),
  progress: z.object({ personsDone: z.number().int().nonnegative(), personsTotal: z.number().int().nonnegative() }),
  report: gedcomReportSchema.nullable(),
  /** Why the file was refused, with its line ("This line is not a GEDCOM line (line 12)"). */
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});

const suggestedPersonSchema = z.object({
  id: z.number().int(),
  givenNames: z.string(),
  surname: z.string(),
  birthSurname: z.string().nullable(),
  birthDate: z.string().nullable(),
  birthPlace: z.string().nullable(),
});

export const matchSuggestionSchema = z.object({
  id: z.number().int(),
  importId: z.number().int().nullable(),
  /** The person the file brought. */
  imported: suggestedPersonSchema,
  /** The person already in the tree they may be. */
  existing: suggestedPersonSchema,
});

export const matchDecisionSchema = z.object({
  /** accept: the imported person is merged into the existing one (their links move over); reject: both stay. */
  decision: z.enum(['accept', 'reject'], { error: userText('decision must be accept or reject') }),
});

export type GedcomVersion = z.infer<typeof gedcomVersionSchema>;
export type GedcomReport = z.infer<typeof gedcomReportSchema>;
export type GedcomImport = z.infer<typeof gedcomImportSchema>;
export type MatchSuggestion = z.infer<typeof matchSuggestionSchema>;
export type MatchDecision = z.infer<typeof matchDecisionSchema>['decision'];
