// Outbound calls to an address an account holder sets (the heartbeat URL, the escrow bucket): they must not let
// anyone make the server call into its own network. An address that resolves to loopback, private, link-local
// (cloud metadata), unique-local or any other non-public range is refused unless the operator allows it
// (OUTBOUND_ALLOW_PRIVATE=true, for a relative's MinIO at home). The check runs in the socket's own DNS lookup,
// so a name cannot resolve to a public address when checked and to a private one when connected; redirects are
// followed by hand, each hop checked again.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { IntlShape } from 'react-intl';
import { defineMessages } from './define-messages';
import { badRequest } from './errors';
import { inEnglish, sentence, sentenceIn, translator, type Sentence } from './i18n';

export const OUTBOUND_PRIVATE_CODE = 'OUTBOUND_PRIVATE_ADDRESS';
const MAX_REDIRECTS = 5;
// the messages of the errors outboundRequest throws itself, read back by outboundFailure (for logs: English)
const NO_ANSWER = 'No answer in time';
const TOO_MANY_REDIRECTS = 'Too many redirects';

const messages = defineMessages({
  ownNetwork: {
    id: 'errors.outbound.ownNetwork',
    defaultMessage: "{host} is an address of this server's own network, which heirloom does not call",
  },
  notAWebAddress: { id: 'errors.outbound.notAWebAddress', defaultMessage: 'That is not a web address (it starts with https://)' },
  wrongScheme: { id: 'errors.outbound.wrongScheme', defaultMessage: 'The address must start with https:// or http://' },
  hostNotFound: { id: 'errors.outbound.hostNotFound', defaultMessage: '{host} could not be found' },
  notFound: { id: 'errors.outbound.notFound', defaultMessage: 'The address could not be found' },
  refused: { id: 'errors.outbound.refused', defaultMessage: 'Nothing answered at that address' },
  cut: { id: 'errors.outbound.cut', defaultMessage: 'The connection was cut' },
  noAnswer: { id: 'errors.outbound.noAnswer', defaultMessage: 'No answer in time' },
  certificate: { id: 'errors.outbound.certificate', defaultMessage: 'Its certificate could not be trusted' },
  redirects: { id: 'errors.outbound.redirects', defaultMessage: 'It redirected too many times' },
  failed: { id: 'errors.outbound.failed', defaultMessage: 'The call could not be made' },
});

/** An address heirloom will not call: not a web address, not found, or (unless allowed) of its own network. */
export class OutboundAddressError extends Error {
  constructor(
    /** The reason as a sentence, for a reader of another language; `message` is its English. */
    readonly said: Sentence,
    readonly code: typeof OUTBOUND_PRIVATE_CODE | 'INVALID_URL' = OUTBOUND_PRIVATE_CODE,
  ) {
    super(inEnglish(said));
  }
}

/** True for an address on the public internet (a global unicast address, after unmapping IPv4-in-IPv6). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const refused = (host: string) => new OutboundAddressError(sentence(messages.ownNetwork, { host }));

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A `dns.lookup` for sockets and agents that refuses names resolving to a non-public address. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) return callback(refused(hostname), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Agents whose connections go only to public addresses (unless allowed): for clients such as the S3 SDK. */
export function guardedAgents(allowPrivate: boolean) {
  const lookup = guardedLookup(allowPrivate) as unknown as net.LookupFunction;
  return { httpAgent: new http.Agent({ lookup, keepAlive: true }), httpsAgent: new https.Agent({ lookup, keepAlive: true }) };
}

/**
 * Checks a URL an account holder gives: http or https, and (unless allowed) a host that is not a literal private
 * address and does not resolve to one. Throws an OutboundAddressError with a sentence for the user.
 */
export async function checkOutboundUrl(text: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundAddressError(sentence(messages.notAWebAddress), 'INVALID_URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundAddressError(sentence(messages.wrongScheme), 'INVALID_URL');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw refused(host);
    return url;
  }
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => {
    throw new OutboundAddressError(sentence(messages.hostNotFound, { host }), 'INVALID_URL');
  });
  if (addresses.some((a) => !isPublicAddress(a.address))) throw refused(host);
  return url;
}

/** An address an account holder sets, checked as checkOutboundUrl does; a refusal is their 400, with the reason. */
export async function acceptOutboundUrl(text: string, allowPrivate: boolean): Promise<URL> {
  try {
    return await checkOutboundUrl(text, allowPrivate);
  } catch (err) {
    if (err instanceof OutboundAddressError) throw badRequest(err.said, err.code);
    throw err;
  }
}

/** Why an outbound call failed, in words for the account holder (in the language of `intl`; English by default). */
export function outboundFailure(err: unknown, intl: IntlShape = translator(undefined)): string {
  if (err instanceof OutboundAddressError) return sentenceIn(intl.locale, err.said);
  const code = (err as { code?: string }).code;
  const say = (message: Sentence['message']) => intl.formatMessage(message);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return say(messages.notFound);
  if (code === 'ECONNREFUSED') return say(messages.refused);
  if (code === 'ECONNRESET') return say(messages.cut);
  if (code === 'ETIMEDOUT' || (err instanceof Error && (err.message === NO_ANSWER || err.name === 'TimeoutError')))
    return say(messages.noAnswer);
  if (typeof code === 'string' && (code.startsWith('ERR_TLS') || code.includes('CERT'))) return say(messages.certificate);
  if (err instanceof Error && err.message === TOO_MANY_REDIRECTS) return say(messages.redirects);
  return say(messages.failed);
}

export interface OutboundAnswer {
  status: number;
  /** The address that answered, after redirects. */
  url: string;
}

/**
 * One request to an account holder's URL (GET unless told), following at most five redirects, each one checked
 * like the first. The body is read and dropped. Rejects on a refused address, a network error or the timeout.
 */
export async function outboundRequest(
  start: string,
  {
    allowPrivate,
    method = 'GET',
    timeoutMs = 10_000,
    userAgent = 'heirloom',
  }: { allowPrivate: boolean; method?: 'GET' | 'POST' | 'HEAD'; timeoutMs?: number; userAgent?: string },
): Promise<OutboundAnswer> {
  const lookup = guardedLookup(allowPrivate) as unknown as net.LookupFunction;
  const deadline = Date.now() + timeoutMs;
  let url = await checkOutboundUrl(start, allowPrivate);
  for (let hop = 0; ; hop++) {
    const status = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        { method, lookup, headers: { 'user-agent': userAgent }, timeout: Math.max(1, deadline - Date.now()) },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
          res.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(NO_ANSWER)));
      request.on('error', reject);
      request.end();
    });
    const redirected = status.status >= 300 && status.status < 400 && status.location;
    if (!redirected) return { status: status.status, url: url.toString() };
    if (hop >= MAX_REDIRECTS) throw new Error(TOO_MANY_REDIRECTS);
    url = await checkOutboundUrl(new URL(status.location!, url).toString(), allowPrivate);
  }
}
