// Entity tags for conditional GETs: one comparison for every route that answers If-None-Match (stored files,
// the timeline, the gallery's months), and one way to name a JSON answer by its content.
import { createHash } from 'node:crypto';

/** If-None-Match compares weakly (RFC 9110 §13.1.2): a list, `*`, and W/ tags all count. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * A weak tag named by `content` (sha256, 27 base64url characters) behind `prefix`: weak, since a gzipped and a
 * plain body are the same representation for revalidation (RFC 9110 §8.8.1).
 */
export const contentEtag = (prefix: string, content: string) =>
  `W/"${prefix}-${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
