import { z } from 'zod';

/** The only coercing schema in shared: numeric path params arrive as strings. */
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Not found' })
    .int('Not found')
    .positive('Not found')
    .max(2_147_483_647, 'Not found'),
});

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** yyyy-MM-dd that is a real calendar day. */
export const calendarDateSchema = z.iso.date();
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
