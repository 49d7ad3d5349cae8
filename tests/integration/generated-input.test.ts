// Generated bad input over every route Fastify registered: the bad values come from each route's own zod
// schemas (body, querystring, params), so a new route or field is covered without anyone listing it. Each
// value goes in signed in and not; any 5xx fails, and every 4xx must carry a JSON { message }. Every value a
// route's body schema accepts is sent; of those it refuses, a rotated sample per route (refusedBySchema).
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipart, newUserInput, sessionCookie, signUp, TEST_PASSWORD, type TestApp } from '@tests/helpers/server';
import { vaultUploadFieldsSchema } from '@shared/schemas/vault';
import { makeWorld, tinyPng, worldIntact, type World } from './hostile-world';

type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  options?: Schema[];
  entries?: Record<string, string>;
  values?: unknown[];
  format?: string;
}
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional / nullable / default / pipe wrappers: what a value is checked against first. */
function core(schema: Schema): Schema {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'].includes(def.type)) s = def.innerType!;
    else if (def.type === 'pipe') s = def.in!;
    else return s;
  }
}

const fieldsOf = (schema: Schema | undefined): Record<string, Schema> => {
  if (!schema) return {};
  const c = core(schema);
  return defOf(c).type === 'object' ? defOf(c).shape! : {};
};

/** A plausible valid value for a field, so that the other fields of a case pass and one bad value reaches deep. */
function sample(schema: Schema, key: string, w: World): unknown {
  const c = core(schema);
  const def = defOf(c);
  switch (def.type) {
    case 'string':
      if (/password/i.test(key)) return TEST_PASSWORD;
      if (def.format === 'email' || /email/i.test(key)) return newUserInput().email;
      if (def.format === 'date') return /birth/i.test(key) ? '1960-12-10' : '1999-07-04';
      if (def.format === 'datetime') return '2001-02-03T04:05:06Z';
      if (/birthday/i.test(key)) return '1960-12-10';
      if (key === 'year') return '2000';
      if (key === 'month' || key === 'limit' || key === 'days') return '1';
      if (key === 'tz' || key === 'timeZone') return 'UTC';
      if (key === 'relationship') return 'friend';
      return 'Picnic';
    case 'number':
      return /photo/i.test(key) ? w.photoId : /vault/i.test(key) ? w.vaultId : 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'array':
      return [sample(def.element!, key, w)];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, sample(v, k, w)]));
    case 'union':
      return sample(def.options![def.options!.length - 1]!, key, w);
    default:
      return 'x';
  }
}

const deepArray = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

const LONG = 'x'.repeat(100_000);
const UNICODE = [
  '\uD800',
  '\uDFFFa',
  'a\u202Eb',
  'a\u200D\u200C\u200Bb',
  '👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301\u0301',
  '\uFEFF',
  '\u0085\u2028\u2029',
  '𝕳𝖊𝖎𝖗',
];
const DATES = [
  '2020-02-30',
  '0000-00-00',
  '2020-13-01T00:00:00Z',
  '2020-02-30T25:61:61Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999999999Z',
  '1969-12-31T23:59:60Z',
  '20200101',
];
const NUMBERS = [1e308, -1e308, 2 ** 53, 2 ** 53 + 2, -1, 0, 2147483648, -2147483649, 1.5, 5e-324];
const WRONG_TYPES: unknown[] = [42, 'text', {}, { a: 1 }, [], [1, 'a'], null, true, false];
const INJECTION = ["' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '${7*7}{{7*7}}'];

/** Every bad value for one JSON field, in the order they are tried (capped per route). */
const badJsonValues = (): unknown[] => [
  ...WRONG_TYPES,
  'a\u0000b',
  ...NUMBERS,
  ...DATES,
  LONG,
  [LONG],
  ...UNICODE,
  ...INJECTION,
  deepArray(2000),
  Array.from({ length: 10_000 }, (_, i) => i),
];

const RAW_JSON_VALUES = [
  '1e400',
  '-1e400',
  '-0',
  '123456789012345678901234567890',
  '0.0000000000000000000000001',
  '"\\ud800"',
  '"\\udfff\\ud800"',
  '"\\u0000"',
  '"\\u202e"',
  `"${'\\\\'.repeat(5000)}"`,
];

/** Query values arrive as text: the same ideas, percent-encoded (a lone surrogate as its invalid UTF-8). */
const BAD_QUERY_VALUES = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%E2%80%AE',
  encodeURIComponent('👨‍👩‍👧‍👦'),
  'x'.repeat(20_000),
  ...DATES.map(encodeURIComponent),
  ...NUMBERS.map(String),
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  'true',
  'null',
  '[]',
  '{}',
  ...INJECTION.map(encodeURIComponent),
];

