// The heartbeat (issue 32, decision 071): a URL heirloom calls every hour, so a monitor outside this server can
// tell the family when it has stopped.
import { z } from 'zod';
import { userText } from '../i18n/text';

export const heartbeatSchema = z.object({
  /** The URL called every hour (the push URL of a Healthchecks or Uptime Kuma monitor), or null when none is set. */
  url: z.string().nullable(),
  lastCallAt: z.string().nullable(),
  /** The last call that was answered with a 2xx. */
  lastOkAt: z.string().nullable(),
  /** Why the last call failed, or null when it was answered. */
  lastError: z.string().nullable(),
});

export const heartbeatInputSchema = z.object({
  url: z
    .string({ error: userText('url must be a web address or null') })
    .trim()
    .max(2000, userText('The address is too long (2,000 characters at most)'))
    .nullable(),
});

export type Heartbeat = z.infer<typeof heartbeatSchema>;
export type HeartbeatInput = z.infer<typeof heartbeatInputSchema>;
