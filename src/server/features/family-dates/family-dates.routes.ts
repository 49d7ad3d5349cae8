// /api/family-dates (issue 30 item 6): the coming days' family dates, and the switch for their weekly mail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  familyDatesQuerySchema,
  familyDatesSchema,
  familyDatesSettingsInputSchema,
  familyDatesSettingsSchema,
} from '@shared/schemas/family-dates';
import { answerLanguage } from '../../lib/i18n';
import { currentUser } from '../../plugins/session';

export const familyDatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { familyDates } = app.services;

  app.get('/', { schema: { querystring: familyDatesQuerySchema, response: { 200: familyDatesSchema } } }, (req) =>
    familyDates.list(currentUser(req).id, req.query, answerLanguage(req)),
  );

  app.get('/settings', { schema: { response: { 200: familyDatesSettingsSchema } } }, (req) => familyDates.settings(currentUser(req).id));

  app.put('/settings', { schema: { body: familyDatesSettingsInputSchema, response: { 200: familyDatesSettingsSchema } } }, (req) =>
    familyDates.setSettings(currentUser(req).id, req.body),
  );
};
