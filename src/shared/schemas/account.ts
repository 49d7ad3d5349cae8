// Account control (Settings → Account and Profile), beyond the spec: password, address, sessions, deletion
// and the storage the account uses.
import { z } from 'zod';
import { userText } from '../i18n/text';
import { LANGUAGE_TAG } from '../i18n/languages';
import { emailSchema, passwordSchema } from './auth';

export const passwordChangeInputSchema = z
  .object({
    currentPassword: z
      .string({ error: userText('Please enter your current password') })
      .min(1, userText('Please enter your current password'))
      .max(256, userText('Your current password is incorrect.')),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: userText("Passwords don't match") }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: userText("Passwords don't match"), path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: userText('Please choose a new password that is different from your current one'),
    path: ['newPassword'],
  });

export const accountDeletionInputSchema = z.object({
  password: z
    .string({ error: userText('Please enter your password to confirm') })
    .min(1, userText('Please enter your password to confirm'))
    .max(256, userText('The password is incorrect.')),
});

export const accountMessageSchema = z.object({ message: z.string() });

/** A new address takes effect only when the link sent to it comes back (POST /api/email/verify). */
export const emailChangeInputSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: userText('Please enter your password to confirm') })
    .min(1, userText('Please enter your password to confirm'))
    .max(256, userText('The password is incorrect.')),
});

export const storageKindSchema = z.enum(['photos', 'attachments', 'vault', 'profile']);

/** GET /api/user/storage: everything the account stores, against its quota (STORAGE_QUOTA_MB). */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  byKind: z.object({ photos: z.number().int(), attachments: z.number().int(), vault: z.number().int(), profile: z.number().int() }),
});

export type PasswordChangeInput = z.infer<typeof passwordChangeInputSchema>;
export type AccountDeletionInput = z.infer<typeof accountDeletionInputSchema>;
export type EmailChangeInput = z.infer<typeof emailChangeInputSchema>;
export type StorageKind = z.infer<typeof storageKindSchema>;
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** PUT /api/user/language: the language heirloom speaks to this account; null follows the browser again. */
export const languageInputSchema = z.object({
  language: z.string().max(35).regex(LANGUAGE_TAG, userText('Please choose one of the languages offered')).nullable(),
});
export type LanguageInput = z.infer<typeof languageInputSchema>;
