// heirloom.json, version 3 (decisions 028, 047, 066 and 067, docs/export-format.md): everything an archive holds, described
// once. The exporter writes it, the archive's own viewer reads it (as data.js), the importer checks an
// archive against it, and the JSON Schema placed beside it in every archive is generated from it — so a
// reader in 2055 needs neither heirloom nor this code to understand an export.
//
// Ids are the source instance's own ids: they tie items together inside one archive (a photo's memoryId,
// a collection's items) and mean nothing anywhere else. Every file is named by its path inside the archive.
import { z } from 'zod';
import { DATE_MARGIN_MAX, datePrecisionSchema } from './dates/date-precision';
import { MAX_SHORT_TEXT_LENGTH } from './limits';
import { faceBoxSchema, faceSourceSchema } from './schemas/people';
import { INTERVIEW_MAX_QUESTIONS } from './schemas/interviews';
import { isTimeZone } from './time-zone';

export const EXPORT_FORMAT = 'heirloom-export';
/**
 * Version 3 (decision 067) added how well dates are known: photos' `dateTakenPrecision` and `dateTakenMargin`,
 * memories' `eventDatePrecision` and `eventDateMargin`; an older archive's photo dates are read as exact, its
 * memories' as days. Version 2 added the owner's Legacy Plan (`legacyPlan`); version 1 archives are read as they are. Fields added
 * within a version (videos' `mediaType`, the people in the photos, the interviews) are optional: older archives lack them.
 */
export const EXPORT_FORMAT_VERSION = 3;
/** Every version an importer reads. */
const formatVersion = z.union([z.literal(1), z.literal(2), z.literal(EXPORT_FORMAT_VERSION)]);

/** Where each part of an archive lives (all paths use forward slashes and are relative to the archive's root). */
export const ARCHIVE_PATHS = {
  viewer: 'index.html',
  /** `window.HEIRLOOM_EXPORT = {…heirloom.json…};` — browsers refuse fetch() on file://, a script is allowed. */
  viewerData: 'viewer/data.js',
  viewerScript: 'viewer/viewer.js',
  metadata: 'heirloom.json',
  metadataSchema: 'heirloom.schema.json',
  manifest: 'manifest.json',
  contacts: 'contacts.vcf',
  /** The family tree as GEDCOM 7.0 (decision 061), when the account has one. */
  familyTree: 'family.ged',
  memories: 'memories/',
  originals: 'originals/',
  /** Small copies for the viewer's grid and browser-viewable copies of HEIC pictures: not originals. */
  previews: 'viewer/previews/',
  /** The Legacy Plan's letters: sealed ones as `.sealed.json`, a plain letter's recordings in a folder of its own. */
  legacyLetters: 'legacy/letters/',
} as const;

const id = z.number().int().positive();
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const isoDateTime = z.iso.datetime({ offset: true });
const calendarDate = z.iso.date();
const archivePath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..') && !p.includes('\\'), 'A relative path inside the archive');

/** An original file, exactly as it was uploaded, and how to check it. */
export const exportFileSchema = z.object({
  /** Path inside the archive, under originals/. */
  path: archivePath,
  /** The name it was uploaded with. */
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  sha256,
});

/** Browser-viewable copies the viewer uses (never needed to restore anything). */
const previewsSchema = z.object({
  /** A small picture for grids. */
  thumbnail: archivePath.nullable(),
  /** A picture any browser can show, when the original cannot be shown (HEIC), or a video's poster frame. */
  display: archivePath.nullable(),
  /**
   * A video's H.264/AAC MP4 copy that every current browser plays, when the original does not play everywhere
   * (HEVC, most MOV); absent or null otherwise. Added with videos (issue 16): older archives do not have it.
   */
  video: archivePath.nullable().optional(),
});

/**
 * A face in a photo (issue 29, within version 2): its box as fractions of the picture (x and y from the top-left corner, all
 * from 0 to 1, never of zero size), who it is, and where it came from: found by heirloom's model
 * (`detected`), named in the file's own metadata (`imported`) or drawn by the owner (`manual`). The model's
 * embeddings are never exported: they belong to the model, and a server that imports the archive computes its own.
 */
export const exportFaceSchema = z.object({
  box: faceBoxSchema,
  /** One of `people`; null for a face nobody has been named for yet. */
  personId: id.nullable(),
  source: faceSourceSchema,
});

