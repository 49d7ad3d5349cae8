// The life-story book end to end: a small library built by the real job into a real PDF, read back with
// poppler's tools as any PDF reader would (pages, fonts, images, words, contents), its QR code decoded from the
// rendered page and followed to the recording it plays.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Book, BookVoiceLink } from '@shared/schemas/books';
import { books, faces, grants, interviewQuestions, interviews, memories, people } from '@server/db/schema';
import { buildTestApp, idOf, multipart, postAs, signUp, type TestApp } from '@tests/helpers/server';
import { wavFile } from '@tests/helpers/audio';
import { insufficientStorage } from '@server/lib/errors';
import { BOOK_BUILD_JOB, bookStagingFolder } from './books.service';

type Actor = Awaited<ReturnType<typeof signUp>>;

const hasPoppler = (() => {
  try {
    execFileSync('pdffonts', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPoppler) console.warn('books.test.ts skipped: poppler-utils (pdffonts, pdfinfo, pdfimages, pdftotext, pdftoppm) is not installed');

const CYRILLIC = 'Ёлка Смирнова';
const GREEK = 'Ζωή Παπαδοπούλου';
const LONG_TEXT = Array.from(
  { length: 14 },
  (_, i) =>
    `Paragraph ${i + 1}. We remember the extraordinary summers at the lake, when grandmother told stories of the revolution and the long journey across the mountains, and everyone listened until the candles burned down.`,
).join('\n\n');

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

async function photo(width: number, height: number) {
  // noise, so the JPEG has a realistic size
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe.skipIf(!hasPoppler)('the life-story book', () => {
  let t: TestApp;
  let owner: Actor;
  let stranger: Actor;
  let bookId: number;
  let book: Book;
  let dir: string;
  let pdfFile: string;
  let recordingMemory: number;
  let movingMemory: number;
  let largePhoto: number;

  const get = (who: Actor, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...headers } });

  async function waitUntilFinished(id: number): Promise<Book> {
    for (let i = 0; i < 600; i++) {
      const current = (await get(owner, `/api/books/${id}`)).json() as Book;
      if (current.status === 'ready' || current.status === 'failed') return current;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('The book never finished');
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-book-'));
    t = await buildTestApp();
    owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
    stranger = await signUp(t.app);
    const upload = async (content: Buffer, filename: string) =>
      idOf(await postAs(t, owner.cookie, '/api/photos', multipart([{ name: 'photo', filename, content, contentType: 'image/jpeg' }])));
    const largeId = await upload(await photo(3000, 2000), 'large.jpg');
    const smallId = await upload(await photo(300, 200), 'small.jpg');
    const memory = (title: string, eventDate: string, content: string) =>
      postAs(t, owner.cookie, '/api/memories', { title, content, eventDate, isPublic: false, tags: [], location: null }).then(idOf);
    const first = await memory(`${CYRILLIC} and ${GREEK}`, '1965-06-12', LONG_TEXT);
    const second = await memory('The recording', '1972-03-01', 'Grandfather sings the old song.');
    const third = await memory('Moving house', '1991-09-30', 'The removal van came early.');
    await t.db.update(memories).set({ eventDatePrecision: 'decade' }).where(eq(memories.id, third));
    recordingMemory = second;
    largePhoto = largeId;
    movingMemory = third;
    await postAs(t, owner.cookie, `/api/memories/${first}/links`, { photoIds: [largeId, smallId] });
    await postAs(
      t,
      owner.cookie,
      `/api/memories/${second}/attachments`,
      multipart([{ name: 'attachments', filename: 'song.wav', content: wavFile(0.5), contentType: 'audio/wav' }]),
    );
    // a named person in the large photo, as face recognition and the owner leave it
    const [person] = await t.db.insert(people).values({ userId: owner.user.id, name: CYRILLIC, faceCount: 1 }).returning();
    await t.db.insert(faces).values({
      userId: owner.user.id,
      photoId: largeId,
      personId: person!.id,
      boxX: 0.2,
      boxY: 0.2,
      boxWidth: 0.1,
      boxHeight: 0.1,
      source: 'manual',
    });

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: { cookie: owner.cookie },
      payload: {
        title: 'Our family',
        dedication: 'For my grandchildren',
        pageSize: 'A4',
        chapters: 'period',
        memories: { all: true },
        includePhotos: true,
        voiceLinks: { expiresAt: null },
      },
    });
    expect(started.statusCode).toBe(202);
    bookId = started.json<{ id: number }>().id;
    book = await waitUntilFinished(bookId);
    expect(book.status).toBe('ready');
    const pdf = await get(owner, `/api/books/${bookId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('Our family.pdf');
    pdfFile = path.join(dir, 'book.pdf');
    fs.writeFileSync(pdfFile, pdf.rawPayload);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is an A4 PDF of the pages it reports, every font embedded', () => {
    const info = run('pdfinfo', [pdfFile]);
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(book.pageCount);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(book.size).toBe(fs.statSync(pdfFile).size);
    const fonts = run('pdffonts', [pdfFile]).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      expect(line).toMatch(/DejaVuSerif/);
      // the columns: name type encoding emb sub uni object generation
      expect(line.trim().split(/\s+/).slice(-5, -2)).toEqual(['yes', 'yes', 'yes']);
    }
  });

  it('prints the photos at no more than 300 dpi and never enlarges a small one', () => {
    const rows = run('pdfimages', ['-list', pdfFile])
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/));
    expect(rows).toHaveLength(2);
    const [large, small] = rows.sort((a, b) => Number(b[3]) - Number(a[3]));
    // columns: page num type width height color comp bpc enc interp object generation x-ppi y-ppi size ratio
    expect(large![8]).toBe('jpeg');
    expect(Number(large![12])).toBeLessThanOrEqual(300);
    expect(Number(large![13])).toBeLessThanOrEqual(300);
    expect(Number(large![3])).toBeLessThan(3000);
    expect(Number(small![3])).toBe(300);
    expect(Number(small![4])).toBe(200);
  });

  it('gives back the Cyrillic and Greek names exactly, the caption names the person, and the contents point at each chapter', () => {
    const text = run('pdftotext', ['-enc', 'UTF-8', pdfFile, '-']);
    expect(text).toContain(CYRILLIC);
    expect(text).toContain(GREEK);
    expect(text).toContain(`With ${CYRILLIC}`);
    expect(text).toContain('June 12, 1965');
    // a date known to its decade is printed as a person says it (decision 067)
    expect(text).toMatch(/^1990s$/m);
    const pages = text.split('\f');
    const contentsIndex = pages.findIndex((page) => page.includes('Contents'));
    expect(contentsIndex).toBeGreaterThan(0);
    const contents = pages[contentsIndex]!;
    for (const chapter of ['The 1960s', 'The 1970s', 'The 1990s']) {
      expect(contents).toContain(chapter);
      const printed = new RegExp(`${chapter}\\s+(\\d+)`).exec(contents);
      expect(printed, chapter).not.toBeNull();
      const page = Number(printed![1]);
      expect(pages[page - 1]!.trim().startsWith(chapter)).toBe(true);
      // the footer's number on that page is the same
      expect(pages[page - 1]!.trim().endsWith(String(page))).toBe(true);
    }
    // no page number on the cover
    expect(pages[0]).not.toMatch(/^\s*1\s*$/m);
  });

  it('prints a QR code that opens a public link playing the recording, made once even when the job runs again', async () => {
    const text = run('pdftotext', ['-enc', 'UTF-8', pdfFile, '-']);
    const pageIndex = text.split('\f').findIndex((page) => page.includes('/s/'));
    expect(pageIndex).toBeGreaterThan(0);
    const prefix = path.join(dir, 'qr');
    run('pdftoppm', ['-r', '150', '-png', '-f', String(pageIndex + 1), '-l', String(pageIndex + 1), '-singlefile', pdfFile, prefix]);
    const { data, info } = await sharp(`${prefix}.png`).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code).not.toBeNull();
    const url = code!.data;
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
    // the short URL is printed under the code
    expect(text.replace(/\s+/g, '')).toContain(url);
    const token = url.split('/s/')[1]!;
    const shared = await t.app.inject({ method: 'GET', url: `/api/shared/${token}` });
    expect(shared.statusCode).toBe(200);
    const view = shared.json<{ memories: Array<{ title: string; attachments: Array<{ url: string; mimeType: string }> }> }>();
    expect(view.memories.map((m) => m.title)).toEqual(['The recording']);
    const audio = await t.app.inject({ method: 'GET', url: view.memories[0]!.attachments[0]!.url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toMatch(/^audio\//);
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

    // a try after a crash builds the PDF again but uses the book's link again
    const linksBefore = await t.db.select().from(grants).where(eq(grants.bookId, bookId));
    expect(linksBefore).toHaveLength(1);
    await t.db.update(books).set({ status: 'queued' }).where(eq(books.id, bookId));
    await t.app.jobs.send(BOOK_BUILD_JOB, { bookId, userId: owner.user.id });
    expect((await waitUntilFinished(bookId)).status).toBe('ready');
    const linksAfter = await t.db.select().from(grants).where(eq(grants.bookId, bookId));
    expect(linksAfter.map((g) => g.id)).toEqual(linksBefore.map((g) => g.id));
    expect((await get(owner, `/api/books/${bookId}`)).json<Book>().voiceLinks).toBe(1);
  }, 30_000);

  it('a try after a crash draws from the photos an earlier try staged, and none is left once the book is ready', async () => {
    const folder = bookStagingFolder(owner.user.id, bookId);
    expect(await t.files.list(folder)).toEqual([]);
    const rerun = async () => {
      await t.db.update(books).set({ status: 'queued', progress: 40 }).where(eq(books.id, bookId));
      await t.app.jobs.send(BOOK_BUILD_JOB, { bookId, userId: owner.user.id });
      return waitUntilFinished(bookId);
    };
    // a try that stopped before the end leaves its photos staged: here, one whose clean-up did not run
    const keep = vi.spyOn(t.files, 'removeTree').mockResolvedValue();
    expect((await rerun()).status).toBe('ready');
    keep.mockRestore();
    const keys = await t.files.list(folder);
    expect(keys).toHaveLength(2);
    // the large photo as that try staged it, replaced by a plain picture of the same size
    const largeKey = keys.find((key) => path.basename(key).startsWith(`${largePhoto}-`))!;
    const [, width, height] = /-(\d+)x(\d+)\.jpg$/.exec(largeKey)!.map(Number);
    const staged = await sharp({ create: { width: width!, height: height!, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    await t.files.writeBuffer(largeKey, staged);
    const again = await rerun();
    expect(again).toMatchObject({ status: 'ready', pageCount: book.pageCount });
    const file = path.join(dir, 'again.pdf');
    fs.writeFileSync(file, (await get(owner, `/api/books/${bookId}/pdf`)).rawPayload);
    // the staged JPEG is in the PDF byte for byte: it was used, not made again
    const prefix = path.join(dir, 'again-img');
    run('pdfimages', ['-j', file, prefix]);
    const images = fs.readdirSync(dir).filter((name) => name.startsWith('again-img'));
    expect(images.some((name) => fs.readFileSync(path.join(dir, name)).equals(staged))).toBe(true);
    expect(await t.files.list(folder)).toEqual([]);
  }, 30_000);

  it('a book the server has no room for fails after its last try with a message that says so, its staged photos removed', async () => {
    const [row] = await t.db
      .insert(books)
      .values({
        userId: owner.user.id,
        title: 'No room',
        pageSize: 'A4',
        chapters: 'period',
        selection: { from: '1965-01-01', to: '1965-12-31' },
        includePhotos: true,
      })
      .returning();
    // its one try is its last (queued a moment ahead, so that the limit is set before it starts)
    const jobId = await t.app.jobs.send(
      BOOK_BUILD_JOB,
      { bookId: row!.id, userId: owner.user.id },
      { startAfter: new Date(Date.now() + 1500) },
    );
    await t.pool.query('UPDATE pgboss.job SET retry_limit = 0 WHERE id = $1', [jobId]);
    const folder = bookStagingFolder(owner.user.id, row!.id);
    const writeBuffer = t.files.writeBuffer.bind(t.files);
    let written = 0;
    // the first photo is staged, the second finds the disk full
    const full = vi.spyOn(t.files, 'writeBuffer').mockImplementation(async (key, data) => {
      if (key.startsWith(folder) && written++ > 0) throw insufficientStorage('Not enough storage space on the server. Nothing was saved.');
      return writeBuffer(key, data);
    });
    try {
      const failed = await waitUntilFinished(row!.id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/no room left/);
      expect(written).toBe(2);
      expect(await t.files.list(folder)).toEqual([]);
      const pdf = await get(owner, `/api/books/${row!.id}/pdf`);
      expect(pdf.statusCode).toBe(409);
    } finally {
      full.mockRestore();
      await t.app.inject({ method: 'DELETE', url: `/api/books/${row!.id}`, headers: { cookie: owner.cookie } });
    }
  }, 30_000);

  it('serves ranges of the PDF, lists the owner’s books, and is not found for anyone else', async () => {
    const part = await get(owner, `/api/books/${bookId}/pdf`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(part.headers.etag).toBeTruthy();
    expect((await get(owner, '/api/books')).json<Book[]>().map((b) => b.id)).toEqual([bookId]);
    expect((await get(stranger, '/api/books')).json<Book[]>()).toEqual([]);
    for (const url of [`/api/books/${bookId}`, `/api/books/${bookId}/pdf`]) expect((await get(stranger, url)).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/books/${bookId}`, headers: { cookie: stranger.cookie } });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses a cover photo or collection that is not the owner’s, and a period with no memories, changing nothing', async () => {
    const base = { title: 'x', pageSize: '6x9', chapters: 'theme', includePhotos: false, voiceLinks: { expiresAt: null } };
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/books', headers: { cookie: stranger.cookie }, payload });
    expect((await post({ ...base, memories: { all: true } })).statusCode).toBe(400);
    expect((await post({ ...base, memories: { collectionId: 1 } })).statusCode).toBe(404);
    expect((await post({ ...base, memories: { all: true }, coverPhotoId: 1 })).statusCode).toBe(404);
    expect((await post({ ...base, memories: { from: '2000-01-02', to: '2000-01-01' } })).statusCode).toBe(400);
    expect((await post({ ...base, pageSize: 'A5', memories: { all: true } })).statusCode).toBe(400);
    expect(await t.db.select().from(books).where(eq(books.userId, stranger.user.id))).toEqual([]);
  });

  it('makes a book of one interview holding exactly the memories that answer it; another user’s interview is not found', async () => {
    const [interview] = await t.db
      .insert(interviews)
      .values({ ownerId: owner.user.id, storytellerKind: 'owner', storytellerName: 'Ada Lovelace' })
      .returning();
    const question = (position: number, answeredMemoryId: number | null) => ({
      ownerId: owner.user.id,
      interviewId: interview!.id,
      text: `Question ${position}`,
      position,
      status: answeredMemoryId ? 'answered' : 'waiting',
      answeredMemoryId,
    });
    await t.db.insert(interviewQuestions).values([question(1, movingMemory), question(2, null), question(3, recordingMemory)]);
    const payload = {
      title: 'Ada tells',
      pageSize: '6x9',
      chapters: 'theme',
      includePhotos: false,
      voiceLinks: { expiresAt: null },
      memories: { interviewId: interview!.id },
    };
    const refused = await t.app.inject({ method: 'POST', url: '/api/books', headers: { cookie: stranger.cookie }, payload });
    expect(refused.statusCode).toBe(404);
    expect(await t.db.select().from(books).where(eq(books.userId, stranger.user.id))).toEqual([]);

    const started = await t.app.inject({ method: 'POST', url: '/api/books', headers: { cookie: owner.cookie }, payload });
    expect(started.statusCode).toBe(202);
    const id = started.json<{ id: number }>().id;
    expect((await waitUntilFinished(id)).status).toBe('ready');
    const file = path.join(dir, 'interview.pdf');
    fs.writeFileSync(file, (await get(owner, `/api/books/${id}/pdf`)).rawPayload);
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    expect(text).toContain('The recording');
    expect(text).toContain('Moving house');
    expect(text).not.toContain(CYRILLIC);
  }, 30_000);

  it('stopping a book’s voice links makes its QR codes’ links not found while the PDF still downloads', async () => {
    const [row] = await t.db.select().from(books).where(eq(books.title, 'Ada tells'));
    const id = row!.id;
    const [link] = await t.db.select().from(grants).where(eq(grants.bookId, id));
    const token = t.app.linkTokens.tokenFor(link!.tokenNonce!);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).statusCode).toBe(200);
    const revoke = (who: Actor) => t.app.inject({ method: 'DELETE', url: `/api/books/${id}/voice-links`, headers: { cookie: who.cookie } });
    expect((await revoke(stranger)).statusCode).toBe(404);
    expect((await get(owner, `/api/books/${id}`)).json<Book>().voiceLinks).toBe(1);
    expect((await revoke(owner)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).statusCode).toBe(404);
    expect((await get(owner, `/api/books/${id}`)).json<Book>()).toMatchObject({ voiceLinks: 0, status: 'ready' });
    expect((await get(owner, `/api/books/${id}/pdf`)).statusCode).toBe(200);
    // the other book's links are untouched
    expect((await get(owner, `/api/books/${bookId}`)).json<Book>().voiceLinks).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/books/${id}`, headers: { cookie: owner.cookie } });
  });

  it('lists a book’s voice links and stops them one by one; a try after a crash makes no stopped link again', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: { cookie: owner.cookie },
      payload: {
        title: 'The seventies',
        pageSize: '6x9',
        chapters: 'period',
        includePhotos: false,
        voiceLinks: { expiresAt: null },
        memories: { from: '1972-01-01', to: '1972-12-31' },
      },
    });
    const id = started.json<{ id: number }>().id;
    expect((await waitUntilFinished(id)).status).toBe('ready');
    const list = (who: Actor) => get(who, `/api/books/${id}/voice-links`);
    const [link, ...others] = (await list(owner)).json<BookVoiceLink[]>();
    expect(others).toEqual([]);
    expect(link).toMatchObject({ memoryId: recordingMemory, memoryTitle: 'The recording', expiresAt: null, revoked: false });
    expect(Date.parse(link!.createdAt)).not.toBeNaN();
    const [grant] = await t.db.select().from(grants).where(eq(grants.id, link!.id));
    const token = t.app.linkTokens.tokenFor(grant!.tokenNonce!);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).statusCode).toBe(200);

    const stop = (who: Actor, linkId: number | string, bookOf = id) =>
      t.app.inject({ method: 'DELETE', url: `/api/books/${bookOf}/voice-links/${linkId}`, headers: { cookie: who.cookie } });
    // another user's book, a link of another book, a link that is not there: not found, nothing changes
    expect((await list(stranger)).statusCode).toBe(404);
    expect((await stop(stranger, link!.id)).statusCode).toBe(404);
    expect((await stop(owner, link!.id, bookId)).statusCode).toBe(404);
    expect((await stop(owner, 2_000_000_000)).statusCode).toBe(404);
    expect((await stop(owner, 'abc')).statusCode).toBe(404);
    expect((await list(owner)).json<BookVoiceLink[]>()[0]!.revoked).toBe(false);

    expect((await stop(owner, link!.id)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).statusCode).toBe(404);
    const [stopped] = (await list(owner)).json<BookVoiceLink[]>();
    expect(stopped).toMatchObject({ id: link!.id, revoked: true });
    expect(stopped!.expiresAt).not.toBeNull();
    expect((await get(owner, `/api/books/${id}`)).json<Book>()).toMatchObject({ voiceLinks: 0, status: 'ready' });
    expect((await get(owner, `/api/books/${id}/pdf`)).statusCode).toBe(200);
    // stopping it again changes nothing; the other book's link still plays
    expect((await stop(owner, link!.id)).statusCode).toBe(204);
    expect((await get(owner, `/api/books/${bookId}`)).json<Book>().voiceLinks).toBe(1);

    // a try after a crash keeps the stopped link stopped and prints no QR code for it
    await t.db.update(books).set({ status: 'queued' }).where(eq(books.id, id));
    await t.app.jobs.send(BOOK_BUILD_JOB, { bookId: id, userId: owner.user.id });
    expect((await waitUntilFinished(id)).status).toBe('ready');
    expect((await list(owner)).json<BookVoiceLink[]>()).toEqual([stopped]);
    const file = path.join(dir, 'seventies.pdf');
    fs.writeFileSync(file, (await get(owner, `/api/books/${id}/pdf`)).rawPayload);
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    expect(text).toContain('The recording');
    expect(text).not.toContain('/s/');
    await t.app.inject({ method: 'DELETE', url: `/api/books/${id}`, headers: { cookie: owner.cookie } });
  }, 30_000);

  it('deleting the book removes its PDF and revokes its voice links', async () => {
    const [link] = await t.db
      .select()
      .from(grants)
      .where(and(eq(grants.bookId, bookId), isNotNull(grants.tokenNonce)));
    const token = t.app.linkTokens.tokenFor(link!.tokenNonce!);
    const [row] = await t.db.select().from(books).where(eq(books.id, bookId));
    // a photo a stopped try staged goes with the book
    const folder = bookStagingFolder(owner.user.id, bookId);
    await t.files.writeBuffer(`${folder}/${largePhoto}-10x10.jpg`, Buffer.from('staged'));
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/books/${bookId}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).statusCode).toBe(404);
    expect(await t.db.select().from(grants).where(eq(grants.bookId, bookId))).toEqual([]);
    await expect(t.files.stat(row!.fileKey!)).rejects.toThrow();
    expect(await t.files.list(folder)).toEqual([]);
    expect((await get(owner, `/api/books/${bookId}`)).statusCode).toBe(404);
  });
});
