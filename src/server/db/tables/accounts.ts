import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { genderEnum, accountTokenPurposeEnum } from './enums';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    mobileNumber: text('mobile_number'),
    password: text('password').notNull(),
    isWaitlisted: boolean('is_waitlisted').default(false).notNull(),
    createdAt: createdAt(),
    /** Storage key of the re-encoded picture; the public URL is derived from it. */
    profilePicture: text('profile_picture'),
    cityOfBirth: text('city_of_birth'),
    address: text('address'),
    gender: genderEnum('gender'),
    /** When the current address was proven by a link sent to it; null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for and not yet verified; `email` stays the sign-in address until it is. */
    pendingEmail: text('pending_email'),
    /** Bytes of the stored profile picture (counts toward the storage quota). */
    profilePictureSize: bigint('profile_picture_size', { mode: 'number' }).default(0).notNull(),
    /** The instance's administrator (decision 048): the first account; it invites and disables members. */
    isAdministrator: boolean('is_administrator').default(false).notNull(),
    /** Set by the administrator: no sign-in and no session; the account's data, links and Legacy Plan stay. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Face recognition in this account's photos (issue 29): on unless the owner turned it off in Settings. */
    facesEnabled: boolean('faces_enabled').default(true).notNull(),
    /** The weekly mail of the family's dates (issue 30): off unless the owner switches it on in Settings. */
    familyDatesDigest: boolean('family_dates_digest').default(false).notNull(),
    /** The owner's IANA zone, sent by their browser when they switch the digest on: whose Monday the mail waits for. */
    familyDatesTimeZone: text('family_dates_time_zone'),
    /** The Monday of the last week whose digest was sent: never two mails for one week. */
    familyDatesSentWeek: date('family_dates_sent_week'),
    /** The language heirloom speaks to this account (issue 33): 'de', 'es', ...; null follows the browser. */
    language: text('language'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // one administrator: two first accounts made at the same moment cannot both become it
    uniqueIndex('users_one_administrator_idx')
      .on(t.isAdministrator)
      .where(sql`${t.isAdministrator}`),
  ],
);

/**
 * An invitation to make an account (decision 048), mailed as a link holding a one-time token: only its sha256
 * is stored. Used once (`acceptedAt`), until `expiresAt`; withdrawing one deletes it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invitations_token_hash_idx').on(t.tokenHash), index('invitations_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the cookie token: a stolen database cannot be replayed as cookies. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const waitlist = pgTable(
  'waitlist',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_email_lower_idx').on(sql`lower(${t.email})`)],
);

/**
 * One-time links sent by e-mail (password reset, address verification). Only the sha256 of the token is
 * stored; `email` is the address the link was sent to, so verifying a new address changes the account's
 * address only when the link comes back.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_tokens_token_hash_idx').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Failed password checks (decision 024, shared by every instance since 043): `address` '' is the account
 * as a whole, any other row is one (account, client address) pair. `counting_since` marks when the current
 * count began (a success takes its attempt back only from the same count); `trusted_at` is when the pair
 * last signed in successfully. Rows are purged once they no longer matter (features/auth/login-throttle.ts).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').default(0).notNull(),
    countingSince: timestamp('counting_since', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    trustedAt: timestamp('trusted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);
