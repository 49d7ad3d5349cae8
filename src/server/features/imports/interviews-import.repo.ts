// The rows an imported interview restores (decision 066, docs/export-format.md): the interview, its questions as
// they were (sent, answered, skipped or waiting, with the memories this import made of the answers), and who told
// each of those memories. No API makes such rows (a new interview starts with every question waiting), so the
// importer owns these writes. They are written in the transaction that marks the import done: an import that
// does not finish leaves no interview behind, and one that finishes leaves each exactly once.
import { and, eq } from 'drizzle-orm';
import { interviewQuestions, interviews, memories } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';

/** One interview, checked and with every link already mapped to this account's rows. */
export interface ImportedInterview {
  storytellerKind: 'owner' | 'contact';
  storytellerContactId: number | null;
  storytellerName: string;
  weekday: number | null;
  hour: number | null;
  timeZone: string | null;
  status: 'paused' | 'stopped' | 'finished';
  createdAt: Date;
  questions: Array<{
    /** The archive's id: what `followUpOf` names. */
    archiveId: number;
    text: string;
    theme: string | null;
    libraryId: string | null;
    position: number;
    status: 'waiting' | 'sent' | 'answered' | 'skipped';
    sentAt: Date | null;
    answeredAt: Date | null;
    remindersSent: number;
    answeredMemoryId: number | null;
    followUpOf: number | null;
    createdAt: Date;
  }>;
}

export function createInterviewsImportRepo() {
  return {
    async write(tx: Tx, ownerId: number, list: ImportedInterview[]) {
      for (const interview of list) {
        const { questions, ...values } = interview;
        const [row] = await tx
          .insert(interviews)
          .values({ ownerId, ...values })
          .returning({ id: interviews.id });
        const ids = new Map<number, number>();
        for (const { archiveId, followUpOf: _later, ...question } of questions) {
          const [made] = await tx
            .insert(interviewQuestions)
            .values({ ownerId, interviewId: row!.id, ...question })
            .returning({ id: interviewQuestions.id });
          ids.set(archiveId, made!.id);
        }
        for (const question of questions) {
          if (question.followUpOf === null) continue;
          await tx
            .update(interviewQuestions)
            .set({ followUpOf: ids.get(question.followUpOf)! })
            .where(and(eq(interviewQuestions.ownerId, ownerId), eq(interviewQuestions.id, ids.get(question.archiveId)!)));
        }
      }
    },

    /** Who told each memory this import made of an interview's answer (the contact this import made of the storyteller). */
    async setStorytellers(tx: Tx, ownerId: number, storytellers: Map<number, number>) {
      for (const [memoryId, contactId] of storytellers) {
        await tx
          .update(memories)
          .set({ storytellerContactId: contactId })
          .where(and(eq(memories.userId, ownerId), eq(memories.id, memoryId)));
      }
    },
  };
}
export type InterviewsImportRepo = ReturnType<typeof createInterviewsImportRepo>;
