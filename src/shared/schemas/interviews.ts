// Interviews, "Ask the elders" (decision 066): the owner asks a storyteller (a contact with an e-mail address, or
// the owner themself) one question a week by mail; the storyteller answers on a public page by a personal link,
// and the answer becomes a memory in the owner's story.
import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../limits';
import { isTimeZone } from '../time-zone';
import { idParamSchema, isoDateTimeSchema, MAX_ID } from './common';
import { userText } from '../i18n/text';

/** Questions one interview holds at most (the built-in library has about 150). */
export const INTERVIEW_MAX_QUESTIONS = 300;
/** Days an answer link stays open after it is mailed. */
export const ANSWER_LINK_DAYS = 90;
/** Reminders mailed after this many days without an answer. */
export const INTERVIEW_REMINDER_DAYS = [3, 7] as const;
/** Photos one answer may carry. */
export const ANSWER_MAX_PHOTOS = 10;

/** 'proposed': a family member's proposal waiting for the owner's approval (decision 069); nothing is sent yet. */
export const interviewStatusSchema = z.enum(['proposed', 'active', 'paused', 'stopped', 'finished']);
export const interviewQuestionStatusSchema = z.enum(['waiting', 'sent', 'answered', 'skipped']);
export const answerLinkStatusSchema = z.enum(['open', 'answered', 'expired', 'revoked', 'paused', 'stopped']);

const QUESTION_MESSAGE = `A question must be 1 to ${MAX_SHORT_TEXT_LENGTH} characters`;
export const questionTextSchema = z
  .string({ error: QUESTION_MESSAGE })
  .trim()
  .min(1, QUESTION_MESSAGE)
  .max(MAX_SHORT_TEXT_LENGTH, QUESTION_MESSAGE);

const idSchema = z
  .number({ error: userText('Not found') })
  .int(userText('Not found'))
  .positive(userText('Not found'))
  .max(MAX_ID, userText('Not found'));

/** When questions are mailed: once a week at this weekday and hour in the storyteller's zone; null = all at once. */
export const interviewScheduleSchema = z.object({
  /** 0 = Sunday … 6 = Saturday. */
  weekday: z
    .number({ error: userText('weekday must be 0 (Sunday) to 6 (Saturday)') })
    .int()
    .min(0)
    .max(6),
  /** 0 … 23, the hour in `timeZone`. */
  hour: z
    .number({ error: userText('hour must be 0 to 23') })
    .int()
    .min(0)
    .max(23),
  timeZone: z.string().refine(isTimeZone, userText('timeZone must be an IANA time zone such as Europe/Paris')),
});

export const interviewQuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** The library theme when the question came from the library, else null. */
  theme: z.string().nullable(),
  /** 0-based order in which waiting questions are sent. */
  position: z.number().int(),
  status: interviewQuestionStatusSchema,
  sentAt: isoDateTimeSchema.nullable(),
  answeredAt: isoDateTimeSchema.nullable(),
  /** The memory the answer became (null after that memory is deleted). */
  answeredMemoryId: z.number().int().nullable(),
  remindersSent: z.number().int(),
  /** The answered question this one follows up. */
  followUpOf: z.number().int().nullable(),
});

export const interviewSchema = z.object({
  id: z.number().int(),
  /** null = the owner themself. */
  storytellerContactId: z.number().int().nullable(),
  storytellerName: z.string(),
  schedule: interviewScheduleSchema.nullable(),
  status: interviewStatusSchema,
  questions: z.array(interviewQuestionSchema),
  /** The family member who proposed it, as the owner's contact list names them; null when the owner started it. */
  proposedBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});

/** A question given when the interview starts or added later: a library id or an own text. */
export const interviewQuestionInputSchema = z.union([
  z.object({ libraryId: z.string().min(1).max(100) }),
  z.object({ text: questionTextSchema }),
]);

/** POST /api/interviews */
export const interviewInputSchema = z.object({
  /** A contact of the owner's with an e-mail address; null = the owner themself. */
  storytellerContactId: idSchema.nullable(),
  schedule: interviewScheduleSchema.nullable(),
  questions: z
    .array(interviewQuestionInputSchema)
    .min(1, userText('Choose at least one question'))
    .max(INTERVIEW_MAX_QUESTIONS, `An interview holds at most ${INTERVIEW_MAX_QUESTIONS} questions`),
});

/**
 * PATCH /api/interviews/:id. Every field optional.
 * - `status`: 'paused' / 'active' (resume) / 'stopped' (final: the open links stop working).
 * - `questions`: the whole new list of the not-yet-sent ("waiting") questions in order: `{ id }` keeps one
 *   (with `text` to edit it), `{ libraryId }` or `{ text }` adds one; a waiting question left out is removed.
 *   Questions already sent, answered or skipped stay as they are.
 */
export const interviewPatchSchema = z.object({
  schedule: interviewScheduleSchema.nullable().optional(),
  status: z.enum(['active', 'paused', 'stopped']).optional(),
  questions: z
    .array(
      z.union([
        z.object({ id: idSchema, text: questionTextSchema.optional() }),
        z.object({ libraryId: z.string().min(1).max(100) }),
        z.object({ text: questionTextSchema }),
      ]),
    )
    .max(INTERVIEW_MAX_QUESTIONS, `An interview holds at most ${INTERVIEW_MAX_QUESTIONS} questions`)
    .optional(),
});

export const interviewQuestionParamsSchema = z.object({ id: idParamSchema, questionId: idParamSchema });

/** POST /api/interviews/:id/questions/:questionId/follow-up */
export const followUpInputSchema = z.object({ text: questionTextSchema });

