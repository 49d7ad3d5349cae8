// The only reader of process.env: every setting is validated here once, at boot.
import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* from a reverse proxy (set when heirloom sits behind one). */
  TRUST_PROXY: booleanish,
  /** Force the Secure cookie flag even when the request looks like plain HTTP. */
  COOKIE_SECURE: booleanish,
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Login/register attempts allowed per IP and per account in 15 minutes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AI_BASE_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
  AI_MODEL: z.string().optional().transform((v) => v || undefined),
  AI_API_KEY: z.string().optional().transform((v) => v || undefined),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587; without it mail is written to DATA_DIR/outbox. */
  SMTP_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().optional().transform((v) => v || 'heirloom <heirloom@localhost>'),
  /** The address people reach heirloom at: the absolute base of every link in an e-mail. */
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((v) => v?.replace(/\/+$/, '')),
  /** Everything one account may store (photos with their derivatives, attachments, vault, profile picture). */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(10240),
  /** Where the built web app lives; defaults to dist/web next to the server bundle. */
  WEB_DIST_DIR: z.string().optional().transform((v) => v || undefined),
});

export type Env = Omit<z.infer<typeof envSchema>, 'DATA_DIR' | 'PUBLIC_URL'> & { DATA_DIR: string; PUBLIC_URL: string };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Without PUBLIC_URL, links point at this machine on its own port: right for a home install on one computer.
  const publicUrl = parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`;
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR), PUBLIC_URL: publicUrl };
}
