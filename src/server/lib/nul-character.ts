import { userText } from '@shared/i18n/text';
// PostgreSQL text cannot hold the NUL character, and jsonb refuses it and unpaired UTF-16 surrogates too:
// stored, either would fail deep in a query as a 500 (or, written by the job queue, stop the process).
// Input from requests carrying a NUL is refused up front with a clear 400 (plugins/refuse-nul.ts for JSON
// bodies and queries; lib/uploads.ts for multipart text fields). Text read from files (archives, sidecars,
// metadata) is cleaned with cleanText instead: one odd byte in a 100,000-photo archive must not lose it.
export const NUL_MESSAGE = userText('Text cannot contain the NUL character (\\u0000)');

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

// eslint-disable-next-line no-control-regex -- the NUL character is what is removed
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text PostgreSQL accepts in text and jsonb: NUL removed, unpaired surrogates replaced by U+FFFD. */
export function cleanText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Whether cleanText would change the text (for a report line saying a field was cleaned). */
export function needsCleaning(text: string): boolean {
  return cleanText(text) !== text;
}
