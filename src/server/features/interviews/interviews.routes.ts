// HTTP only (decision 066). The owner's interviews (/api/interviews), the question library
// (/api/interview-questions), the family's suggestions (/api/interview-suggestions) and the interviews the family
// proposes (/api/interview-proposals, decision 069), in the signed-in scope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import { answerLanguage } from '../../lib/i18n';
import {
  followUpInputSchema,
  interviewInputSchema,
  interviewPatchSchema,
  interviewProposalInputSchema,
  interviewProposalSchema,
  interviewQuestionParamsSchema,
  interviewSchema,
  interviewSuggestionParamsSchema,
  interviewSuggestionSchema,
  libraryQuestionSchema,
  libraryQuestionsQuerySchema,
  proposalOwnerParamsSchema,
  proposalOwnerSchema,
  proposalStorytellerSchema,
  suggestableInterviewSchema,
  suggestionDecisionSchema,
  suggestionInputSchema,
} from '@shared/schemas/interviews';
import { errorAnswers, noContent } from '../../lib/route-answers';
import { currentUser } from '../../plugins/session';

export const interviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { interviews } = app.services;

  app.get('/interviews', { schema: { response: { 200: z.array(interviewSchema) } } }, (req) => interviews.list(currentUser(req).id));

  app.post(
    '/interviews',
    { schema: { body: interviewInputSchema, response: { 201: interviewSchema, ...errorAnswers(404) } } },
    async (req, reply) => reply.code(201).send(await interviews.create(currentUser(req).id, req.body)),
  );

  app.get('/interviews/:id', { schema: { params: idParamsSchema, response: { 200: interviewSchema } } }, (req) =>
    interviews.get(currentUser(req).id, req.params.id),
  );

  app.patch(
    '/interviews/:id',
    { schema: { params: idParamsSchema, body: interviewPatchSchema, response: { 200: interviewSchema, ...errorAnswers(409) } } },
    (req) => interviews.update(currentUser(req).id, req.params.id, req.body),
  );

  app.delete('/interviews/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await interviews.remove(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/interviews/:id/questions/:questionId/resend',
    { schema: { params: interviewQuestionParamsSchema, response: { 200: interviewSchema, ...errorAnswers(409) } } },
    (req) => interviews.resend(currentUser(req).id, req.params.id, req.params.questionId),
  );

  app.post(
    '/interviews/:id/questions/:questionId/follow-up',
    {
      schema: {
        params: interviewQuestionParamsSchema,
        body: followUpInputSchema,
        response: { 200: interviewSchema, ...errorAnswers(409) },
      },
    },
    (req) => interviews.followUp(currentUser(req).id, req.params.id, req.params.questionId, req.body.text),
  );

  app.get(
    '/interviews/:id/suggestions',
    { schema: { params: idParamsSchema, response: { 200: z.array(interviewSuggestionSchema) } } },
    (req) => interviews.suggestions(currentUser(req).id, req.params.id),
  );

  app.patch(
    '/interviews/:id/suggestions/:suggestionId',
    {
      schema: {
        params: interviewSuggestionParamsSchema,
        body: suggestionDecisionSchema,
        response: { 200: interviewSuggestionSchema, ...errorAnswers(409) },
      },
    },
    (req) => interviews.decideSuggestion(currentUser(req).id, req.params.id, req.params.suggestionId, req.body.status),
  );

  app.get(
    '/interview-questions',
    { schema: { querystring: libraryQuestionsQuerySchema, response: { 200: z.array(libraryQuestionSchema) } } },
    (req) => interviews.library(req.query.theme, answerLanguage(req)),
  );

  app.get('/interview-suggestions/for-me', { schema: { response: { 200: z.array(suggestableInterviewSchema) } } }, (req) =>
    interviews.suggestableForMe(currentUser(req).id),
  );

  app.post(
    '/interview-suggestions/for-me/:id',
    { schema: { params: idParamsSchema, body: suggestionInputSchema, response: { 201: interviewSuggestionSchema } } },
    async (req, reply) => reply.code(201).send(await interviews.suggest(currentUser(req).id, req.params.id, req.body.text)),
  );

  app.post(
    '/interviews/:id/approve',
    { schema: { params: idParamsSchema, response: { 200: interviewSchema, ...errorAnswers(409) } } },
    (req) => interviews.approve(currentUser(req).id, req.params.id),
  );

  app.post(
    '/interviews/:id/decline',
    { schema: { params: idParamsSchema, response: { ...noContent, ...errorAnswers(409) } } },
    async (req, reply) => {
      await interviews.decline(currentUser(req).id, req.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/interview-proposals/owners', { schema: { response: { 200: z.array(proposalOwnerSchema) } } }, (req) =>
    interviews.proposalOwners(currentUser(req).id),
  );

  app.get(
    '/interview-proposals/owners/:ownerId/storytellers',
    { schema: { params: proposalOwnerParamsSchema, response: { 200: z.array(proposalStorytellerSchema) } } },
    (req) => interviews.proposalStorytellers(currentUser(req).id, req.params.ownerId),
  );

  app.get('/interview-proposals', { schema: { response: { 200: z.array(interviewProposalSchema) } } }, (req) =>
    interviews.proposals(currentUser(req).id),
  );

  app.post(
    '/interview-proposals',
    { schema: { body: interviewProposalInputSchema, response: { 201: interviewProposalSchema, ...errorAnswers(404, 409) } } },
    async (req, reply) => reply.code(201).send(await interviews.propose(currentUser(req).id, req.body)),
  );

  app.delete(
    '/interview-proposals/:id',
    { schema: { params: idParamsSchema, response: { ...noContent, ...errorAnswers(409) } } },
    async (req, reply) => {
      await interviews.withdraw(currentUser(req).id, req.params.id);
      return reply.code(204).send();
    },
  );
};
