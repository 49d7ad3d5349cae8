// Queries only (decision 066). Every query on an owner's rows carries the owner in its WHERE; the schedule's
// look over every active interview is the one query across owners, and each step after it is the owner's.
import { and, asc, desc, eq, inArray, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Interview, InterviewProposal, InterviewQuestion, InterviewSuggestion } from '@shared/schemas/interviews';
import type { Db } from '../../db/client';
import { contacts, interviewLinks, interviewQuestions, interviews, interviewSuggestions, users } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';

type InterviewRow = typeof interviews.$inferSelect;
type QuestionRow = typeof interviewQuestions.$inferSelect;
export type LinkRow = typeof interviewLinks.$inferSelect;
type Executor = Db | Tx;

export interface NewQuestion {
  text: string;
  theme: string | null;
  libraryId: string | null;
  followUpOf?: number | null;
}

/**
 * The contact row (of whichever owner `contacts` is) that names this account: linked to it, or naming its verified
 * address, as Shared with me recognises a recipient. Who may suggest a question or propose an interview.
 */
const namesAccount = (userId: number): SQL =>
  sql`(${contacts.linkedUserId} = ${userId} OR EXISTS (SELECT 1 FROM users AS me WHERE me.id = ${userId}
    AND me.email_verified_at IS NOT NULL AND lower(me.email) = lower(${contacts.email})))`;

