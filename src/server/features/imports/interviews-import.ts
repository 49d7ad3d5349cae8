// An archive's interviews back into the account (decision 066, docs/export-format.md): the storyteller on the
// contact this import made of theirs, each question as it was, an answered one linked to the memory this import
// made of its answer. An interview that was active arrives paused, so an import never mails a storyteller: the
// owner resumes it. A question that had been sent has no link here (links are the old server's secrets): the
// owner sends it again. Each interview is checked on its own; one that does not hold together is a line in the
// report and no row.
import type { ExportInterview, HeirloomExport } from '@shared/export-format';
import type { ImportContext } from './import-context';
import { line } from './import-report-lines';
import type { ImportedInterview } from './interviews-import.repo';

/** What the interviews of an archive become: written, with the memories' storytellers, when the import is done. */
export interface PreparedInterviews {
  interviews: ImportedInterview[];
  /** Imported memory id → the imported contact who told it. */
  storytellers: Map<number, number>;
}

/** Why an interview does not hold together, or undefined when it does. */
function inconsistency(interview: ExportInterview, data: HeirloomExport): string | undefined {
  const contacts = new Set(data.contacts.map((c) => c.id));
  const memories = new Set(data.memories.map((m) => m.id));
  if (interview.storyteller === 'owner' && interview.contactId !== null) return 'the owner is its storyteller, yet it names a contact';
  if (interview.contactId !== null && !contacts.has(interview.contactId)) return 'its storyteller is not one of the archive’s contacts';
  const ids = new Set(interview.questions.map((q) => q.id));
  if (ids.size < interview.questions.length) return 'two of its questions have the same id';
  for (const q of interview.questions) {
    if (q.memoryId !== null && !memories.has(q.memoryId)) return `the answer to “${q.text}” is not one of the archive’s memories`;
    if (q.memoryId !== null && q.status !== 'answered') return `“${q.text}” has an answer but is not answered`;
    if (q.followUpOf !== null && (!ids.has(q.followUpOf) || q.followUpOf === q.id))
      return `“${q.text}” follows up a question that is not in this interview`;
  }
  return undefined;
}

export function prepareInterviews(
  ctx: ImportContext,
  data: HeirloomExport,
  ids: { contacts: Map<number, number>; memories: Map<number, number> },
): PreparedInterviews {
  const prepared: PreparedInterviews = { interviews: [], storytellers: new Map() };
  const seen = new Set<number>();
  // who told each memory, as the archive says (an interview's storyteller speaks for the answers it links)
  for (const memory of data.memories) {
    const memoryId = ids.memories.get(memory.id);
    const contactId = memory.storytellerContactId == null ? undefined : ids.contacts.get(memory.storytellerContactId);
    if (memoryId !== undefined && contactId !== undefined) prepared.storytellers.set(memoryId, contactId);
  }
  for (const interview of data.interviews ?? []) {
    const where = `interviews/${interview.storytellerName.slice(0, 80)}`;
    const wrong = seen.has(interview.id) ? 'another interview has the same id' : inconsistency(interview, data);
    seen.add(interview.id);
    if (wrong) {
      ctx.report.refuse(where, line('interviewBroken', { wrong }));
      continue;
    }
    // a contact the import did not make (refused) leaves the interview as one whose contact was deleted: its name stays
    const contactId = interview.contactId === null ? null : (ids.contacts.get(interview.contactId) ?? null);
    let answersLost = 0;
    const questions = [...interview.questions]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((q, position) => {
        const memoryId = q.memoryId === null ? null : (ids.memories.get(q.memoryId) ?? null);
        if (q.memoryId !== null && memoryId === null) answersLost += 1;
        if (memoryId !== null && contactId !== null && !prepared.storytellers.has(memoryId)) prepared.storytellers.set(memoryId, contactId);
        return {
          archiveId: q.id,
          text: q.text,
          theme: q.theme,
          libraryId: q.libraryId,
          position,
          status: q.status,
          sentAt: q.sentAt ? new Date(q.sentAt) : null,
          answeredAt: q.answeredAt ? new Date(q.answeredAt) : null,
          remindersSent: q.remindersSent,
          answeredMemoryId: memoryId,
          followUpOf: q.followUpOf,
          createdAt: new Date(q.createdAt),
        };
      });
    if (interview.contactId !== null && contactId === null) ctx.report.refuse(where, line('storytellerMissing'));
    if (answersLost > 0) ctx.report.refuse(where, line('answersLost', { count: answersLost, shown: String(answersLost) }));
    prepared.interviews.push({
      storytellerKind: interview.storyteller,
      storytellerContactId: contactId,
      storytellerName: interview.storytellerName,
      weekday: interview.schedule?.weekday ?? null,
      hour: interview.schedule?.hour ?? null,
      timeZone: interview.schedule?.timeZone ?? null,
      // never mailing by itself: an active interview waits, paused, for its owner to resume it
      status: interview.status === 'active' ? 'paused' : interview.status,
      createdAt: new Date(interview.createdAt),
      questions,
    });
  }
  return prepared;
}
