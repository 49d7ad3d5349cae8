// What a grant's state means, said once. Sharing and the Legacy Plan are one grants table (decisions 025 and
// 027): a link is a grant shared now, an heir's release is a grant waiting on a condition. Every repo asks
// "may this grant be read" with these conditions, never with its own spelling of the columns.
//
// `now` is the request's clock (a Date), or `databaseNow` inside column expressions computed by PostgreSQL
// (a photo's "isPublic as read"). The conditions name the table `grants` itself: a subquery joins it unaliased.
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { grants } from './schema';

type Now = Date | SQL;

/** PostgreSQL's own clock, for expressions that have no request time to pass. */
export const databaseNow = sql`now()`;

/** Shared now: not waiting on a Legacy Plan condition. */
export const sharedNow: SQL = eq(grants.releaseCondition, 'now');

/** A personal or public link (the Legacy Plan's heir grants are not links). */
export const isLink: SQL = inArray(grants.linkKind, ['personal', 'public']);

/** A grant of the Legacy Plan to an heir. */
export const isHeirGrant: SQL = eq(grants.linkKind, 'heir');

/** Not past its expiry (a grant without one never expires). */
export const notExpired = (now: Now): SQL => or(isNull(grants.expiresAt), gt(grants.expiresAt, now))!;

/**
 * A live grant: shared now and not expired. Revoking deletes the row, so there is no revoked state to test;
 * an expired link still resolves (its answer is 410, not 404) but reaches nothing.
 */
export const liveGrant = (now: Now): SQL => and(sharedNow, notExpired(now))!;

/** A live personal or public link. */
export const liveLink = (now: Now): SQL => and(isLink, liveGrant(now))!;

/** A live public link: what makes a photo or memory public as read. */
export const livePublicLink = (now: Now): SQL => and(eq(grants.linkKind, 'public'), liveGrant(now))!;

/** A released grant: an heir's whose release the trigger recorded (released_at) at or before `now`. */
export const releasedGrant = (now: Now): SQL => and(isHeirGrant, isNotNull(grants.releasedAt), lte(grants.releasedAt, now))!;

/** An heir's grant still waiting for its release. */
export const unreleasedGrant: SQL = and(isHeirGrant, isNull(grants.releasedAt))!;