/** A person in the photos (issue 29, within version 2): a name, or one of the contacts, or not yet named. */
export const exportPersonSchema = z.object({
  id,
  name: z.string().trim().max(MAX_SHORT_TEXT_LENGTH, `A name has at most ${MAX_SHORT_TEXT_LENGTH} characters`).nullable(),
  /** The contact this person is (one of `contacts`). */
  contactId: id.nullable(),
  /** Hidden by the owner (a stranger in the background): not listed, never suggested. */
  hidden: z.boolean(),
  /** Off: On This Day leaves out the photos this person is in. */
  onThisDay: z.boolean(),
});

export const exportPhotoSchema = exportFileSchema.extend({
  id,
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** When it was taken (from the picture's metadata or set by the owner). */
  dateTaken: isoDateTime.nullable(),
  /**
   * Version 3 (decision 067): how well dateTaken is known, null when undated; an approximate date is the start of
   * its period. Absent in older archives: read as 'exact' for a photo with a date.
   */
  dateTakenPrecision: datePrecisionSchema.nullable().optional(),
  /** Years either side of an 'about' date; null otherwise. */
  dateTakenMargin: z.number().int().min(0).max(DATE_MARGIN_MAX).nullable().optional(),
  /** The place as text; null when the archive leaves places out. */
  location: z.string().nullable(),
  cameraInfo: z.string().nullable(),
  tags: z.array(z.string()),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The memory this photo belongs to. */
  memoryId: id.nullable(),
  uploadedAt: isoDateTime,
  previews: previewsSchema,
  /** Issue 16: a picture or a video (the file is then the original video). Absent in archives made before videos. */
  mediaType: z.enum(['image', 'video']).optional(),
  /** A video's length in milliseconds; null for a picture or when the file does not say. */
  durationMs: z.number().int().nonnegative().nullable().optional(),
  /** Account archives: the faces in the photo. Absent in archives made before people (issue 29) and in share and heir archives. */
  faces: z.array(exportFaceSchema).optional(),
  /** Account archives: what heirloom's model saw in the picture (dog, boat, cake …), apart from the tags. */
  labels: z.array(z.string().max(MAX_SHORT_TEXT_LENGTH)).optional(),
});

export const exportAttachmentSchema = exportFileSchema.extend({
  id,
  uploadedAt: isoDateTime,
  previews: previewsSchema,
});

export const exportMemorySchema = z.object({
  id,
  title: z.string(),
  /** The text as written (plain text; line breaks are paragraphs). */
  content: z.string(),
  eventDate: calendarDate,
  /** Version 3 (decision 067): how well eventDate is known. Absent in older archives: read as 'day'. */
  eventDatePrecision: datePrecisionSchema.optional(),
  eventDateMargin: z.number().int().min(0).max(DATE_MARGIN_MAX).nullable().optional(),
  location: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** The same memory as Markdown with YAML front matter, under memories/. */
  markdown: archivePath,
  attachments: z.array(exportAttachmentSchema),
  /**
   * Account archives (within version 3): who told it, one of `contacts`, for a memory an interview's answer became
   * (decision 066); null when the owner told it. Absent in older archives and in share and heir archives.
   */
  storytellerContactId: id.nullable().optional(),
});

export const exportDocumentSchema = exportFileSchema.extend({
  id,
  description: z.string().nullable(),
  memoryId: id.nullable(),
  uploadedAt: isoDateTime,
  /**
   * Account archives (issue 29, within version 2): the words heirloom read from the document (decision 058), when
   * it has read them ('' when it found none). Absent when they were not read (a type heirloom does not read, or
   * not yet) and in older archives: an import then reads the document again.
   */
  text: z.string().optional(),
});

export const exportContactSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  birthday: calendarDate.nullable(),
  relationship: z.enum(['friend', 'family']),
  familyRelation: z.string().nullable(),
  notes: z.string().nullable(),
  /** The language heirloom writes to the contact in (null: the owner's); archives written before it lack it. */
  language: z.string().nullable().optional(),
});

export const exportCollectionItemSchema = z.object({ kind: z.enum(['photo', 'memory', 'document']), id });

export const exportCollectionSchema = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  coverPhotoId: id.nullable(),
  createdAt: isoDateTime,
  items: z.array(exportCollectionItemSchema),
  /** A person collection (issue 29): every photo of this one of `people`, found from the faces (no items listed). */
  personId: id.nullable().optional(),
});

