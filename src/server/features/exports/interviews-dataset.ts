// The owner's interviews in the archive (decision 066, docs/export-format.md): the storyteller by the exported
// contact's id, each question with what became of it, and the answered ones by the exported memory's id. What
// belongs to the running server stays behind: the answer links (their tokens are its secrets) and the family's
// suggestions.
import type { ExportInterview, ExportInterviewQuestion } from '@shared/export-format';
import type { ExportsRepo } from './exports.repo';

type InterviewRow = Awaited<ReturnType<ExportsRepo['interviews']>>[number];
type QuestionRow = Awaited<ReturnType<ExportsRepo['interviewQuestions']>>[number];

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The owner's interviews, in the archive's words; any other row (a proposal the owner has not taken up) is not theirs yet. */
const STATUSES = ['active', 'paused', 'stopped', 'finished'] as const;
const isExported = (status: string): status is ExportInterview['status'] => (STATUSES as readonly string[]).includes(status);

/**
 * `contactIds` and `memoryIds` are the ids the archive holds: a link to anything else (a row gone since) is
 * written as null, so every id in the archive names something in it.
 */
export function buildInterviews(
  interviews: InterviewRow[],
  questions: QuestionRow[],
  contactIds: ReadonlySet<number>,
  memoryIds: ReadonlySet<number>,
): ExportInterview[] {
  const questionsOf = new Map<number, QuestionRow[]>();
  for (const q of questions) questionsOf.set(q.interviewId, [...(questionsOf.get(q.interviewId) ?? []), q]);
  return interviews.flatMap((row) => {
    const status = row.status;
    if (!isExported(status)) return [];
    const own = questionsOf.get(row.id) ?? [];
    const ownIds = new Set(own.map((q) => q.id));
    const contactId = row.storytellerContactId !== null && contactIds.has(row.storytellerContactId) ? row.storytellerContactId : null;
    const schedule =
      row.weekday !== null && row.hour !== null && row.timeZone ? { weekday: row.weekday, hour: row.hour, timeZone: row.timeZone } : null;
    const interview: ExportInterview = {
      id: row.id,
      storyteller: row.storytellerKind === 'owner' ? 'owner' : 'contact',
      contactId: row.storytellerKind === 'owner' ? null : contactId,
      storytellerName: row.storytellerName.trim() || 'Unnamed storyteller',
      schedule,
      status,
      createdAt: row.createdAt.toISOString(),
      // in the order they are asked, numbered afresh (gaps left by removed questions mean nothing)
      questions: own.map((q, position): ExportInterviewQuestion => ({
        id: q.id,
        text: q.text,
        theme: q.theme,
        libraryId: q.libraryId,
        position,
        status: q.status as ExportInterviewQuestion['status'],
        sentAt: iso(q.sentAt),
        answeredAt: iso(q.answeredAt),
        remindersSent: Math.min(2, Math.max(0, q.remindersSent)),
        memoryId: q.answeredMemoryId !== null && memoryIds.has(q.answeredMemoryId) ? q.answeredMemoryId : null,
        followUpOf: q.followUpOf !== null && ownIds.has(q.followUpOf) ? q.followUpOf : null,
        createdAt: q.createdAt.toISOString(),
      })),
    };
    return [interview];
  });
}
