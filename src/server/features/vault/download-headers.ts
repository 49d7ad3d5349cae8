// Response headers for serving a user's uploaded file from heirloom's own origin. Whatever the bytes are,
// they must never run script here: most files download as attachments under a sandboxing CSP, and only
// types a browser shows passively (PDF, raster images) may open inline.

/** Types that may open in the browser: passive content the browser renders itself. */
const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Types a browser could execute or render as a document if it ever got the chance: served as opaque bytes. */
const ACTIVE_TYPE = /html|xml|svg|javascript|ecmascript|x-shockwave-flash|text\/css|application\/json/i;
const MIME_SHAPE = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * Every file response. `sandbox` makes the response a unique opaque origin without scripts even if a
 * browser did render it. Chrome's PDF viewer does not load inside a sandboxed document, so PDFs get the
 * strict policy without `sandbox` (still no script, no connections, no frames of ours).
 */
export const FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
export const PDF_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'none'";

/** RFC 6266 / RFC 5987: an ASCII fallback for old clients and the exact UTF-8 name for everyone else. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string) {
  let fallback = '';
  for (const ch of fileName) {
    const code = ch.codePointAt(0)!;
    // quoted-string safe and never a percent sequence some clients would decode
    fallback += code >= 0x20 && code <= 0x7e && ch !== '"' && ch !== '\\' && ch !== '%' ? ch : '_';
  }
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback || 'file'}"; filename*=UTF-8''${encoded}`;
}

export function downloadHeaders(file: { originalName: string; mimeType: string; fileSize: number }) {
  const inline = INLINE_TYPES.has(file.mimeType);
  let contentType = file.mimeType;
  if (!inline) {
    if (file.mimeType === 'text/plain') contentType = 'text/plain; charset=utf-8';
    else if (ACTIVE_TYPE.test(file.mimeType) || !MIME_SHAPE.test(file.mimeType)) contentType = 'application/octet-stream';
  }
  return {
    'content-type': contentType,
    'content-length': String(file.fileSize),
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
    'content-security-policy': file.mimeType === 'application/pdf' ? PDF_CSP : FILE_CSP,
    'x-content-type-options': 'nosniff',
    // Private documents: no copy stays in a shared computer's cache after the tab is closed.
    'cache-control': 'private, no-store',
  };
}
