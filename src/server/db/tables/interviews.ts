// Interviews, "Ask the elders" (decision 066): the owner's questions to a storyteller, mailed one a week with a
// personal answer link (only its sha256 kept), and the family's suggested questions.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { contacts, memories } from './library';

export const interviews = pgTable(
  'interviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null: the owner themself (or the contact was deleted: `storyteller_name` keeps who it was). */
    storytellerContactId: integer('storyteller_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** 'owner': the owner interviews themself; 'contact' with a null contact: the contact was deleted. */
    storytellerKind: text('storyteller_kind').notNull().default('contact'),
    storytellerName: text('storyteller_name').notNull(),
    /** 0 = Sunday … 6; all three null = every question at once. */
    weekday: smallint('weekday'),
    hour: smallint('hour'),
    timeZone: text('time_zone'),
    /** 'proposed': a family member's proposal (decision 069), waiting for the owner's approval; nothing is sent. */
    status: text('status').notNull().default('active'),
    /** The family member who proposed it (decision 069); null: the owner started it, or the proposer's account is gone. */
    proposedByUserId: integer('proposed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The proposer's name as the owner's contact list had it. */
    proposedByName: text('proposed_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('interviews_owner_idx').on(t.ownerId),
    index('interviews_proposed_by_idx').on(t.proposedByUserId),
    check('interviews_status_check', sql`${t.status} IN ('proposed', 'active', 'paused', 'stopped', 'finished')`),
    check('interviews_storyteller_kind_check', sql`${t.storytellerKind} IN ('contact', 'owner')`),
  ],
);

export const interviewQuestions = pgTable(
  'interview_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    theme: text('theme'),
    libraryId: text('library_id'),
    position: integer('position').notNull(),
    status: text('status').notNull().default('waiting'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    remindersSent: smallint('reminders_sent').notNull().default(0),
    answeredMemoryId: integer('answered_memory_id').references(() => memories.id, { onDelete: 'set null' }),
    followUpOf: integer('follow_up_of').references((): AnyPgColumn => interviewQuestions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('interview_questions_interview_idx').on(t.interviewId, t.position),
    index('interview_questions_owner_idx').on(t.ownerId),
    check('interview_questions_status_check', sql`${t.status} IN ('waiting', 'sent', 'answered', 'skipped')`),
  ],
);

/**
 * An answer link (PUBLIC_URL/answer/<token>): the token is HMAC(instance secret, nonce) (lib/link-tokens.ts), so
 * a reminder can carry the same link; only the nonce and sha256(token) are kept. Mailing the question again
 * revokes the old link and issues a new one. What the page shows is kept on the link, so a link whose question
 * or interview was deleted still says so.
 */
export const interviewLinks = pgTable(
  'interview_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => interviewQuestions.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    nonce: text('nonce').notNull(),
    questionText: text('question_text').notNull(),
    storytellerFirstName: text('storyteller_first_name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('interview_links_token_idx').on(t.tokenHash),
    index('interview_links_question_idx').on(t.questionId),
    index('interview_links_owner_idx').on(t.ownerId),
  ],
);

export const interviewSuggestions = pgTable(
  'interview_suggestions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** The family member (an account linked from one of the owner's contacts) who suggested it. */
    suggestedByUserId: integer('suggested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suggestedByName: text('suggested_by_name').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('interview_suggestions_interview_idx').on(t.interviewId),
    index('interview_suggestions_owner_idx').on(t.ownerId),
    check('interview_suggestions_status_check', sql`${t.status} IN ('pending', 'approved', 'declined')`),
  ],
);
