// Server-side sessions: a random 256-bit token in an HttpOnly SameSite=Lax cookie; only its sha256 is
// stored. Lookups are cached in memory for a short while (GET /api/user is the hottest route), and every
// revocation goes through here, so the cache is cleared exactly when a session ends, in every instance:
// the drop is published on the instance bus (decision 043), and while this process cannot hear the others
// it answers from the database only.
import cookie from '@fastify/cookie';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '@shared/schemas/auth';
import { unauthorized } from '../lib/errors';
import { createSessionRepo } from './session.repo';
import { userText } from '@shared/i18n/text';

const SESSION_COOKIE = 'heirloom_session';
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 10_000;
/** The instance-bus topic: drop one session, or all of a user's, from every instance's cache. */
const TOPIC = 'sessions.drop';

type Drop = { tokenHash: string } | { userId: number };

interface CachedSession {
  user: User;
  expiresAt: number;
  cachedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    sessions: SessionManager;
  }
}

export interface SessionManager {
  start(reply: FastifyReply, userId: number): Promise<void>;
  end(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Revoke all of a user's sessions but (optionally) the current one. */
  revokeUser(userId: number, keepTokenHash?: string): Promise<void>;
  /** The user's row changed (profile, picture): drop cached copies. */
  forgetUser(userId: number): void;
  /** The signed-in user of any request (the hook above reads sessions only for /api); used for the app's HTML. */
  userOf(req: FastifyRequest): Promise<User | null>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const repo = createSessionRepo(app.db);
  const instances = app.instances;
  const ttlMs = app.env.SESSION_DAYS * 24 * 60 * 60 * 1000;
  const cache = new Map<string, CachedSession>();
  // Bumped whenever cached users are dropped: a lookup that read the database before the drop must not put
  // what it read back into the cache (a deleted account's session would then live on for CACHE_TTL_MS).
  let forgets = 0;

  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  const cookieOptions = (req: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.env.COOKIE_SECURE || req.protocol === 'https',
  });

  async function lookup(tokenHash: string): Promise<User | null> {
    const now = Date.now();
    const hit = instances.listening ? cache.get(tokenHash) : undefined;
    if (hit && now - hit.cachedAt < CACHE_TTL_MS && hit.expiresAt > now) return hit.user;
    const forgetsBefore = forgets;
    const found = await repo.findUser(tokenHash);
    if (!found) {
      cache.delete(tokenHash);
      return null;
    }
    let expiresAt = found.expiresAt.getTime();
    // Sliding expiry, written at most about once a day rather than on every request.
    if (expiresAt - now < ttlMs - 24 * 60 * 60 * 1000) {
      expiresAt = now + ttlMs;
      await repo.extend(tokenHash, new Date(expiresAt));
    }
    if (forgets !== forgetsBefore || !instances.listening) return found.user;
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(tokenHash, { user: found.user, expiresAt, cachedAt: now });
    return found.user;
  }

  async function readSession(req: FastifyRequest) {
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = hashToken(token);
    req.user = await lookup(tokenHash);
    if (req.user) req.sessionTokenHash = tokenHash;
  }

  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) await readSession(req);
  });

  // Every instance, this one included (synchronously, within publish), drops what an event names.
  instances.on(TOPIC, (payload) => {
    const drop = payload as Drop;
    forgets++;
    if ('tokenHash' in drop) cache.delete(drop.tokenHash);
    else for (const [key, entry] of cache) if (entry.user.id === drop.userId) cache.delete(key);
  });
  // Events sent while this process could not hear them are lost: start again from the database.
  instances.onGap(() => {
    forgets++;
    cache.clear();
  });
  const drop = (what: Drop) => instances.publish(TOPIC, what);

  function forgetUser(userId: number) {
    void drop({ userId });
  }

  app.decorate('sessions', {
    async start(reply, userId) {
      const token = randomBytes(32).toString('base64url');
      await repo.insert(userId, hashToken(token), new Date(Date.now() + ttlMs));
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(reply.request), maxAge: Math.floor(ttlMs / 1000) });
    },
    async end(req, reply) {
      if (req.sessionTokenHash) {
        await repo.remove(req.sessionTokenHash);
        await drop({ tokenHash: req.sessionTokenHash });
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
    },
    async revokeUser(userId, keepTokenHash) {
      await repo.removeAllOfUser(userId, keepTokenHash);
      // the kept session's user may have changed too (a new password): its cached copy is dropped as well
      await drop({ userId });
    },
    forgetUser,
    async userOf(req) {
      if (!req.user) await readSession(req);
      return req.user;
    },
  } satisfies SessionManager);
});

/** onRequest hook for the signed-in scope: 401 before any handler runs. */
export async function requireUser(req: FastifyRequest) {
  if (!req.user) throw unauthorized(userText('Please log in to continue'));
}

/** req.user inside the signed-in scope, typed as present. */
export function currentUser(req: FastifyRequest): User {
  if (!req.user) throw unauthorized(userText('Please log in to continue'));
  return req.user;
}