export function createInterviewsRepo(db: Db) {
  const ownedInterview = (ownerId: number, id: number) => and(eq(interviews.id, id), eq(interviews.ownerId, ownerId));

  async function questionsOf(ex: Executor, ownerId: number, interviewIds: number[]) {
    if (interviewIds.length === 0) return new Map<number, QuestionRow[]>();
    const rows = await ex
      .select()
      .from(interviewQuestions)
      .where(and(eq(interviewQuestions.ownerId, ownerId), inArray(interviewQuestions.interviewId, interviewIds)))
      .orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id));
    const byInterview = new Map<number, QuestionRow[]>();
    for (const row of rows) byInterview.set(row.interviewId, [...(byInterview.get(row.interviewId) ?? []), row]);
    return byInterview;
  }

  return {
    db,
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async list(ownerId: number): Promise<Interview[]> {
      const rows = await db
        .select()
        .from(interviews)
        .where(eq(interviews.ownerId, ownerId))
        .orderBy(desc(interviews.createdAt), desc(interviews.id));
      const questions = await questionsOf(
        db,
        ownerId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toInterview(row, questions.get(row.id) ?? []));
    },

    async find(ex: Executor, ownerId: number, id: number): Promise<Interview | undefined> {
      const [row] = await ex.select().from(interviews).where(ownedInterview(ownerId, id)).limit(1);
      if (!row) return undefined;
      return toInterview(row, (await questionsOf(ex, ownerId, [id])).get(id) ?? []);
    },

    /** The memories that answer the owner's interview's questions, in question order; undefined: no such interview. */
    async answeredMemoryIds(ownerId: number, id: number): Promise<number[] | undefined> {
      const [row] = await db.select({ id: interviews.id }).from(interviews).where(ownedInterview(ownerId, id)).limit(1);
      if (!row) return undefined;
      const rows = await db
        .select({ memoryId: interviewQuestions.answeredMemoryId })
        .from(interviewQuestions)
        .where(and(eq(interviewQuestions.ownerId, ownerId), eq(interviewQuestions.interviewId, id)))
        .orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id));
      return [...new Set(rows.flatMap((r) => (r.memoryId === null ? [] : [r.memoryId])))];
    },

    /** The interview's row, locked until the transaction ends: every change to it and its questions takes turns. */
    async lock(tx: Tx, ownerId: number, id: number) {
      const [row] = await tx.select().from(interviews).where(ownedInterview(ownerId, id)).for('update').limit(1);
      return row;
    },

    async questionRows(ex: Executor, ownerId: number, interviewId: number) {
      return (await questionsOf(ex, ownerId, [interviewId])).get(interviewId) ?? [];
    },

    async insert(tx: Tx, ownerId: number, values: Omit<typeof interviews.$inferInsert, 'ownerId' | 'id'>) {
      const [row] = await tx
        .insert(interviews)
        .values({ ...values, ownerId })
        .returning();
      return row!;
    },

    async update(tx: Tx, ownerId: number, id: number, values: Partial<typeof interviews.$inferInsert>) {
      await tx
        .update(interviews)
        .set({ ...values, updatedAt: new Date() })
        .where(ownedInterview(ownerId, id));
    },

    async remove(ownerId: number, id: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: interviews.id }).from(interviews).where(ownedInterview(ownerId, id)).for('update');
        if (!row) return false;
        // its links stay (their questions are gone): the page says the link no longer works
        await tx
          .update(interviewLinks)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(interviewLinks.ownerId, ownerId),
              isNull(interviewLinks.revokedAt),
              inArray(
                interviewLinks.questionId,
                tx
                  .select({ id: interviewQuestions.id })
                  .from(interviewQuestions)
                  .where(and(eq(interviewQuestions.ownerId, ownerId), eq(interviewQuestions.interviewId, id))),
              ),
            ),
          );
        await tx.delete(interviews).where(ownedInterview(ownerId, id));
        return true;
      });
    },

    async insertQuestions(tx: Tx, ownerId: number, interviewId: number, questions: Array<NewQuestion & { position: number }>) {
      if (questions.length === 0) return [];
      return tx
        .insert(interviewQuestions)
        .values(questions.map((q) => ({ ...q, ownerId, interviewId })))
        .returning();
    },

    async updateQuestion(ex: Executor, ownerId: number, id: number, values: Partial<typeof interviewQuestions.$inferInsert>) {
      const [row] = await ex
        .update(interviewQuestions)
        .set(values)
        .where(and(eq(interviewQuestions.id, id), eq(interviewQuestions.ownerId, ownerId)))
        .returning();
      return row;
    },

    /** Marks a sent question answered (or skipped) if it still is sent: false when another request was first. */
    async finishQuestion(tx: Tx, ownerId: number, id: number, values: Partial<typeof interviewQuestions.$inferInsert>) {
      const rows = await tx
        .update(interviewQuestions)
        .set(values)
        .where(and(eq(interviewQuestions.id, id), eq(interviewQuestions.ownerId, ownerId), eq(interviewQuestions.status, 'sent')))
        .returning({ id: interviewQuestions.id });
      return rows.length > 0;
    },

    async removeQuestions(tx: Tx, ownerId: number, ids: number[]) {
      if (ids.length === 0) return;
      await tx.delete(interviewQuestions).where(and(eq(interviewQuestions.ownerId, ownerId), inArray(interviewQuestions.id, ids)));
    },

    async lastSentAt(tx: Tx, ownerId: number, interviewId: number) {
      const [row] = await tx
        .select({ at: max(interviewQuestions.sentAt) })
        .from(interviewQuestions)
        .where(and(eq(interviewQuestions.ownerId, ownerId), eq(interviewQuestions.interviewId, interviewId)));
      return row?.at ?? null;
    },

    /** Every active interview, across owners: what the schedule looks at. */
    async active() {
      return db.select({ id: interviews.id, ownerId: interviews.ownerId }).from(interviews).where(eq(interviews.status, 'active'));
    },

    // Links

    async insertLink(tx: Tx, values: Omit<typeof interviewLinks.$inferInsert, 'id'>) {
      const [row] = await tx.insert(interviewLinks).values(values).returning();
      return row!;
    },

    async revokeLinksOf(tx: Tx, ownerId: number, questionId: number, at: Date) {
      await tx
        .update(interviewLinks)
        .set({ revokedAt: at })
        .where(and(eq(interviewLinks.ownerId, ownerId), eq(interviewLinks.questionId, questionId), isNull(interviewLinks.revokedAt)));
    },

    /** The question's link now in use (the latest not revoked). */
    async currentLink(ex: Executor, ownerId: number, questionId: number) {
      const [row] = await ex
        .select()
        .from(interviewLinks)
        .where(and(eq(interviewLinks.ownerId, ownerId), eq(interviewLinks.questionId, questionId), isNull(interviewLinks.revokedAt)))
        .orderBy(desc(interviewLinks.id))
        .limit(1);
      return row;
    },

    /** A link by its token's hash, with its question and interview when they still exist. */
    async linkByHash(ex: Executor, tokenHash: string, lock = false) {
      const query = ex
        .select({
          link: interviewLinks,
          question: interviewQuestions,
          interview: interviews,
          ownerFirstName: users.firstName,
          ownerEmail: users.email,
        })
        .from(interviewLinks)
        .innerJoin(users, eq(users.id, interviewLinks.ownerId))
        .leftJoin(
          interviewQuestions,
          and(eq(interviewQuestions.id, interviewLinks.questionId), eq(interviewQuestions.ownerId, interviewLinks.ownerId)),
        )
        .leftJoin(interviews, and(eq(interviews.id, interviewQuestions.interviewId), eq(interviews.ownerId, interviewLinks.ownerId)))
        .where(eq(interviewLinks.tokenHash, tokenHash))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: [interviewLinks] }) : await query;
      return row;
    },

    // People

    async owner(ex: Executor, ownerId: number) {
      const [row] = await ex
        .select({ firstName: users.firstName, lastName: users.surname, email: users.email })
        .from(users)
        .where(eq(users.id, ownerId));
      return row;
    },

    async contact(ex: Executor, ownerId: number, contactId: number) {
      const [row] = await ex
        .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId)));
      return row;
    },

    // Suggestions

    /**
     * The interviews a signed-in family member may suggest for: owners with a contact linked to this account
     * (or naming its verified address, as Shared with me), active or paused, where they are not the storyteller.
     */
    async suggestable(userId: number, interviewId?: number) {
      return db
        .select({
          interviewId: interviews.id,
          ownerId: interviews.ownerId,
          ownerFirstName: users.firstName,
          ownerLastName: users.surname,
          storytellerName: interviews.storytellerName,
          contactFirstName: contacts.firstName,
          contactLastName: contacts.lastName,
        })
        .from(interviews)
        .innerJoin(users, eq(users.id, interviews.ownerId))
        .innerJoin(contacts, and(eq(contacts.ownerId, interviews.ownerId), namesAccount(userId)))
        .where(
          and(
            inArray(interviews.status, ['active', 'paused']),
            sql`${interviews.ownerId} <> ${userId}`,
            sql`(${interviews.storytellerContactId} IS NULL OR ${interviews.storytellerContactId} <> ${contacts.id})`,
            interviewId === undefined ? undefined : eq(interviews.id, interviewId),
          ),
        )
        .orderBy(desc(interviews.createdAt), asc(contacts.id));
    },

    // Proposals (decision 069)

    /** The owners who have this account among their contacts (themself excepted), each once. */
    async familyOwners(userId: number) {
      return db
        .selectDistinct({ ownerId: users.id, firstName: users.firstName, lastName: users.surname })
        .from(contacts)
        .innerJoin(users, eq(users.id, contacts.ownerId))
        .where(and(namesAccount(userId), ne(contacts.ownerId, userId)))
        .orderBy(asc(users.firstName), asc(users.surname), asc(users.id));
    },

    /** The owner's contact naming this account (the first, when several do), with the owner; undefined: none. */
    async familyLink(ex: Executor, userId: number, ownerId: number) {
      const [row] = await ex
        .select({
          contactFirstName: contacts.firstName,
          contactLastName: contacts.lastName,
          ownerFirstName: users.firstName,
          ownerLastName: users.surname,
          ownerEmail: users.email,
        })
        .from(contacts)
        .innerJoin(users, eq(users.id, contacts.ownerId))
        .where(and(eq(contacts.ownerId, ownerId), namesAccount(userId), ne(contacts.ownerId, userId)))
        .orderBy(asc(contacts.id))
        .limit(1);
      return row;
    },

    /** The owner's contacts who can be asked (they have an address), by name: the address is not read. */
    async storytellers(ownerId: number) {
      return db
        .select({ contactId: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), sql`coalesce(trim(${contacts.email}), '') <> ''`))
        .orderBy(asc(contacts.firstName), asc(contacts.lastName), asc(contacts.id));
    },

    /** The proposer's interviews in the accounts of owners who still have them among their contacts. */
    async proposalsBy(userId: number, id?: number): Promise<InterviewProposal[]> {
      const stillFamily = sql`EXISTS (SELECT 1 FROM ${contacts} WHERE ${contacts.ownerId} = ${interviews.ownerId} AND ${namesAccount(userId)})`;
      const rows = await db
        .select({ interview: interviews, ownerFirstName: users.firstName, ownerLastName: users.surname })
        .from(interviews)
        .innerJoin(users, eq(users.id, interviews.ownerId))
        .where(and(eq(interviews.proposedByUserId, userId), stillFamily, id === undefined ? undefined : eq(interviews.id, id)))
        .orderBy(desc(interviews.createdAt), desc(interviews.id));
      if (rows.length === 0) return [];
      const questions = await db
        .select({
          id: interviewQuestions.id,
          interviewId: interviewQuestions.interviewId,
          text: interviewQuestions.text,
          status: interviewQuestions.status,
        })
        .from(interviewQuestions)
        .innerJoin(interviews, and(eq(interviews.id, interviewQuestions.interviewId), eq(interviews.ownerId, interviewQuestions.ownerId)))
        .where(
          and(
            eq(interviews.proposedByUserId, userId),
            inArray(
              interviewQuestions.interviewId,
              rows.map((r) => r.interview.id),
            ),
          ),
        )
        .orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id));
      return rows.map(({ interview, ownerFirstName, ownerLastName }) => ({
        id: interview.id,
        ownerId: interview.ownerId,
        ownerName: `${ownerFirstName} ${ownerLastName}`.trim(),
        storytellerContactId: interview.storytellerContactId,
        storytellerName: interview.storytellerName,
        schedule: scheduleOf(interview),
        status: interview.status as InterviewProposal['status'],
        questions: questions
          .filter((q) => q.interviewId === interview.id)
          .map((q) => ({ id: q.id, text: q.text, status: q.status as InterviewQuestion['status'] })),
        createdAt: interview.createdAt.toISOString(),
      }));
    },

    /** Deletes the proposer's interview while it is still proposed; false: not theirs, or no longer proposed. */
    async withdraw(userId: number, id: number) {
      const rows = await db
        .delete(interviews)
        .where(and(eq(interviews.id, id), eq(interviews.proposedByUserId, userId), eq(interviews.status, 'proposed')))
        .returning({ id: interviews.id });
      return rows.length > 0;
    },

    /** The proposer's interview's status, whoever's account it is in; undefined: none of theirs. */
    async proposalStatus(userId: number, id: number) {
      const [row] = await db
        .select({ status: interviews.status })
        .from(interviews)
        .where(and(eq(interviews.id, id), eq(interviews.proposedByUserId, userId)));
      return row?.status;
    },

    /** The owner's proposed interview deleted (declined); questions go with it, and it had no links. */
    async removeProposed(tx: Tx, ownerId: number, id: number) {
      await tx.delete(interviews).where(and(ownedInterview(ownerId, id), eq(interviews.status, 'proposed')));
    },

    async user(ex: Executor, userId: number) {
      const [row] = await ex.select({ firstName: users.firstName, email: users.email }).from(users).where(eq(users.id, userId));
      return row;
    },

    async insertSuggestion(values: Omit<typeof interviewSuggestions.$inferInsert, 'id'>) {
      const [row] = await db.insert(interviewSuggestions).values(values).returning();
      return toSuggestion(row!);
    },

    async suggestions(ownerId: number, interviewId: number) {
      const rows = await db
        .select()
        .from(interviewSuggestions)
        .where(and(eq(interviewSuggestions.ownerId, ownerId), eq(interviewSuggestions.interviewId, interviewId)))
        .orderBy(desc(interviewSuggestions.createdAt), desc(interviewSuggestions.id));
      return rows.map(toSuggestion);
    },

    async decideSuggestion(tx: Tx, ownerId: number, interviewId: number, id: number, status: 'approved' | 'declined') {
      const [row] = await tx
        .update(interviewSuggestions)
        .set({ status })
        .where(
          and(
            eq(interviewSuggestions.id, id),
            eq(interviewSuggestions.ownerId, ownerId),
            eq(interviewSuggestions.interviewId, interviewId),
            eq(interviewSuggestions.status, 'pending'),
          ),
        )
        .returning();
      return row && toSuggestion(row);
    },

    async findSuggestion(ownerId: number, interviewId: number, id: number) {
      const [row] = await db
        .select()
        .from(interviewSuggestions)
        .where(
          and(
            eq(interviewSuggestions.id, id),
            eq(interviewSuggestions.ownerId, ownerId),
            eq(interviewSuggestions.interviewId, interviewId),
          ),
        );
      return row && toSuggestion(row);
    },
  };
}

