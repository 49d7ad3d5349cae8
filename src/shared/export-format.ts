// heirloom.json, version 1 (decision 028, docs/export-format.md): everything an archive holds, described
// once. The exporter writes it, the archive's own viewer reads it (as data.js), the importer checks an
// archive against it, and the JSON Schema placed beside it in every archive is generated from it — so a
// reader in 2055 needs neither heirloom nor this code to understand an export.
//
// Ids are the source instance's own ids: they tie items together inside one archive (a photo's memoryId,
// a collection's items) and mean nothing anywhere else. Every file is named by its path inside the archive.
import { z } from 'zod';

export const EXPORT_FORMAT = 'heirloom-export';
export const EXPORT_FORMAT_VERSION = 1;

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
  memories: 'memories/',
  originals: 'originals/',
  /** Small copies for the viewer's grid and browser-viewable copies of HEIC pictures: not originals. */
  previews: 'viewer/previews/',
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

export const exportPhotoSchema = exportFileSchema.extend({
  id,
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** When it was taken (from the picture's metadata or set by the owner). */
  dateTaken: isoDateTime.nullable(),
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
  location: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** The same memory as Markdown with YAML front matter, under memories/. */
  markdown: archivePath,
  attachments: z.array(exportAttachmentSchema),
});

export const exportDocumentSchema = exportFileSchema.extend({
  id,
  description: z.string().nullable(),
  memoryId: id.nullable(),
  uploadedAt: isoDateTime,
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
});

export const exportCollectionItemSchema = z.object({ kind: z.enum(['photo', 'memory', 'document']), id });

export const exportCollectionSchema = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  coverPhotoId: id.nullable(),
  createdAt: isoDateTime,
  items: z.array(exportCollectionItemSchema),
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

export const heirloomExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_FORMAT_VERSION),
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
});

/** manifest.json: every other file of the archive, so it can be checked with `sha256sum` years later. */
export const exportManifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_FORMAT_VERSION),
  algorithm: z.literal('sha256'),
  files: z.array(z.object({ path: archivePath, size: z.number().int().nonnegative(), sha256 })),
});

export type HeirloomExport = z.infer<typeof heirloomExportSchema>;
export type ExportFile = z.infer<typeof exportFileSchema>;
export type ExportPhoto = z.infer<typeof exportPhotoSchema>;
export type ExportMemory = z.infer<typeof exportMemorySchema>;
export type ExportAttachment = z.infer<typeof exportAttachmentSchema>;
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
export type ExportContact = z.infer<typeof exportContactSchema>;
export type ExportCollection = z.infer<typeof exportCollectionSchema>;
export type ExportManifest = z.infer<typeof exportManifestSchema>;