/** Whole bodies that are not the object a route expects. */
const BAD_BODIES: Array<{ label: string; payload: string | Buffer; type?: string }> = [
  { label: 'number', payload: '42' },
  { label: 'string', payload: '"text"' },
  { label: 'null', payload: 'null' },
  { label: 'array', payload: '[]' },
  { label: 'nested arrays', payload: '['.repeat(5000) + ']'.repeat(5000) },
  { label: 'truncated', payload: '{"a":' },
  { label: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { label: 'proto key', payload: '{"__proto__":{"isAdmin":true}}' },
  { label: 'constructor key', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { label: 'empty', payload: '' },
  { label: 'form', payload: 'a=1', type: 'application/x-www-form-urlencoded' },
  { label: 'text', payload: '{}', type: 'text/plain' },
];

/** Hostile path parameter values (percent-encoded as they appear in a URL). */
const BAD_PARAMS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '0x1',
  '%00',
  '1%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%ED%A0%80',
  '%F0%9F%98%80',
  'p-0',
  'v-2147483648',
  'x'.repeat(5000),
];

/** Upload routes read multipart bodies by hand (no body schema): their file field and text fields. */
const UPLOADS: Record<string, { file: string; fields: string[] }> = {
  'POST /api/photos': { file: 'photo', fields: [] },
  'POST /api/user/profile-picture': { file: 'profilePicture', fields: [] },
  'POST /api/memories/:id/attachments': { file: 'attachments', fields: [] },
  'POST /api/vault': { file: 'file', fields: Object.keys(vaultUploadFieldsSchema.shape) },
  // multipart archives, or JSON naming finished uploads or server files (read by hand: either the one or the other)
  'POST /api/imports': { file: 'archive', fields: [] },
  'POST /api/memories/transcriptions': { file: 'audio', fields: [] },
  'POST /api/tree/gedcom': { file: 'file', fields: [] },
  // an interview's answer (decision 066): a recording and photos, with its text fields
  'POST /api/answer/:token': { file: 'recording', fields: ['text', 'recordingUploadId'] },
};
/** Routes that change state but read no body at all: what they get is the generic body cases. */
const BODILESS = new Set([
  'POST /api/logout',
  'POST /api/user/logout-all',
  'POST /api/user/email/verification',
  'POST /api/photos/fix-paths',
  'POST /api/photos/cleanup',
  'POST /api/photos/retry-failed',
  'POST /api/legacy/check-in',
  'POST /api/legacy/veto',
  'POST /api/legacy/close',
  'POST /api/legacy/heirs/:id/key-code',
  'POST /api/legacy/received/:grantId/keep', // keeps the release the path names (decision 078)
  'POST /api/legacy/verify/:token',
  'POST /api/legacy/escrow/test', // tests the bucket already set (decision 072)
  'POST /api/legacy/escrow/run', // queues a run of the sealed copies (decision 074)
  'POST /api/legacy/care/end', // ends every care access of the owner (decision 077)
  'POST /api/exports',
  // tus 1.0 (decision 029): the headers carry the request, the body is raw upload data
  'POST /api/imports/uploads',
  'PATCH /api/imports/uploads/:uploadId',
  'POST /api/photos/video-uploads',
  'PATCH /api/photos/video-uploads/:uploadId',
  'POST /api/memories/:id/attachments/:attachmentId/transcription',
  // interviews (decision 066): the path says everything; the answer link's own tus uploads
  'POST /api/interviews/:id/questions/:questionId/resend',
  // a family member's proposed interview (decision 069): the owner approves or declines it
  'POST /api/interviews/:id/approve',
  'POST /api/interviews/:id/decline',
  'POST /api/answer/:token/skip',
  'POST /api/answer/:token/pause',
  'POST /api/answer/:token/stop',
  'POST /api/answer/:token/uploads',
  'PATCH /api/answer/:token/uploads/:uploadId',
]);
const BAD_FILENAMES = [
  '../../etc/passwd',
  '..\\..\\boot.ini',
  '/etc/passwd',
  'a\u0000.png',
  '',
  '.',
  '..',
  'x'.repeat(5000) + '.png',
  'con.png',
  '\u202Egnp.exe',
  '%2e%2e%2fa.png',
  'a"b.png',
];

interface Case {
  label: string;
  method: string;
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

const MAX_CASES_PER_ROUTE = 120;
/** Of a route's cases its own body schema refuses, this many are sent (the first in the route's rotated order). */
const REFUSED_SENT_PER_ROUTE = 16;

const SESSION_ENDING = new Set(['POST /api/logout', 'POST /api/user/logout-all', 'POST /api/user/password', 'DELETE /api/user']);

function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');
}

/** Real ids for a route's params: the owner's own resources, so a bad body or query reaches the service. */
function realParams(url: string, w: World): Record<string, string> {
  if (url.includes('/photos/')) return { id: String(url.includes('unlink') ? w.linkedPhotoId : w.photoId) };
  if (url.includes('/vault/')) return { id: String(url.includes('unlink') ? w.linkedVaultId : w.vaultId) };
  if (url.includes('/contacts/')) return { id: String(w.contactId) };
  if (url.startsWith('/api/collections/')) return { id: String(w.collectionId), linkId: String(w.linkId) };
  return { id: String(w.memoryId), attachmentId: String(w.attachmentId) };
}

function casesFor(method: string, url: string, schema: FastifySchema | undefined, w: World): Case[] {
  const key = `${method} ${url}`;
  const body = schema?.body as Schema | undefined;
  const query = schema?.querystring as Schema | undefined;
  const params = realParams(url, w);
  const at = fill(url, params);
  const groups: Case[][] = [];
  let cases: Case[] = [];
  const group = () => {
    cases = [];
    groups.push(cases);
  };

  const bodyFields = fieldsOf(body);
  const baseBody = body ? (sample(body, '', w) as Record<string, unknown>) : undefined;
  for (const field of Object.keys(bodyFields)) {
    group();
    for (const value of badJsonValues())
      cases.push({ label: `body.${field}=${preview(value)}`, method, url: at, payload: { ...baseBody, [field]: value } });
    cases.push({ label: `body.${field} missing`, method, url: at, payload: omit(baseBody!, field) });
    // Numbers and escapes JSON.stringify cannot write, spliced in as raw JSON text.
    for (const raw of RAW_JSON_VALUES) {
      const payload = JSON.stringify({ ...baseBody, [field]: '__RAW__' }).replace('"__RAW__"', raw);
      cases.push({
        label: `body.${field}=${raw.slice(0, 40)} (raw)`,
        method,
        url: at,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    }
    // A list field: the same bad values as its elements.
    if (defOf(core(bodyFields[field]!)).type === 'array') {
      for (const value of badJsonValues().slice(0, 40))
        cases.push({ label: `body.${field}[0]=${preview(value)}`, method, url: at, payload: { ...baseBody, [field]: [value] } });
    }
  }
  if (body || ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method)) {
    group();
    const base = JSON.stringify(baseBody ?? {});
    const withKey = (extra: string) => (base === '{}' ? `{${extra}}` : base.replace(/}$/, `,${extra}}`));
    cases.push({ label: 'extra key', method, url: at, payload: withKey('"isAdmin":true,"userId":1,"id":1') });
    cases.push({
      label: 'body __proto__',
      method,
      url: at,
      payload: withKey('"__proto__":{"isAdmin":true}'),
      headers: { 'content-type': 'application/json' },
    });
    cases.push({
      label: 'body constructor',
      method,
      url: at,
      payload: withKey('"constructor":{"prototype":{"x":1}}'),
      headers: { 'content-type': 'application/json' },
    });
    cases.push({
      label: 'duplicate keys',
      method,
      url: at,
      payload: withKey('"a":1,"a":[2]'),
      headers: { 'content-type': 'application/json' },
    });
    for (const bad of BAD_BODIES)
      cases.push({
        label: `body ${bad.label}`,
        method,
        url: at,
        payload: bad.payload,
        headers: { 'content-type': bad.type ?? 'application/json' },
      });
  }

  const queryFields = fieldsOf(query);
  // Only the required query fields: an optional one (a cursor, say) has no plausible value to stand in for.
  const baseQuery = Object.fromEntries(
    Object.entries(queryFields)
      .filter(([, f]) => !f.safeParse(undefined).success)
      .map(([k, f]) => [k, sample(f, k, w) as string]),
  );
  const qs = (over: Record<string, string>) =>
    Object.entries({ ...Object.fromEntries(Object.entries(baseQuery).map(([k, v]) => [k, encodeURIComponent(String(v))])), ...over })
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
  for (const field of Object.keys(queryFields)) {
    group();
    for (const value of BAD_QUERY_VALUES)
      cases.push({ label: `query.${field}=${value.slice(0, 40)}`, method, url: `${at}?${qs({ [field]: value })}` });
    cases.push({ label: `query.${field} repeated`, method, url: `${at}?${qs({})}&${field}=a&${field}=b` });
    cases.push({ label: `query.${field}[]`, method, url: `${at}?${qs({})}&${field}[]=1&${field}[x]=2` });
  }
  group();
  for (const extra of [
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    '__proto__=1',
    'a[]=1&a[]=2',
    `${'k'.repeat(5000)}=1`,
    '&&&=&=',
    '%=%',
    'x=%ED%A0%80',
  ]) {
    cases.push({ label: `query ${extra.slice(0, 30)}`, method, url: `${at}?${qs({})}${Object.keys(baseQuery).length ? '&' : ''}${extra}` });
  }

  const paramNames = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  for (const name of paramNames) {
    group();
    for (const value of BAD_PARAMS) {
      cases.push({
        label: `params.${name}=${value.slice(0, 30)}`,
        method,
        url: fill(url, { ...params, [name]: value }),
        payload: baseBody,
      });
    }
  }

  const upload = UPLOADS[key];
  if (upload) groups.push(uploadCases(method, at, upload));

  // Round-robin over the groups, so the cap cuts evenly and every field, parameter and query key gets its turn.
  // Each route starts its groups at its own place in the list of values: routes of one shape (the same id,
  // paging and text fields) are many, and between them they try every value without each trying them all.
  const start = [...key].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const out: Case[] = [];
  for (let i = 0; out.length < MAX_CASES_PER_ROUTE && groups.some((g) => i < g.length); i++) {
    for (const g of groups) if (i < g.length && out.length < MAX_CASES_PER_ROUTE) out.push(g[(start + i) % g.length]!);
  }
  return out;
}

let png: Buffer;
function uploadCases(method: string, url: string, upload: { file: string; fields: string[] }): Case[] {
  const cases: Case[] = [];
  const form = (parts: Parameters<typeof multipart>[0]) => multipart(parts);
  const send = (label: string, body: ReturnType<typeof multipart>) =>
    cases.push({ label, method, url, payload: body.payload, headers: body.headers });
  for (const filename of BAD_FILENAMES)
    send(`filename ${preview(filename)}`, form([{ name: upload.file, filename, content: png, contentType: 'image/png' }]));
  for (const field of upload.fields) {
    for (const value of [
      'a\u0000b',
      LONG + LONG,
      '\uD800',
      'a\u202Eb',
      '-1',
      '2147483648',
      '1e3',
      '0x1',
      "' OR 1=1 --",
      '<script>x</script>',
    ]) {
      send(
        `field ${field}=${preview(value)}`,
        form([
          { name: field, value },
          { name: upload.file, filename: 'a.png', content: png, contentType: 'image/png' },
        ]),
      );
    }
  }
  send('no file', form([{ name: 'other', value: 'x' }]));
  send('empty file', form([{ name: upload.file, filename: 'a.png', content: Buffer.alloc(0), contentType: 'image/png' }]));
  send('file in a text field name', form([{ name: 'description', filename: 'a.png', content: png, contentType: 'image/png' }]));
  send('text in the file field', form([{ name: upload.file, value: 'not a file' }]));
  cases.push({ label: 'multipart without boundary', method, url, payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
  cases.push({
    label: 'multipart unterminated',
    method,
    url,
    payload: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
  });
  cases.push({ label: 'JSON to an upload route', method, url, payload: { photo: 'x' } });
  return cases;
}

/**
 * Whether the route's body schema refuses the JSON this case sends, as the server would read it. Such a case never
 * reaches the route's code: its answer is the one validation refusal (a 400 and its message), whatever the value,
 * so a rotated sample of them is sent per route (between the routes, every value) and every case the schema
 * accepts is sent. Bytes, forms and JSON that does not parse are never judged here: they are all sent.
 */
function refusedBySchema(c: Case, body: Schema | undefined): boolean {
  if (!body || c.payload === undefined || Buffer.isBuffer(c.payload)) return false;
  const type = c.headers?.['content-type'];
  if (typeof c.payload === 'string' ? type !== 'application/json' : type !== undefined) return false;
  try {
    const value: unknown = JSON.parse(typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload));
    return !body.safeParse(value).success;
  } catch {
    return false; // not JSON the parser takes, or a schema that only checks asynchronously
  }
}

const preview = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v); // escaped, so a NUL or a lone surrogate shows in the failure line
  return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
};
const omit = (o: Record<string, unknown>, k: string) => Object.fromEntries(Object.entries(o).filter(([key]) => key !== k));

