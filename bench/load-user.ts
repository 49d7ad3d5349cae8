// One simulated person for `npm run load`: signs up and in, then clicks around with think time, choosing
// what to do by weight (reads dominate). Every request is recorded (route, status, latency); every write the
// server acknowledged is remembered with what was sent (and the sha256 of uploaded bytes) for the checks.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { signUpHttp } from '../tests/helpers/users';

export type Kind = 'json' | 'image' | 'upload' | 'delete' | 'auth';

export interface Sample {
  route: string;
  kind: Kind;
  status: number;
  ms: number;
  /** ms since the load started, when the request started */
  at: number;
  error?: string;
}

export interface Recorder {
  samples: Sample[];
  startedAt: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A small real JPEG of distinct content: a random 24×18 colour field scaled up smoothly (photo-like). */
async function makeJpeg(): Promise<Buffer> {
  const width = 320 + randomInt(481);
  const height = Math.round((width * 3) / 4);
  return sharp(randomBytes(24 * 18 * 3), { raw: { width: 24, height: 18, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const WORDS =
  'we walked down to the lake with grandma and the dog ran ahead while dad told stories about the war and the old farm summer winter wedding birthday school harbour train letters garden kitchen'.split(
    ' ',
  );
const pick = <T>(xs: readonly T[]) => xs[randomInt(xs.length)]!;
const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const FIRST = ['Ann', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'June'];
const LAST = ['Lee', 'Okafor', 'Novak', 'Silva', 'Berg', 'Khan', 'Moreau', 'Tanaka'];
const TAGS = ['family', 'holiday', 'school', 'lake', 'wedding', 'work', 'garden'];

/** A plain-text document of 1–20 KB with unique content. */
function makeDocument(): Buffer {
  const lines = [`Document ${randomBytes(8).toString('hex')}`];
  const target = 1024 + randomInt(19 * 1024);
  while (lines.join('\n').length < target) lines.push(sentence(12));
  return Buffer.from(lines.join('\n'), 'utf8');
}

function randomPastDate() {
  const start = Date.UTC(1950, 0, 1);
  const end = Date.now() - 2 * 86_400_000;
  return new Date(start + Math.random() * (end - start)).toISOString().slice(0, 10);
}

interface Acknowledged {
  memories: Map<number, { title: string }>;
  contacts: Map<number, { firstName: string; lastName: string }>;
  photos: Map<number, { sha256: string }>;
  vault: Map<number, { sha256: string; description: string }>;
  /** attachment id (numeric, as stored) → its memory and the sha256 of the bytes sent */
  attachments: Map<number, { memoryId: number; sha256: string }>;
  /** writes whose answer never came or was an error: the server may or may not have stored them */
  failedWrites: number;
}

/** Ids whose DELETE the server acknowledged: they must be gone. */
interface Deleted {
  memories: Set<number>;
  photos: Set<number>;
  vault: Set<number>;
}

interface Action {
  name: string;
  weight: number;
  run: (u: SimulatedUser) => Promise<void>;
}

// Reads dominate: of ~100 clicks, ~68 only read (and a gallery click loads the list plus up to 6 thumbnails).
const ACTIONS: Action[] = [
  { name: 'gallery', weight: 22, run: (u) => u.browseGallery() },
  { name: 'timeline', weight: 14, run: (u) => u.viewTimeline() },
  { name: 'user', weight: 10, run: (u) => u.getJson('GET /api/user', '/api/user') },
  { name: 'memories', weight: 8, run: (u) => u.getJson('GET /api/memories', '/api/memories') },
  { name: 'contacts', weight: 6, run: (u) => u.getJson('GET /api/contacts', `/api/contacts?relationship=${pick(['family', 'friend'])}`) },
  { name: 'vault', weight: 5, run: (u) => u.getJson('GET /api/vault', '/api/vault') },
  { name: 'add memory', weight: 8, run: (u) => u.addMemory().then(() => undefined) },
  { name: 'add contact', weight: 6, run: (u) => u.addContact() },
  { name: 'upload photo', weight: 8, run: (u) => u.uploadPhoto() },
  { name: 'upload document', weight: 5, run: (u) => u.uploadDocument() },
  { name: 'attach file', weight: 3, run: (u) => u.attachFile() },
  // Now and then people tidy up; a photo is often deleted right after upload, while its thumbnails are made.
  { name: 'delete photo', weight: 2, run: (u) => u.deletePhoto() },
  { name: 'delete document', weight: 1, run: (u) => u.deleteDocument() },
  { name: 'delete memory', weight: 1, run: (u) => u.deleteMemory() },
];
const TOTAL_WEIGHT = ACTIONS.reduce((s, a) => s + a.weight, 0);

function chooseAction(): Action {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const a of ACTIONS) if ((r -= a.weight) < 0) return a;
  return ACTIONS[0]!;
}

export class SimulatedUser {
  cookie = '';
  userId = 0;
  email = '';
  readonly ack: Acknowledged = {
    memories: new Map(),
    contacts: new Map(),
    photos: new Map(),
    vault: new Map(),
    attachments: new Map(),
    failedWrites: 0,
  };
  readonly deleted: Deleted = { memories: new Set(), photos: new Set(), vault: new Set() };
  /** answers that broke the contract (unparseable JSON, a wrong shape): each one fails the run */
  readonly problems: string[] = [];
  private knownPhotoIds: number[] = [];
  private timelineEtag: string | undefined;

  constructor(
    readonly index: number,
    private readonly url: string,
    private readonly rec: Recorder,
    /** emails of the other simulated people: some contacts name them (family members who use heirloom too) */
    private readonly peers: () => string[],
  ) {}

  async signIn() {
    const t0 = performance.now();
    try {
      const { cookie, user, email } = await signUpHttp(this.url, {
        email: `load-${this.index}-${randomBytes(4).toString('hex')}@example.com`,
      });
      Object.assign(this, { cookie, userId: user.id, email });
      this.record('POST /api/register + POST /api/login', 'auth', 201, t0);
    } catch (err) {
      this.record('POST /api/register + POST /api/login', 'auth', 0, t0, String(err));
      throw err;
    }
  }

  /** Click, think 200–800 ms (or `thinkMs`), click… until the deadline. */
  async run(deadline: number, thinkMs = () => 200 + randomInt(601)) {
    while (performance.now() < deadline) {
      const action = chooseAction();
      try {
        await action.run(this);
      } catch (err) {
        this.problems.push(`${action.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
      await new Promise((r) => setTimeout(r, thinkMs()));
    }
  }

  private record(route: string, kind: Kind, status: number, t0: number, error?: string) {
    this.rec.samples.push({ route, kind, status, ms: performance.now() - t0, at: t0 - this.rec.startedAt, ...(error ? { error } : {}) });
  }

  /** One request, timed until the whole body has arrived. Undefined when it failed on the wire or timed out. */
  private async send(
    route: string,
    kind: Kind,
    path: string,
    init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
  ) {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { cookie: this.cookie, 'accept-encoding': 'gzip, deflate, br', ...init.headers };
    // What a browser sends with a same-origin write (the server's CSRF check looks at these).
    if (method !== 'GET') Object.assign(headers, { origin: this.url, 'sec-fetch-site': 'same-origin' });
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = Buffer.from(await res.arrayBuffer());
      const ok = res.status >= 200 && res.status < 400;
      this.record(route, kind, res.status, t0, ok ? undefined : body.toString('utf8').slice(0, 300));
      return { status: res.status, ok, body, headers: res.headers };
    } catch (err) {
      this.record(route, kind, 0, t0, err instanceof Error ? `${err.name}: ${err.message}` : String(err));
      return undefined;
    }
  }

  private json<T>(body: Buffer) {
    return JSON.parse(body.toString('utf8')) as T;
  }

  async getJson(route: string, path: string) {
    await this.send(route, 'json', path);
  }

  async browseGallery() {
    const res = await this.send('GET /api/photos', 'json', '/api/photos');
    if (!res?.ok) return;
    this.knownPhotoIds = this.json<Array<{ id: number }>>(res.body).map((p) => p.id);
    const shown = [...this.knownPhotoIds].sort(() => Math.random() - 0.5).slice(0, 6);
    // A browser fetches the visible thumbnails in parallel (6 connections per host).
    await Promise.all(shown.map((id) => this.send('GET /api/photos/image/:id?size=thumb', 'image', `/api/photos/image/${id}?size=thumb`)));
  }

  async viewTimeline() {
    // The page asks for both at once; the browser revalidates the timeline with its ETag (Cache-Control: no-cache).
    const [list] = await Promise.all([
      this.send('GET /api/timeline', 'json', '/api/timeline', { headers: this.timelineEtag ? { 'if-none-match': this.timelineEtag } : {} }),
      this.send('GET /api/timeline/summary', 'json', '/api/timeline/summary'),
    ]);
    const etag = list?.headers.get('etag');
    if (etag) this.timelineEtag = etag;
  }

  async addMemory(): Promise<number | undefined> {
    const input = {
      title: `${pick(['Summer at', 'Letters from', 'The day of', 'Moving to'])} ${pick(LAST)} ${randomBytes(3).toString('hex')}`,
      content: sentence(20 + randomInt(80)),
      eventDate: randomPastDate(),
      isPublic: Math.random() < 0.2,
      tags: [pick(TAGS), pick(TAGS)],
      ...(Math.random() < 0.5 ? { location: pick(['Leeds', 'Lagos', 'Kraków', 'Porto', 'Osaka']) } : {}),
    };
    const res = await this.send('POST /api/memories', 'json', '/api/memories', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    if (res?.status !== 201) {
      this.ack.failedWrites++;
      return undefined;
    }
    const { id } = this.json<{ id: number }>(res.body);
    this.ack.memories.set(id, { title: input.title });
    return id;
  }

  async addContact() {
    const peers = this.peers().filter((e) => e !== this.email);
    const input = {
      firstName: pick(FIRST),
      lastName: `${pick(LAST)}-${randomBytes(2).toString('hex')}`,
      relationship: pick(['family', 'friend'] as const),
      ...(Math.random() < 0.2 && peers.length > 0 ? { email: pick(peers) } : {}),
      ...(Math.random() < 0.5 ? { notes: sentence(10) } : {}),
    };
    const res = await this.send('POST /api/contacts', 'json', '/api/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    if (res?.status !== 201) {
      this.ack.failedWrites++;
      return;
    }
    this.ack.contacts.set(this.json<{ id: number }>(res.body).id, { firstName: input.firstName, lastName: input.lastName });
  }

  async uploadPhoto() {
    const img = await makeJpeg();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), `IMG_${randomInt(10_000)}.jpg`);
    const res = await this.send('POST /api/photos', 'upload', '/api/photos', { method: 'POST', body: form });
    if (res?.status !== 201) {
      this.ack.failedWrites++;
      return;
    }
    this.ack.photos.set(this.json<{ id: number }>(res.body).id, { sha256: sha256(img) });
  }

  async uploadDocument() {
    const doc = makeDocument();
    const description = `Papers: ${sentence(4)}`;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(doc)], { type: 'text/plain' }), `letter-${randomInt(10_000)}.txt`);
    form.append('description', description);
    const res = await this.send('POST /api/vault', 'upload', '/api/vault', { method: 'POST', body: form });
    if (res?.status !== 201) {
      this.ack.failedWrites++;
      return;
    }
    this.ack.vault.set(this.json<{ id: number }>(res.body).id, { sha256: sha256(doc), description });
  }

  async attachFile() {
    const memoryIds = [...this.ack.memories.keys()];
    const memoryId = memoryIds.length > 0 ? pick(memoryIds) : await this.addMemory();
    if (memoryId === undefined) return;
    const img = await makeJpeg();
    const form = new FormData();
    form.append('attachments', new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), `scan-${randomInt(10_000)}.jpg`);
    const res = await this.send('POST /api/memories/:id/attachments', 'upload', `/api/memories/${memoryId}/attachments`, {
      method: 'POST',
      body: form,
    });
    if (res?.status !== 201) {
      this.ack.failedWrites++;
      return;
    }
    const added = this.json<Array<{ id: string }>>(res.body);
    if (added.length !== 1) {
      this.problems.push(`attachment upload answered ${added.length} attachments for one file`);
      return;
    }
    this.ack.attachments.set(Number(added[0]!.id), { memoryId, sha256: sha256(img) });
  }

  /** DELETE and book-keeping: acknowledged → must be gone; failed → its state is unknown, so it is not checked. */
  private async remove(route: string, path: string, id: number, from: Map<number, unknown>, into: Set<number>) {
    from.delete(id);
    const res = await this.send(route, 'delete', path, { method: 'DELETE' });
    if (res?.status === 204) into.add(id);
    else this.ack.failedWrites++;
    return res?.status === 204;
  }

  async deletePhoto() {
    const ids = [...this.ack.photos.keys()];
    if (ids.length === 0) return;
    const id = Math.random() < 0.5 ? ids.at(-1)! : pick(ids);
    await this.remove('DELETE /api/photos/:id', `/api/photos/${id}`, id, this.ack.photos, this.deleted.photos);
  }

  async deleteDocument() {
    const ids = [...this.ack.vault.keys()];
    if (ids.length === 0) return;
    const id = pick(ids);
    await this.remove('DELETE /api/vault/:id', `/api/vault/${id}`, id, this.ack.vault, this.deleted.vault);
  }

  async deleteMemory() {
    const ids = [...this.ack.memories.keys()];
    if (ids.length === 0) return;
    const id = pick(ids);
    // Its own attachments go with it, whatever the answer (if it failed, their state is unknown too).
    for (const [attachmentId, a] of this.ack.attachments) if (a.memoryId === id) this.ack.attachments.delete(attachmentId);
    await this.remove('DELETE /api/memories/:id', `/api/memories/${id}`, id, this.ack.memories, this.deleted.memories);
  }
}
