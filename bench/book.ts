// npm run bench:book — the life-story book (decision 068) at a real life's size, on the production build: an
// account with memories worth about 300 pages and 400 photos of 3000 × 2000 pixels (JPEGs made here with
// sharp), its book made by POST /api/books until GET /api/books/:id says ready: seconds, pages and the server's
// memory growth (its RSS, sampled every 50 ms) against a 10-photo book made by the same server in the same run
// as the baseline. Goals: in minutes (< 10), memory growth ≤ 200 MB.
//
//   BENCH_BOOK_SCALE=0.1  fewer memories and photos, for a quick check of the benchmark (saves nothing).
import fs from 'node:fs';
import sharp from 'sharp';
import type { Book } from '@shared/schemas/books';
import { signUpHttp } from '../tests/helpers/users';
import { ensureBuild, printTable, row, saveRows, startProcess, type Row } from './lib';

const SCALE = Number(process.env.BENCH_BOOK_SCALE ?? 1);
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

interface Account {
  url: string;
  cookie: string;
}

async function call<T>(account: Account, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${account.url}${path}`, { ...init, headers: { cookie: account.cookie, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
const postJson = <T>(account: Account, path: string, body: unknown) =>
  call<T>(account, path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

const WORDS =
  'we remember the summers at the lake when grandmother told stories of the long journey across the mountains and everyone listened until the candles burned down while the children slept in the hay and the grown ups sang the old songs of the village by the river'.split(
    ' ',
  );
function paragraph(seed: number, words = 90) {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** A 3000 × 2000 photo-like JPEG (a tinted noise field: about the size of a camera's), different for each i. */
function photoMaker() {
  const width = 3000;
  const height = 2000;
  const noise = Buffer.alloc(width * height * 3);
  let x = 12345;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = 96 + ((x >> 16) & 63) + Math.floor((i / noise.length) * 64);
  }
  return (i: number) =>
    sharp(noise, { raw: { width, height, channels: 3 } })
      .modulate({ hue: (i * 37) % 360 })
      .jpeg({ quality: 88 })
      .toBuffer();
}

async function uploadPhoto(account: Account, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const created = await call<{ id: number } | Array<{ id: number }>>(account, '/api/photos', { method: 'POST', body: form });
  return Array.isArray(created) ? created[0]!.id : created.id;
}

/** Memories (about 1.3 A4 pages of text each) and photos linked to them, spread evenly. */
async function seed(account: Account, memoryCount: number, photoCount: number, makePhoto: (i: number) => Promise<Buffer>) {
  const memoryIds: number[] = [];
  for (let m = 0; m < memoryCount; m++) {
    const content = Array.from({ length: 6 }, (_, p) => paragraph(m * 6 + p)).join('\n\n');
    const year = 1940 + Math.floor((m / memoryCount) * 80);
    const created = await postJson<{ id: number }>(account, '/api/memories', {
      title: `Memory ${m + 1}: the year ${year}`,
      content,
      eventDate: `${year}-0${1 + (m % 9)}-1${m % 10}`,
      isPublic: false,
      tags: [],
      location: null,
    });
    memoryIds.push(created.id);
  }
  const byMemory = new Map<number, number[]>();
  for (let i = 0; i < photoCount; i++) {
    const id = await uploadPhoto(account, await makePhoto(i), `photo-${i}.jpg`);
    const memoryId = memoryIds[i % memoryIds.length]!;
    byMemory.set(memoryId, [...(byMemory.get(memoryId) ?? []), id]);
    if ((i + 1) % 50 === 0) log(`  ${i + 1} photos uploaded`);
  }
  for (const [memoryId, photoIds] of byMemory) await postJson(account, `/api/memories/${memoryId}/links`, { photoIds });
}

/** Makes the book and waits for it, sampling the server's memory meanwhile. */
async function makeBook(account: Account, pid: number) {
  const rss0 = rssOf(pid);
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  const t0 = performance.now();
  try {
    const { id } = await postJson<{ id: number }>(account, '/api/books', {
      title: 'A life in pictures',
      dedication: 'For the grandchildren',
      pageSize: 'A4',
      chapters: 'period',
      memories: { all: true },
      includePhotos: true,
      voiceLinks: { expiresAt: null },
    });
    for (;;) {
      const book = await call<Book>(account, `/api/books/${id}`);
      if (book.status === 'failed') throw new Error(`The book failed: ${book.error}`);
      if (book.status === 'ready') {
        return {
          seconds: (performance.now() - t0) / 1000,
          pages: book.pageCount ?? 0,
          bytes: book.size ?? 0,
          growthMb: (peak - rss0) / 2 ** 20,
        };
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    clearInterval(sampler);
  }
}

/** Waits until the photos' own background work (thumbnails) is done, so it does not count toward the book. */
async function settle(account: Account) {
  for (;;) {
    const list = await call<Array<{ derivativeStatus: string }>>(account, '/api/photos');
    if (list.every((p) => p.derivativeStatus !== 'pending')) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function main(): Promise<Row[]> {
  const { server } = await ensureBuild();
  const app = await startProcess(server);
  const pid = app.child.pid!;
  const makePhoto = photoMaker();
  try {
    const small = await signUpHttp(app.url).then((s) => ({ url: app.url, cookie: s.cookie }));
    await seed(small, 8, 10, makePhoto);
    await settle(small);
    const baseline = await makeBook(small, pid);
    log(`baseline book: ${baseline.pages} pages in ${baseline.seconds.toFixed(1)} s, +${baseline.growthMb.toFixed(0)} MB`);

    const memoryCount = Math.max(8, Math.round(120 * SCALE));
    const photoCount = Math.max(10, Math.round(400 * SCALE));
    const full = await signUpHttp(app.url).then((s) => ({ url: app.url, cookie: s.cookie }));
    log(`seeding ${memoryCount} memories and ${photoCount} photos of 3000 × 2000`);
    await seed(full, memoryCount, photoCount, makePhoto);
    await settle(full);
    const book = await makeBook(full, pid);
    log(`book: ${book.pages} pages, ${(book.bytes / 1e6).toFixed(0)} MB in ${book.seconds.toFixed(1)} s, +${book.growthMb.toFixed(0)} MB`);
    return [
      row(`book: ${book.pages} pages with ${photoCount} photos, made`, book.seconds, 's', '< 600 s', book.seconds < 600, {
        baseline: baseline.seconds,
        ratio: book.seconds / baseline.seconds,
        note: `baseline: ${baseline.pages} pages with 10 photos; the PDF ${(book.bytes / 1e6).toFixed(0)} MB`,
      }),
      row(`book: server memory growth while it is made`, book.growthMb, 'MB', '≤ 200 MB', book.growthMb <= 200, {
        baseline: baseline.growthMb,
      }),
    ];
  } finally {
    await app.stop();
  }
}

const rows = await main();
// a smaller book is a check of the benchmark, not a figure
if (SCALE === 1) saveRows('book', rows);
printTable(rows);