describe('generated bad input on every registered route', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    png = await tinyPng();
    w = await makeWorld(t);
  });
  afterAll(() => t.close());

  const routes = () => (t.app.registeredRoutes ?? []).filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api'));

  /** The world after a route that may change it: as it was, its owner signed in again (a route ended the session),
   *  or a new world (something of it was removed). A new world costs seconds; a sign-in one password check. */
  async function worldAfterWrites(world: World): Promise<World> {
    if (await worldIntact(t, world)) return world;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: world.owner.email, password: world.owner.password },
    });
    if (login.statusCode === 200) {
      const again = { ...world, owner: { ...world.owner, cookie: sessionCookie(login) } };
      if (await worldIntact(t, again)) return again;
    }
    return makeWorld(t);
  }

  it('finds a schema for every route that takes a body, a query or path parameters', () => {
    const schemaless = routes()
      .filter((r) => /:\w/.test(r.url) && !r.schema?.params)
      .map((r) => `${r.method} ${r.url}`);
    expect(schemaless, 'routes with path parameters but no params schema').toEqual([]);
  });

  it('knows how every state-changing route without a body schema reads its body (an upload, or none)', () => {
    const unknown = routes()
      .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.schema?.body)
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !UPLOADS[key] && !BODILESS.has(key));
    expect(unknown, 'list each in UPLOADS (with its file and text fields) or BODILESS').toEqual([]);
  });

  it('answers every generated case, signed in and not, with no 5xx and a JSON message on every 4xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    let changed = false; // a GET changes nothing: after one, the world is as whole as it was
    for (const route of routes()) {
      if (changed) w = await worldAfterWrites(w);
      changed = route.method !== 'GET';
      let refusedLeft = REFUSED_SENT_PER_ROUTE;
      const cases = casesFor(route.method, route.url, route.schema, w).filter(
        (c) => !refusedBySchema(c, route.schema?.body as Schema | undefined) || refusedLeft-- > 0,
      );
      // Who sends the cases: the world's owner, or a new user once a limit or a session's end stops the owner (the
      // world keeps its owner, so it outlives the new user)
      let actor = w.owner;
      let renewals = 0; // new users for this route (each costs a password hash): a few are enough to go on testing
      const renew = async () => {
        if (renewals++ < 5) actor = await signUp(t.app);
      };
      // A route behind the session check answers 401 to anyone signed out, before it reads the input: there a
      // sample of the cases is enough. A public route (sign-up, sign-in, waitlist…) gets every case both ways.
      const open = (await t.app.inject({ method: route.method as 'GET', url: cases[0]?.url ?? route.url })).statusCode !== 401;
      for (const [i, c] of cases.entries()) {
        const as = open || i % 8 === 0 ? [false, true] : [true];
        for (const signedIn of as) {
          const send = () =>
            t.app.inject({
              method: c.method as 'GET',
              url: c.url,
              headers: { ...(signedIn ? { cookie: actor.cookie } : {}), ...c.headers },
              // one address per request: per-address limits (sign-up, waitlist) would otherwise answer 429 to the rest
              remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
              ...(c.payload !== undefined ? { payload: c.payload } : {}),
            });
          let res = await send();
          sent++;
          // A per-user limit (AI, mail) reached: go on as a new user, so the rest of the cases reach validation.
          if (signedIn && res.statusCode === 429 && renewals < 5) {
            await renew();
            res = await send();
          }
          const cookie = signedIn;
          // A case that ended the session (logout, password change, deletion): go on as a new user.
          if (cookie && res.statusCode < 300 && SESSION_ENDING.has(`${route.method} ${route.url}`)) await renew();
          const who = cookie ? 'signed in' : 'anonymous';
          if (res.statusCode >= 500)
            failures.push(`${res.statusCode} ${route.method} ${route.url} [${c.label}] ${who} → ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400) {
            let message: unknown;
            try {
              message = (res.json() as { message?: unknown }).message;
            } catch {
              message = undefined;
            }
            if (typeof message !== 'string')
              failures.push(
                `${res.statusCode} without a JSON message: ${route.method} ${route.url} [${c.label}] ${who} → ${res.body.slice(0, 200)}`,
              );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
  }, 240_000);
});
