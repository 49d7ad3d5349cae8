// The only reader of process.env: every setting is validated here once, at boot.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const TRUST_PROXY_TRUE =
  "TRUST_PROXY=true would believe any client's X-Forwarded-For header. Set the number of proxies in front of heirloom " +
  '(e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8).';

function isAddressOrCidr(value: string) {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxySchema = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim().toLowerCase();
    if (value === '' || value === 'false' || value === '0' || value === 'no') return false;
    if (value === 'true' || value === 'yes') {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE });
      return z.NEVER;
    }
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isAddressOrCidr)) return list;
    ctx.addIssue({ code: 'custom', message: `expected a number of proxies or a comma-separated list of addresses/CIDRs, got "${v}"` });
    return z.NEVER;
  });

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Which X-Forwarded-* hops to believe: false (none), a hop count, or the proxies' addresses / CIDRs. A bare
     * `true` would believe any client's X-Forwarded-For (rate limits bypassed) and is refused.
     */
    TRUST_PROXY: trustProxySchema,
    /** Host names heirloom answers to besides PUBLIC_URL's, localhost and this machine's own addresses. */
    ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Force the Secure cookie flag even when the request looks like plain HTTP. */
    COOKIE_SECURE: booleanish,
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Login/register attempts allowed per IP and per account in 15 minutes. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    AI_BASE_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AI_MODEL: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    AI_API_KEY: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
    /**
     * A speech-to-text model at AI_BASE_URL's OpenAI-compatible /audio/transcriptions (e.g. whisper-1): voice
     * recordings and audio attachments can then be transcribed into a memory's text. Unset: no Transcribe button.
     */
    AI_TRANSCRIBE_MODEL: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587; without it mail is written to DATA_DIR/outbox. */
    SMTP_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z
      .string()
      .optional()
      .transform((v) => v || 'heirloom <heirloom@localhost>'),
    /** The address people reach heirloom at: the absolute base of every link in an e-mail. */
    PUBLIC_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => v?.replace(/\/+$/, '')),
    /**
     * Who may make an account (decision 048): `invitation` (the administrator invites by e-mail), `open` (anyone
     * who finds /register) or `closed` (nobody new). The first account, the administrator, is always made at /.
     */
    REGISTRATION: z.enum(['invitation', 'open', 'closed']).default('invitation'),
    /**
     * Finding faces and objects in the photos, on this server (issue 29, decision 057): `on`, or `off` for a
     * server that must never run the model (each account can also turn it off in Settings).
     */
    FACE_RECOGNITION: z.enum(['on', 'off']).default('on'),
    /**
     * Reading the words of the vault's documents on this server (decision 058): a PDF's text layer, and OCR of scans
     * and pictures of papers. `off`: no document is read (those stored meanwhile are read once it is `on` again).
     */
    DOCUMENT_TEXT: z.enum(['on', 'off']).default('on'),
    /**
     * Addresses an account holder sets for the server to call (the heartbeat URL, the escrow bucket) may be in this
     * server's own network (loopback, private, link-local): `true` for a relative's MinIO at home. Off by default,
     * so nobody can make the server call into its own network.
     */
    OUTBOUND_ALLOW_PRIVATE: booleanish,
    /** Everything one account may store (photos with their derivatives, attachments, vault, profile picture). */
    STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(10240),
    /** ffmpeg and ffprobe to use instead of the ones `npm ci` installs (decision 038). */
    FFMPEG_PATH: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    FFPROBE_PATH: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    /** The largest video the gallery takes (decision 038). */
    VIDEO_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(2048),
    /**
     * Signs share links (decision 025): at least 32 characters. Without it heirloom makes one in
     * DATA_DIR/instance-secret on first start; several app servers need the same value.
     */
    INSTANCE_SECRET: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(32, 'INSTANCE_SECRET must be at least 32 characters').optional()),
    /**
     * A folder on the server whose archives (or unpacked Takeout folders) users may import without uploading
     * them (decision 029); unset, only uploads are offered.
     */
    HEIRLOOM_IMPORT_DIR: z
      .string()
      .optional()
      .transform((v) => (v ? path.resolve(v) : undefined)),
    /**
     * Where files live (decision 041): `local` (DATA_DIR/files, the default) or `s3` (an S3-compatible bucket, for
     * several app servers). With s3, DATA_DIR keeps only this instance's scratch files.
     */
    STORAGE: z.enum(['local', 's3']).default('local'),
    /** The S3 API's address, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; unset = AWS by region. */
    S3_ENDPOINT: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_BUCKET: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    S3_REGION: z
      .string()
      .optional()
      .transform((v) => v || 'us-east-1'),
    S3_ACCESS_KEY_ID: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    /** bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most self-hosted servers. */
    S3_FORCE_PATH_STYLE: booleanish,
    /** Serve files by a short-lived presigned redirect to the bucket instead of through heirloom. */
    S3_PUBLIC_REDIRECT: booleanish,
    /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    /** Where the built web app lives; defaults to dist/web next to the server bundle. */
    WEB_DIST_DIR: z
      .string()
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE !== 's3') return;
    if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE=s3 needs S3_BUCKET' });
    // several app servers sign and check the same share links: a secret made on one machine's disk would differ
    if (!env.INSTANCE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['INSTANCE_SECRET'],
        message: 'STORAGE=s3 needs INSTANCE_SECRET (the same on every app server)',
      });
    }
  });

/** Every setting heirloom reads (the compose file and the docs may name only these). */
export const ENV_NAMES = Object.keys(envSchema.shape);

export type Env = Omit<z.infer<typeof envSchema>, 'DATA_DIR' | 'PUBLIC_URL'> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** PUBLIC_URL was set, rather than guessed as localhost: Settings → Members warns the administrator when not. */
  publicUrlConfigured: boolean;
};

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Without PUBLIC_URL, links point at this machine on its own port: right for a home install on one computer.
  const publicUrl = parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`;
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    PUBLIC_URL: publicUrl,
    publicUrlConfigured: parsed.data.PUBLIC_URL !== undefined,
  };
}
