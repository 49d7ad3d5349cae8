// PostgreSQL text cannot hold the NUL character: stored, it would fail deep in a query as a 500. Input
// carrying one is refused up front with a clear 400 (plugins/refuse-nul.ts for JSON bodies and queries;
// lib/uploads.ts for multipart text fields).
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}
