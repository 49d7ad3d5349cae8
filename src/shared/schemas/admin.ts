// Settings → Members (decision 048): what the instance's administrator sees and does. Only the administrator
// may call these routes; anyone else gets 403.
import { z } from 'zod';
import { emailSchema } from './auth';
import { isoDateTimeSchema } from './common';
import { userText } from '../i18n/text';

export const invitationInputSchema = z.object({ email: emailSchema });

/** An invitation not yet used: its link works until `expiresAt`. */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});

export const memberSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  createdAt: isoDateTimeSchema,
  isAdministrator: z.boolean(),
  disabled: z.boolean(),
  /** Everything the account stores, in bytes (the sums of its storage quota). */
  usedBytes: z.number().int(),
});

export const memberPatchSchema = z.object({ disabled: z.boolean({ error: userText('disabled must be true or false') }) });

/**
 * A person who asked to join on the landing page: still waiting, invited (an invitation not yet used), or
 * already a member.
 */
export const waitlistEntrySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: isoDateTimeSchema,
  status: z.enum(['waiting', 'invited', 'member']),
});

/** How the instance is set up: who may join, and the address links in mails and Legacy Kits point at. */
export const instanceSettingsSchema = z.object({
  registration: z.enum(['invitation', 'open', 'closed']),
  publicUrl: z.string(),
  /** false: PUBLIC_URL is not set and links point at localhost on the server's port. */
  publicUrlConfigured: z.boolean(),
  quotaBytes: z.number().int(),
});

export type InvitationInput = z.infer<typeof invitationInputSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type Member = z.infer<typeof memberSchema>;
export type MemberPatch = z.infer<typeof memberPatchSchema>;
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;
