// Data handed to the web app inside its HTML (decision 035). A JSON block (`type="application/json"`) is
// never executed, so it needs no exception to the CSP's `script-src 'self'`; the app reads it with JSON.parse.
import type { User } from '@shared/schemas/auth';
import { SERVER_USER_ELEMENT_ID } from '@shared/page-data';

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` are escaped as \u003c etc., so no value (a
 * name of "</script><script>…") can end the element or open a comment; U+2028/2029 for old JS parsers.
 * JSON.parse reads the escapes back as the same characters.
 */
export function scriptSafeJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('scriptSafeJson: value has no JSON form');
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's HTML with the signed-in user in a JSON block at the end of <head>. */
export function withServerUser(html: string, user: User): string {
  const block = `<script type="application/json" id="${SERVER_USER_ELEMENT_ID}">${scriptSafeJson(user)}</script>`;
  const at = html.indexOf('</head>');
  if (at === -1) throw new Error('withServerUser: the page has no </head>');
  return html.slice(0, at) + block + html.slice(at);
}
