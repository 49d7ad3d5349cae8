// Yearly reachability (issue 32, decision 073): whether the addresses of the people named in a Legacy Plan still
// reach them.
import { z } from 'zod';

export const reachabilityStatusSchema = z.enum(['not-asked', 'pending', 'confirmed', 'unconfirmed', 'bounced']);

export const reachabilityEntrySchema = z.object({
  contactId: z.number().int(),
  name: z.string(),
  email: z.string(),
  heir: z.boolean(),
  verifier: z.boolean(),
  /**
   * `not-asked` (asked within the year after being named, or again after the address changed), `pending` (asked,
   * under 30 days), `confirmed`, `unconfirmed` (no click within 30 days: the address may be out of date),
   * `bounced` (the recipient's mail server refused it).
   */
  status: reachabilityStatusSchema,
  askedAt: z.string().nullable(),
  /** The last time this address was confirmed. */
  lastConfirmedAt: z.string().nullable(),
  /** Asked under 30 days ago, not confirmed yet (status `pending`). */
  pending: z.boolean(),
  /** The recipient's mail server refused the address at the last ask (status `bounced`). */
  bounced: z.boolean(),
});

export const reachabilitySchema = z.array(reachabilityEntrySchema);

export const reachabilityConfirmInputSchema = z.object({ token: z.string().min(1).max(200) });
export const reachabilityConfirmedSchema = z.object({ ownerName: z.string(), message: z.string() });

export type ReachabilityStatus = z.infer<typeof reachabilityStatusSchema>;
export type ReachabilityEntry = z.infer<typeof reachabilityEntrySchema>;
export type ReachabilityConfirmed = z.infer<typeof reachabilityConfirmedSchema>;
