// Serving a user's stored file from heirloom's own origin (decision 009). Every file route answers through
// sendFile, so validators, byte ranges, the download name and the headers that keep the bytes inert are the
// same everywhere. Whatever a file contains, it must never run script here.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore, PresignRequest } from './file-store';
import { etagMatches } from './etag';
import { userText } from '@shared/i18n/text';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface FileToSend {
  size: number;
  /** The stored type (recognised from the bytes at upload). */
  mimeType: string;
  /** The user's name for the file; without one the disposition carries no name. */
  fileName?: string;
  /** A download button's file: an attachment even when the type would open inline. */
  download?: boolean;
  /** Changes whenever the bytes do (a content hash, or size + mtime + inode); sent as a strong ETag. */
  version: string;
  lastModified?: Date;
  /** Always private; the route adds how long it may be reused. */
  cacheControl: 'private' | 'private, no-store' | 'private, no-cache' | 'private, max-age=86400' | 'private, max-age=31536000, immutable';
  /** The bytes (or a range of them); called only when a body is sent. */
  open: (range?: ByteRange) => Promise<Buffer | Readable> | Buffer | Readable;
  /**
   * A short-lived link to the same bytes in the bucket (S3_PUBLIC_REDIRECT, decision 041): the client is sent
   * there instead; undefined when the store serves through heirloom.
   */
  presign?: (request: PresignRequest) => Promise<string | undefined>;
}

/** What a service hands its route: everything but the caching policy, which is the route's. */
export type StoredFile = Omit<FileToSend, 'cacheControl'>;

/** A file under a storage key, measured now; undefined when it is not there (the caller answers 404). */
export async function storedFile(
  files: FileStore,
  key: string,
  about: Pick<FileToSend, 'mimeType' | 'fileName' | 'lastModified'> & { version?: string },
): Promise<StoredFile | undefined> {
  let stat;
  try {
    stat = await files.stat(key);
  } catch {
    return undefined;
  }
  const version = about.version ?? stat.version;
  return {
    ...about,
    version,
    size: stat.size,
    open: (range) => files.openRead(key, range),
    presign: (request) => files.presignedUrl(key, request),
  };
}

/** Passive types a browser shows by itself: only these open inline, everything else downloads. */
const INLINE_TYPE = /^(image\/(jpeg|png|gif|webp)|audio\/[\w.+-]+|video\/(mp4|webm|quicktime)|application\/pdf)$/;
/** Types a browser could execute or render as a document if it ever got the chance: sent as opaque bytes. */
const ACTIVE_TYPE = /html|xml|svg|javascript|ecmascript|x-shockwave-flash|text\/css|application\/json/i;
const MIME_SHAPE = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * `sandbox` makes the response a unique opaque origin without scripts even if a browser did render it;
 * images and audio opened on their own still show and play. Chromium's PDF viewer does not load inside a
 * sandboxed document, so PDFs get the strict policy without `sandbox` (still no script, no connections).
 */
export const FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
export const PDF_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'none'";

/** The Content-Type a stored type is sent with: active types never keep theirs. */
function servedType(mimeType: string): string {
  if (mimeType === 'text/plain') return 'text/plain; charset=utf-8';
  if (ACTIVE_TYPE.test(mimeType) || !MIME_SHAPE.test(mimeType)) return 'application/octet-stream';
  return mimeType;
}

const isInlineType = (mimeType: string) => INLINE_TYPE.test(mimeType);

/** RFC 6266 / RFC 5987: an ASCII fallback for old clients and the exact UTF-8 name for everyone else. */
export function contentDisposition(mimeType: string, fileName?: string, download = false): string {
  const type = isInlineType(mimeType) && !download ? 'inline' : 'attachment';
  if (fileName === undefined) return type;
  let fallback = '';
  for (const ch of fileName) {
    const code = ch.codePointAt(0)!;
    // quoted-string safe and never a percent sequence some clients would decode
    fallback += code >= 0x20 && code <= 0x7e && ch !== '"' && ch !== '\\' && ch !== '%' ? ch : '_';
  }
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback || 'file'}"; filename*=UTF-8''${encoded}`;
}

/** 'bytes=0-99', 'bytes=100-', 'bytes=-500' → an inclusive range; undefined = send it all; null = unsatisfiable. */
function parseRange(header: string | undefined, size: number): ByteRange | undefined | null {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined; // several ranges or nonsense: send it all
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** A Range applies only to the version the client holds (If-Range: our ETag or Last-Modified), else all is sent. */
function rangeApplies(ifRange: string | undefined, etag: string, lastModified: string | undefined) {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === etag; // If-Range uses the strong comparison
  return lastModified !== undefined && value === lastModified;
}

/** Fastify's HEAD route sets Content-Length: 0 for an empty reply, but keeps ours for a (here empty) stream. */
const noBody = () => Readable.from([]);

export async function sendFile(req: FastifyRequest, reply: FastifyReply, file: FileToSend) {
  const etag = `"${file.version}"`;
  const lastModified = file.lastModified?.toUTCString();
  const validators = () => {
    reply.header('ETag', etag).header('Cache-Control', file.cacheControl).header('Vary', 'Cookie');
    if (lastModified) reply.header('Last-Modified', lastModified);
  };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    validators();
    return reply.code(304).send();
  }
  const contentType = servedType(file.mimeType);
  const disposition = contentDisposition(file.mimeType, file.fileName, file.download);
  const redirect = await file.presign?.({ contentType, contentDisposition: disposition });
  if (redirect) {
    // the bucket answers Range and validators itself; this answer must not be reused once the link expires
    return reply.code(302).header('Location', redirect).header('Cache-Control', 'private, no-store').header('Vary', 'Cookie').send();
  }
  const range = rangeApplies(String(req.headers['if-range'] ?? ''), etag, lastModified)
    ? parseRange(req.headers.range, file.size)
    : undefined;
  const isHead = req.method === 'HEAD';
  // Opened before any header is set: a file that cannot be read answers with a plain JSON error.
  const body = range === null || isHead ? undefined : await file.open(range);
  validators();
  if (range === null) {
    // Like every other 4xx, a JSON message; Content-Range tells the client the size it may ask within.
    return reply
      .code(416)
      .header('Content-Range', `bytes */${file.size}`)
      .send({ message: userText('The requested range is not within this file') });
  }
  reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', disposition)
    .header('Content-Security-Policy', file.mimeType === 'application/pdf' ? PDF_CSP : FILE_CSP)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes');
  if (!range) {
    reply.code(200).header('Content-Length', file.size);
    return reply.send(isHead ? noBody() : body);
  }
  reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', range.end - range.start + 1);
  if (isHead) return reply.send(noBody());
  // A body kept in memory is cut here; a stream was opened on the range already.
  return reply.send(Buffer.isBuffer(body) && body.length === file.size ? body.subarray(range.start, range.end + 1) : body);
}

/** An archive written as it is sent (a share's "Download all", an heir's "Download everything"). */
export interface ArchiveToSend {
  fileName: string;
  /** The zip as a stream; called only when a body is sent. */
  open: () => Readable;
}

/**
 * A zip made for this request: the same inert headers as a stored file, never kept by a browser or proxy
 * (revoking must take it away at once), and no length or ranges (it does not exist before it is sent).
 */
export function sendArchive(req: FastifyRequest, reply: FastifyReply, archive: ArchiveToSend) {
  reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', contentDisposition('application/zip', archive.fileName))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', FILE_CSP);
  return reply.send(req.method === 'HEAD' ? noBody() : archive.open());
}