export const exportOwnerSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  /** Left out of shared and heir archives. */
  email: z.string().nullable(),
  dateOfBirth: calendarDate.nullable(),
  cityOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  profilePicture: exportFileSchema.nullable(),
});

// year 0 is no year: PostgreSQL refuses it, so an archive that says so is refused before anything is stored
const notYearZero = (v: string) => !v.startsWith('0000');
const planDay = calendarDate.refine(notYearZero, 'Year 0 does not exist');
const planMoment = isoDateTime.refine(notYearZero, 'Year 0 does not exist');
const base64url43 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'A public key is 32 bytes in base64url');

/** An heir of the Legacy Plan: one of the contacts (their name and e-mail address are the contact's). */
export const exportHeirSchema = z.object({
  id,
  contactId: id,
  dateOfBirth: planDay.nullable(),
  /** The X25519 public key derived from the heir's key code (base64url); sealed letters are wrapped for it. */
  publicKey: base64url43.nullable(),
  keyCodeCreatedAt: planMoment.nullable(),
  /**
   * The key code's argon2id hash with the exporting server's salt (`legacyPlan.keyCodeSalt` names it): only
   * that server can use it. The key code itself is never stored anywhere.
   */
  keyCodeHash: z.string().min(1).max(200).nullable(),
});

/** A letter to one heir: written here (`body`), or sealed in the owner's browser (`sealed`). */
export const exportLetterSchema = z.object({
  id,
  heirId: id,
  title: z.string(),
  /** A plain letter's text; null for a sealed one. */
  body: z.string().nullable(),
  /** The photos a plain letter shows. */
  photoIds: z.array(id),
  /** A plain letter's voice recordings and audio files, as they were kept (under legacy/letters/). */
  attachments: z.array(exportFileSchema),
  /**
   * A sealed letter: its file holds the sealed object exactly as the owner's browser made it (ciphertext,
   * wrapped key, IVs, the ephemeral and the recipient public key); only the heir's key code opens it.
   */
  sealed: z.object({ recipientPublicKey: base64url43, file: exportFileSchema }).nullable(),
  createdAt: planMoment,
  updatedAt: planMoment,
});

/** What is handed to an heir, and when. Releases already made are not recorded: the plan is, as configured. */
export const exportReleaseSchema = z.object({
  id,
  heirId: id,
  condition: z.enum(['after-death', 'on-date', 'at-age', 'never']),
  target: z.object({ kind: z.enum(['collection', 'photo', 'memory', 'document', 'letter']), id }),
  /** on-date: the moment; at-age: the heir's birthday of that age. */
  releaseAt: planMoment.nullable(),
  /** at-age: the age. */
  age: z.number().int().min(1).max(120).nullable(),
  createdAt: planMoment,
  /** The heir sees who is in the photos (issue 29); left out by an older heirloom: no names. */
  includeNames: z.boolean().optional(),
});

/** The owner's Legacy Plan (account archives only; version 2). */
export const exportLegacyPlanSchema = z.object({
  /** The trigger's settings; null when the owner never saved them. */
  settings: z
    .object({
      checkInMonths: z.number().int(),
      /** The waiting time after death is confirmed, in days. */
      vetoDays: z.number().int(),
      verifiersRequired: z.number().int(),
    })
    .nullable(),
  /** The contacts who confirm a death. */
  verifiers: z.array(z.object({ contactId: id })),
  /** sha256 of the exporting server's key-code salt: tells an importer whether `keyCodeHash` means anything to it. */
  keyCodeSalt: sha256,
  heirs: z.array(exportHeirSchema),
  letters: z.array(exportLetterSchema),
  releases: z.array(exportReleaseSchema),
});

/**
 * A question of an interview (within version 3): its text as asked, where it came from, and what became of it.
 * `memoryId` is the memory its answer became (one of `memories`; null when unanswered or that memory was deleted).
 */
export const exportInterviewQuestionSchema = z.object({
  id,
  text: z.string().trim().min(1).max(MAX_SHORT_TEXT_LENGTH, `A question has at most ${MAX_SHORT_TEXT_LENGTH} characters`),
  /** The built-in library's theme and id, for a question taken from it; null for one of the owner's own. */
  theme: z.string().max(100).nullable(),
  libraryId: z.string().max(100).nullable(),
  /** 0-based: the order in which waiting questions are sent. */
  position: z.number().int().min(0).max(10_000),
  /** `waiting` (not sent yet), `sent` (asked, no answer yet), `answered` or `skipped` (by the storyteller). */
  status: z.enum(['waiting', 'sent', 'answered', 'skipped']),
  sentAt: isoDateTime.nullable(),
  answeredAt: isoDateTime.nullable(),
  /** Reminders mailed for it (0 to 2). */
  remindersSent: z.number().int().min(0).max(2),
  memoryId: id.nullable(),
  /** The answered question of the same interview this one follows up; null for none. */
  followUpOf: id.nullable(),
  createdAt: isoDateTime,
});