/** GET /api/interview-questions?theme= */
export const libraryQuestionsQuerySchema = z.object({ theme: z.string().max(100).optional() });
export const libraryQuestionSchema = z.object({ id: z.string(), theme: z.string(), text: z.string() });

// Suggestions from family members with an account.

export const interviewSuggestionStatusSchema = z.enum(['pending', 'approved', 'declined']);

export const interviewSuggestionSchema = z.object({
  id: z.number().int(),
  interviewId: z.number().int(),
  text: z.string(),
  /** The suggesting family member's name as the owner's contact list has it. */
  suggestedBy: z.string(),
  status: interviewSuggestionStatusSchema,
  createdAt: isoDateTimeSchema,
});

/** GET /api/interview-suggestions/for-me: the interviews a signed-in family member may suggest questions for. */
export const suggestableInterviewSchema = z.object({
  interviewId: z.number().int(),
  ownerName: z.string(),
  storytellerName: z.string(),
});

/** POST /api/interview-suggestions/for-me/:id (id = the interview) */
export const suggestionInputSchema = z.object({ text: questionTextSchema });

/** PATCH /api/interviews/:id/suggestions/:suggestionId */
export const suggestionDecisionSchema = z.object({ status: z.enum(['approved', 'declined']) });
export const interviewSuggestionParamsSchema = z.object({ id: idParamSchema, suggestionId: idParamSchema });

// Interviews a family member proposes to the owner (decision 069).

/** Proposals one family member may have waiting for one owner's answer at a time. */
export const INTERVIEW_PROPOSALS_WAITING_MAX = 5;

/** GET /api/interview-proposals/owners: the people who have this account among their contacts. */
export const proposalOwnerSchema = z.object({ ownerId: z.number().int(), ownerName: z.string() });

/** GET /api/interview-proposals/owners/:ownerId/storytellers: the owner's contacts with an address, by name only. */
export const proposalStorytellerSchema = z.object({ contactId: z.number().int(), name: z.string() });

export const proposalOwnerParamsSchema = z.object({ ownerId: idParamSchema });

/** POST /api/interview-proposals */
export const interviewProposalInputSchema = interviewInputSchema.extend({
  /** The account the interview is proposed to (someone who has the proposer among their contacts). */
  ownerId: idSchema,
  /** One of the owner's contacts with an e-mail address; null = the owner themself. */
  storytellerContactId: idSchema.nullable(),
});

/** A proposal as its proposer sees it: its state and which questions were answered, never the answers. */
export const interviewProposalSchema = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  /** null: the owner themself. */
  storytellerContactId: z.number().int().nullable(),
  storytellerName: z.string(),
  schedule: interviewScheduleSchema.nullable(),
  status: interviewStatusSchema,
  questions: z.array(z.object({ id: z.number().int(), text: z.string(), status: interviewQuestionStatusSchema })),
  createdAt: isoDateTimeSchema,
});

// The public answer page, by link.

export const answerTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, userText('Not found')),
});

/** GET /api/answer/:token */
export const answerPageSchema = z.object({
  /** As mailed: a library question in the storyteller's language, one written or edited by a person as written. */
  question: z.string(),
  storytellerFirstName: z.string(),
  ownerFirstName: z.string(),
  status: answerLinkStatusSchema,
  expiresAt: isoDateTimeSchema,
  /** The storyteller's language (the contact's, else the owner's): the page speaks it unless this browser chose one. */
  language: z.string(),
});

/** POST /api/answer/:token (multipart) — its text fields. A recording, `recordingUploadId` or `text` is needed. */
export const answerFieldsSchema = z.object({
  text: z.string().max(MAX_TEXT_LENGTH, `The answer must be at most ${MAX_TEXT_LENGTH} characters`).optional(),
  /** A finished resumable upload made at POST /api/answer/:token/uploads. */
  recordingUploadId: z.string().max(100).optional(),
});

export const answerResultSchema = z.object({ status: z.literal('answered') });
export const answerActionResultSchema = z.object({ status: answerLinkStatusSchema });

export type InterviewStatus = z.infer<typeof interviewStatusSchema>;
export type InterviewQuestionStatus = z.infer<typeof interviewQuestionStatusSchema>;
export type AnswerLinkStatus = z.infer<typeof answerLinkStatusSchema>;
export type InterviewSchedule = z.infer<typeof interviewScheduleSchema>;
export type InterviewQuestion = z.infer<typeof interviewQuestionSchema>;
export type Interview = z.infer<typeof interviewSchema>;
export type InterviewQuestionInput = z.infer<typeof interviewQuestionInputSchema>;
export type InterviewInput = z.infer<typeof interviewInputSchema>;
export type InterviewPatch = z.infer<typeof interviewPatchSchema>;
export type FollowUpInput = z.infer<typeof followUpInputSchema>;
export type LibraryQuestion = z.infer<typeof libraryQuestionSchema>;
export type InterviewSuggestion = z.infer<typeof interviewSuggestionSchema>;
export type SuggestableInterview = z.infer<typeof suggestableInterviewSchema>;
export type SuggestionInput = z.infer<typeof suggestionInputSchema>;
export type SuggestionDecision = z.infer<typeof suggestionDecisionSchema>;
export type ProposalOwner = z.infer<typeof proposalOwnerSchema>;
export type ProposalStoryteller = z.infer<typeof proposalStorytellerSchema>;
export type InterviewProposalInput = z.infer<typeof interviewProposalInputSchema>;
export type InterviewProposal = z.infer<typeof interviewProposalSchema>;
export type AnswerPage = z.infer<typeof answerPageSchema>;
export type AnswerFields = z.infer<typeof answerFieldsSchema>;
