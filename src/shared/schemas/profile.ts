import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from '../limits';
import { userText } from '../i18n/text';
import { birthDateSchema, genderSchema, optionalShortText } from './auth';

const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(MAX_SHORT_TEXT_LENGTH, `Must be at most ${MAX_SHORT_TEXT_LENGTH} characters`);

/**
 * spec §5 "Profile update": the registration fields minus email and password. PATCH semantics: a field that
 * is left out stays as it is; an optional field sent as '' or null is cleared. Unknown keys (email,
 * password, …) are stripped, never applied.
 */
export const profileInputSchema = z.object({
  firstName: requiredText(userText('First name is required')).optional(),
  surname: requiredText(userText('Surname is required')).optional(),
  dateOfBirth: birthDateSchema.optional(),
  mobileNumber: optionalShortText,
  cityOfBirth: optionalShortText,
  address: optionalShortText,
  gender: genderSchema.optional(),
});

/** spec §7: POST /api/user/profile-picture answers the new picture's URL. */
export const profilePictureResultSchema = z.object({ profilePicture: z.string() });

/** GET /api/user/profile-picture?v=<version>: the URL the user record hands out; any other value is revalidated. */
export const profilePictureQuerySchema = z.object({ v: z.string().max(64).optional() });

/** spec §5: jpeg, png, gif or webp (recognised by their bytes on the server). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export type ProfileInput = z.infer<typeof profileInputSchema>;
export type ProfilePictureResult = z.infer<typeof profilePictureResultSchema>;
