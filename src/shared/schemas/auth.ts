import { z } from 'zod';
import { userText } from '../i18n/text';
import { MAX_SHORT_TEXT_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { isoDateTimeSchema } from './common';

export const genderSchema = z.enum(['male', 'female', 'other']);

// spec §5: the password rules, each with its own message.
export const passwordSchema = z
  .string({ error: userText('Password must be at least 8 characters') })
  .min(PASSWORD_MIN_LENGTH, userText('Password must be at least 8 characters'))
  .max(256, userText('Password must be at most 256 characters'))
  .regex(/[A-Z]/, userText('Password must include at least one uppercase letter'))
  .regex(/[0-9]/, userText('Password must include at least one number'))
  .regex(/[^A-Za-z0-9]/, userText('Password must include at least one special character'));

const shortText = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(MAX_SHORT_TEXT_LENGTH, `Must be at most ${MAX_SHORT_TEXT_LENGTH} characters`);

export const optionalShortText = z
  .string()
  .trim()
  .max(MAX_SHORT_TEXT_LENGTH, `Must be at most ${MAX_SHORT_TEXT_LENGTH} characters`)
  .nullish();

// The browser offers its own calendar day as "today", which is UTC's tomorrow for hours east of Greenwich:
// the latest day allowed is the one already begun at UTC+14, so no one's today is refused.
const latestTodayOnEarth = () => new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A date of birth: a real calendar day between 1900-01-01 and today (the person's today). */
export const birthDateSchema = z.iso
  .date({ error: userText('Please enter a valid date') })
  .refine((d) => d >= '1900-01-01' && d <= latestTodayOnEarth(), userText('Please enter a valid date'));

export const INVITATION_INVALID = userText('This invitation has expired or has already been used. Please ask for a new one.');
/** The answer to a registration without a valid invitation (decision 048). */
export const REGISTRATION_BY_INVITATION = userText('Registration is by invitation.');
export const REGISTRATION_CLOSED = userText('Registration is closed.');
export const ACCOUNT_DISABLED = userText('This account has been disabled. Please ask the administrator of this heirloom.');

export const emailSchema = z
  .email({ error: userText('Please enter a valid email address') })
  .max(254, userText('Please enter a valid email address'));

export const registerInputSchema = z
  .object({
    firstName: shortText(userText('First name is required')),
    surname: shortText(userText('Surname is required')),
    email: emailSchema,
    dateOfBirth: birthDateSchema,
    mobileNumber: optionalShortText,
    password: passwordSchema,
    confirmPassword: z.string({ error: userText("Passwords don't match") }),
    gender: genderSchema.optional(),
    cityOfBirth: optionalShortText,
    address: optionalShortText,
    profilePicture: optionalShortText,
    /** The token of the invitation link (/register?invitation=…): required unless registration is open (decision 048). */
    invitation: z
      .string({ error: INVITATION_INVALID })
      .regex(/^[A-Za-z0-9_-]{43}$/, INVITATION_INVALID)
      .optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: userText("Passwords don't match"), path: ['confirmPassword'] });

export const loginInputSchema = z.object({
  email: z.email({ error: userText('Invalid email address') }).max(254, userText('Invalid email address')),
  password: z
    .string({ error: userText('Password is required') })
    .min(1, userText('Password is required'))
    .max(256, userText('Invalid email or password')),
});

export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  dateOfBirth: z.string(),
  mobileNumber: z.string().nullable(),
  isWaitlisted: z.boolean(),
  createdAt: isoDateTimeSchema,
  profilePicture: z.string().nullable(),
  cityOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  gender: genderSchema.nullable(),
  /** The current address was proven by a link sent to it. */
  emailVerified: z.boolean(),
  /** A new address waiting for its verification link to come back; the account keeps `email` until then. */
  pendingEmail: z.string().nullable(),
  /** The instance's administrator (decision 048): sees Settings → Members. */
  isAdministrator: z.boolean(),
  /** The language heirloom speaks to this account (decision 081); null follows the browser. */
  language: z.string().nullable(),
});

/** GET /api/setup: a fresh instance has no account yet, and / and /login offer to make the owner's. */
export const setupStatusSchema = z.object({ needsOwner: z.boolean() });

/** GET /api/invitations/:token: the address an invitation link was sent to, to fill the register form. */
export const invitationTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, INVITATION_INVALID),
});
export const invitationPreviewSchema = z.object({ email: z.string(), expiresAt: isoDateTimeSchema });

// Recovering an account (beyond the spec): links sent by e-mail carry a one-time token.
export const forgotPasswordInputSchema = z.object({ email: emailSchema });

/** Tokens are 256-bit random values, base64url: 43 characters. Anything else cannot be one. */
export const accountTokenSchema = z
  .string({ error: userText('This link is not valid. Please ask for a new one.') })
  .regex(/^[A-Za-z0-9_-]{43}$/, userText('This link is not valid. Please ask for a new one.'));

export const resetPasswordInputSchema = z
  .object({ token: accountTokenSchema, password: passwordSchema, confirmPassword: z.string({ error: userText("Passwords don't match") }) })
  .refine((v) => v.password === v.confirmPassword, { message: userText("Passwords don't match"), path: ['confirmPassword'] });

export const verifyEmailInputSchema = z.object({ token: accountTokenSchema });

export const authMessageSchema = z.object({ message: z.string() });

/** Always the same answer, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE = userText(
  'If an account exists for that address, we have sent it a link to reset the password. The link is valid for 1 hour.',
);
export const RESET_LINK_INVALID = userText('This reset link has expired or has already been used. Please ask for a new one.');
export const VERIFY_LINK_INVALID = userText('This verification link has expired or has already been used. Please ask for a new one.');

export type Gender = z.infer<typeof genderSchema>;
export type RegisterInput = z.infer<typeof registerInputSchema>;
export type LoginInput = z.infer<typeof loginInputSchema>;
export type User = z.infer<typeof userSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
export type SetupStatus = z.infer<typeof setupStatusSchema>;
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
