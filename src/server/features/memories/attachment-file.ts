// Serving a stored attachment to its owner: the right Content-Type so images show and audio plays,
// byte ranges so audio can seek, and headers that stop a browser from re-interpreting the bytes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from '../../lib/file-store';
import { notFound } from '../../lib/errors';

export interface StoredFile {
  key: string;
  mimeType: string;
  fileName: string;
  contentHash: string | null;
  uploadedAt: Date;
}

/** 'bytes=0-99', 'bytes=100-', 'bytes=-500' → an inclusive range within size; undefined = serve it all; null = unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined | null {
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

/** RFC 6266 Content-Disposition for a user's file name: an ASCII fallback plus the UTF-8 original. */
function inlineDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function sendStoredFile(req: FastifyRequest, reply: FastifyReply, files: FileStore, file: StoredFile) {
  let size: number;
  try {
    size = (await files.stat(file.key)).size;
  } catch {
    throw notFound('Attachment file not found');
  }
  const etag = `"${file.contentHash ? file.contentHash.slice(0, 32) : `${size}-${file.uploadedAt.getTime()}`}"`;
  reply
    .header('Content-Type', file.mimeType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', file.uploadedAt.toUTCString())
    .header('Content-Disposition', inlineDisposition(file.fileName));

  if (req.headers['if-none-match'] === etag) return reply.code(304).send();

  // A Range only applies to the version the client has (If-Range), else the whole file is sent.
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, size);
  if (range === null) {
    return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(files.openRead(file.key, range));
  }
  return reply.code(200).header('Content-Length', size).send(files.openRead(file.key));
}
