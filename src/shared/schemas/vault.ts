import { z } from 'zod';
import { MAX_TEXT_LENGTH, VAULT_FILE_MAX_BYTES } from '../limits';
import { isoDateTimeSchema } from './common';
import { pageSchema } from './paging';
import { userText } from '../i18n/text';

// spec §5 / §8: the vault's messages, shown exactly by the form and returned exactly by the server.
export const VAULT_MESSAGES = {
  selectFile: userText('Please select a file'),
  selectFileToUpload: userText('Please select a file to upload'),
  tooLarge: userText('File size must not exceed 15MB'),
  overQuota: userText('Upload would exceed total storage limit of 100MB'),
} as const;

/** A positive integer id sent as a multipart text field, e.g. "12". */
const numericIdField = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,9}$/, userText('memoryId must be a memory id'))
  .refine((v) => Number(v) <= 2_147_483_647, userText('memoryId must be a memory id'));

/** The text fields of POST /api/vault (multipart, so every value is a string). */
export const vaultUploadFieldsSchema = z.object({
  description: z.string().trim().max(MAX_TEXT_LENGTH, `Description must be at most ${MAX_TEXT_LENGTH} characters`).optional(),
  // spec §5: memoryId (number) optional; multipart sends it as a numeric string. An empty value means none.
  memoryId: z.union([z.literal(''), numericIdField]).optional(),
});

/** What the upload form needs from a picked file; structural, so shared stays free of DOM types. */
export interface PickedFile {
  name: string;
  size: number;
}

const isPickedFile = (v: unknown): v is PickedFile =>
  typeof v === 'object' && v !== null && typeof (v as PickedFile).size === 'number' && typeof (v as PickedFile).name === 'string';

/** spec §5: the vault upload form schema (file required, at most 15 MB; description optional). */
export const vaultUploadFormSchema = z.object({
  file: z
    .custom<PickedFile>(isPickedFile, VAULT_MESSAGES.selectFile)
    .refine((f) => f.size <= VAULT_FILE_MAX_BYTES, VAULT_MESSAGES.tooLarge),
  description: vaultUploadFieldsSchema.shape.description,
});

export const vaultFileSchema = z.object({
  id: z.number().int(),
  /** Where a kept item came from (“From Rose Martin’s legacy, released 2 May 2031”, decision 078); null for the owner’s own. */
  provenance: z.string().nullish(),
  memoryId: z.number().int().nullable(),
  /** The stored name (generated); the user's name is originalName. */
  fileName: z.string(),
  originalName: z.string(),
  fileSize: z.number().int().nonnegative(), // spec §3: vault_files.fileSize is an integer of bytes
  mimeType: z.string(),
  description: z.string().nullable(),
  uploadedAt: isoDateTimeSchema,
  lastAccessedAt: isoDateTimeSchema.nullable(),
});

/**
 * Reading a document's words (decision 058): 'pending' until its PDF text layer or OCR is done in the background,
 * 'failed' with a reason, 'unsupported' for a type heirloom does not read (a spreadsheet, a zip, a recording).
 */
export const VAULT_TEXT_STATUSES = ['pending', 'done', 'failed', 'unsupported'] as const;
export const vaultTextStatusSchema = z.enum(VAULT_TEXT_STATUSES);

/** GET /api/vault/:id/details: the document with the words read from it (lists leave them out). */
export const vaultFileDetailsSchema = vaultFileSchema.extend({
  /** What was read, possibly empty (a photo with no words in it); empty until done. */
  text: z.string(),
  /** 'off': this server does not read documents' words (DOCUMENT_TEXT=off); it reads them once it is on. */
  textStatus: z.enum([...VAULT_TEXT_STATUSES, 'off']),
  /** Why the words could not be read: set only when textStatus is 'failed'. */
  textError: z.string().nullable(),
});

/** GET /api/vault/page (issue 15): the documents a page at a time, in the list's order. */
export const vaultPageSchema = pageSchema(vaultFileSchema);

export const vaultUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});

export type VaultUploadFields = z.infer<typeof vaultUploadFieldsSchema>;
export type VaultUploadForm = z.infer<typeof vaultUploadFormSchema>;
export type VaultFile = z.infer<typeof vaultFileSchema>;
export type VaultFileDetails = z.infer<typeof vaultFileDetailsSchema>;
export type VaultTextStatus = z.infer<typeof vaultTextStatusSchema>;
export type VaultPage = z.infer<typeof vaultPageSchema>;
export type VaultUsage = z.infer<typeof vaultUsageSchema>;