export type InterviewsRepo = ReturnType<typeof createInterviewsRepo>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toQuestion(row: QuestionRow): InterviewQuestion {
  return {
    id: row.id,
    text: row.text,
    theme: row.theme,
    position: row.position,
    status: row.status as InterviewQuestion['status'],
    sentAt: iso(row.sentAt),
    answeredAt: iso(row.answeredAt),
    answeredMemoryId: row.answeredMemoryId,
    remindersSent: row.remindersSent,
    followUpOf: row.followUpOf,
  };
}

function scheduleOf(row: InterviewRow) {
  return row.weekday !== null && row.hour !== null && row.timeZone !== null
    ? { weekday: row.weekday, hour: row.hour, timeZone: row.timeZone }
    : null;
}

function toInterview(row: InterviewRow, questions: QuestionRow[]): Interview {
  return {
    id: row.id,
    storytellerContactId: row.storytellerContactId,
    storytellerName: row.storytellerName,
    schedule: scheduleOf(row),
    status: row.status as Interview['status'],
    questions: questions.map(toQuestion),
    proposedBy: row.proposedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

function toSuggestion(row: typeof interviewSuggestions.$inferSelect): InterviewSuggestion {
  return {
    id: row.id,
    interviewId: row.interviewId,
    text: row.text,
    suggestedBy: row.suggestedByName,
    status: row.status as InterviewSuggestion['status'],
    createdAt: row.createdAt.toISOString(),
  };
}
