import { z } from 'zod';
import { linkInputSchema, type LinkInput } from '@shared/schemas/sharing';
import { expiryFromDay } from './expiry';

/** What the two link dialogs hold: a contact (personal links), a password (public links) and the options both have. */
export type LinkForm = { contactId: number | null; password: string; expiresOn: string; includePlaces: boolean; includeNames: boolean };
export const EMPTY_LINK_FORM: LinkForm = { contactId: null, password: '', expiresOn: '', includePlaces: false, includeNames: false };

export function linkInputOf(kind: LinkInput['kind'], form: LinkForm): LinkInput {
  return {
    kind,
    ...(form.contactId !== null && { contactId: form.contactId }),
    ...(kind === 'public' && { password: form.password === '' ? null : form.password }),
    expiresAt: expiryFromDay(form.expiresOn),
    includePlaces: form.includePlaces,
    includeNames: form.includeNames,
  };
}

const FIELD_OF: Record<string, keyof LinkForm> = { contactId: 'contactId', password: 'password', expiresAt: 'expiresOn' };

/** The form checked by the shared linkInputSchema, each of its messages put on the field it is about. */
export const linkFormSchema = (kind: LinkInput['kind']) =>
  z
    .object({
      contactId: z.number().nullable(),
      password: z.string(),
      expiresOn: z.string(),
      includePlaces: z.boolean(),
      includeNames: z.boolean(),
    })
    .superRefine((form, ctx) => {
      const parsed = linkInputSchema.safeParse(linkInputOf(kind, form));
      for (const issue of parsed.error?.issues ?? [])
        ctx.addIssue({ code: 'custom', path: [FIELD_OF[String(issue.path[0])] ?? 'root'], message: issue.message });
    });