/**
 * An interview, "Ask the elders" (decision 066; account archives, within version 3): whom the owner asked, when
 * questions go out, and each question. The answer links are not here: a link is a secret of the server that
 * mailed it. Nor are the family's suggested questions.
 */
export const exportInterviewSchema = z.object({
  id,
  /** `owner`: the owner interviewed themself; `contact`: one of `contacts` (null when that contact was deleted). */
  storyteller: z.enum(['owner', 'contact']),
  contactId: id.nullable(),
  /** The storyteller's name as it was when the interview began (kept when the contact is gone). */
  storytellerName: z.string().trim().min(1).max(MAX_SHORT_TEXT_LENGTH),
  /** Once a week at this weekday (0 = Sunday) and hour in this IANA time zone; null: every question at once. */
  schedule: z
    .object({
      weekday: z.number().int().min(0).max(6),
      hour: z.number().int().min(0).max(23),
      timeZone: z.string().refine(isTimeZone, 'An IANA time zone such as Europe/Paris'),
    })
    .nullable(),
  /** As it was when exported: `active`, `paused`, `stopped` (for good) or `finished` (nothing left to ask). */
  status: z.enum(['active', 'paused', 'stopped', 'finished']),
  createdAt: isoDateTime,
  questions: z.array(exportInterviewQuestionSchema).max(INTERVIEW_MAX_QUESTIONS),
});

export const heirloomExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: formatVersion,
  exportedAt: isoDateTime,
  /** A whole account, what one share link shows, or what an heir received. */
  scope: z.enum(['account', 'shared', 'legacy']),
  /** What the viewer shows as the archive's name. */
  title: z.string(),
  /** Whether places (photo locations, memory places) were kept. */
  includesPlaces: z.boolean(),
  owner: exportOwnerSchema,
  photos: z.array(exportPhotoSchema),
  memories: z.array(exportMemorySchema),
  documents: z.array(exportDocumentSchema),
  contacts: z.array(exportContactSchema),
  collections: z.array(exportCollectionSchema),
  /** The owner's Legacy Plan: account archives from version 2 on. */
  legacyPlan: exportLegacyPlanSchema.optional(),
  /** The people in the photos: account archives since issue 29, absent before (their faces are in each photo's `faces`). */
  people: z.array(exportPersonSchema).optional(),
  /** The owner's interviews (decision 066): account archives, absent in archives made before them. */
  interviews: z.array(exportInterviewSchema).optional(),
});

/** manifest.json: every other file of the archive, so it can be checked with `sha256sum` years later. */
export const exportManifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: formatVersion,
  algorithm: z.literal('sha256'),
  files: z.array(z.object({ path: archivePath, size: z.number().int().nonnegative(), sha256 })),
});

export type HeirloomExport = z.infer<typeof heirloomExportSchema>;
export type ExportFile = z.infer<typeof exportFileSchema>;
export type ExportPhoto = z.infer<typeof exportPhotoSchema>;
export type ExportFace = z.infer<typeof exportFaceSchema>;
export type ExportPerson = z.infer<typeof exportPersonSchema>;
export type ExportMemory = z.infer<typeof exportMemorySchema>;
export type ExportAttachment = z.infer<typeof exportAttachmentSchema>;
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
export type ExportContact = z.infer<typeof exportContactSchema>;
export type ExportCollection = z.infer<typeof exportCollectionSchema>;
export type ExportManifest = z.infer<typeof exportManifestSchema>;
export type ExportLegacyPlan = z.infer<typeof exportLegacyPlanSchema>;
export type ExportHeir = z.infer<typeof exportHeirSchema>;
export type ExportLetter = z.infer<typeof exportLetterSchema>;
export type ExportRelease = z.infer<typeof exportReleaseSchema>;
export type ExportInterview = z.infer<typeof exportInterviewSchema>;
export type ExportInterviewQuestion = z.infer<typeof exportInterviewQuestionSchema>;
