import { z } from 'zod';
import { userText } from '../i18n/text';

/** Ids are PostgreSQL integers: 1 … 2³¹−1. */
export const MAX_ID = 2_147_483_647;

/**
 * The only converting schema in shared: a numeric path param arrives as a string and is read strictly —
 * decimal digits without sign, spaces, leading zeros, exponent or hex ('0x4', '+4', '4.0', '4e0', ' 4' are
 * not id 4) and at most MAX_ID; anything else names nothing (404, decision 016).
 */
export const idParamSchema = z
  .string({ error: userText('Not found') })
  .regex(/^[1-9]\d{0,9}$/, userText('Not found'))
  .transform(Number)
  .pipe(z.number().max(MAX_ID, userText('Not found')));

export const idParamsSchema = z.object({ id: idParamSchema });

/** The one error contract: every 4xx and 5xx answers this body (named ErrorBody in the OpenAPI document). */
export const errorBodySchema = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in words a person can read' }),
    code: z.string().optional().meta({ description: 'A stable code for programs, where there is one (VALIDATION, TOO_LARGE, …)' }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Each invalid field of a refused request (code VALIDATION)' }),
  })
  .meta({ id: 'ErrorBody', description: 'An error: 4xx for a request heirloom refuses, 5xx when it cannot answer' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** yyyy-MM-dd that is a real calendar day. */
export const calendarDateSchema = z.iso.date();
/** Every timestamp the API returns (createdAt, uploadedAt, …): ISO 8601 as toISOString() writes it; an offset is also accepted. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
