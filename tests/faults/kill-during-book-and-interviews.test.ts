// kill -9 of the server while it makes a life-story book and while the interviews' hourly look is mailing a
// weekly question, in one server world and one kill:
// - the interviews' look finds a weekly question due and mails it; the mail server holds the message unanswered;
// - a book of 24 photos is being made, and the server is killed once some of its photos are prepared for print
//   (staged) and not all, the question's mail still unanswered.
// After the restart the book goes on from the staged photos (its progress never falls back) and ends ready with the
// page count of a book of the same memories made without a kill, one voice link per memory holding a recording
// and no staged photo left; the question arrives exactly once and the interview's other questions stay waiting for
// their weeks (the look runs again at the start): none mailed twice, none skipped.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Book } from '@shared/schemas/books';
import { wavFile } from '@tests/helpers/audio';
import { dataDirClient } from '@tests/helpers/database';
import { freePort } from '@tests/helpers/process';
import { killableHeirloom } from './helpers';

const PHOTOS = 24;
const MEMORIES = 6;
const QUESTIONS = ['What was your first home like?', 'Who taught you to cook?', 'Where did you spend your summers?'];

/** A mail server on loopback that keeps what it receives and, while `hold` says so, leaves a message unanswered. */
async function startHoldingSmtp() {
  const received: Array<{ to: string[]; subject: string }> = [];
  let hold: ((subject: string) => boolean) | undefined;
  let onHeld: (() => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const subject = mail.subject ?? '';
          // unanswered: the sender waits for the reply while the test kills it
          if (hold?.(subject)) return onHeld?.();
          received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  server.on('error', () => {}); // a sender killed mid-message
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Holds the next message whose subject matches; resolves once it is held. */
    holdNext(match: (subject: string) => boolean) {
      hold = match;
      return new Promise<void>((resolve) => (onHeld = resolve));
    },
    release() {
      hold = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async <T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 50): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

describe('kill -9 while a book is made and while a weekly question is mailed', () => {
  let smtp: Awaited<ReturnType<typeof startHoldingSmtp>>;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startHoldingSmtp();
    env.SMTP_URL = smtp.url; // read when the server starts, below
  });
  afterAll(() => smtp?.close());
  const heirloom = killableHeirloom('heirloom-kill-book', env);
  const { dataDir } = heirloom;

  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${heirloom.server.url}${url}`, {
      method,
      headers: {
        cookie: heirloom.cookie,
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const bookOf = (id: number) => call<Book>('GET', `/api/books/${id}`);
  const kill = async () => {
    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;
  };
  const sql = async <R extends object>(text: string, values: unknown[] = []) => {
    const client = await dataDirClient(dataDir);
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  it('finishes the book from its staged photos and mails the due question exactly once', async () => {
    const started = Date.now();
    const took = (label: string) => console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const [owner] = await sql<{ id: number; email: string }>('SELECT id, email FROM users');
    const bookInput = {
      title: 'Our years',
      dedication: null,
      pageSize: '6x9',
      chapters: 'period',
      memories: { all: true },
      includePhotos: true,
      coverPhotoId: null,
      voiceLinks: { expiresAt: null },
    };

    // 24 photo-like pictures (a tinted noise field, different for each), over 6 memories; 2 memories with a recording
    const [width, height] = [1700, 1130];
    const noise = Buffer.alloc(width * height * 3);
    let x = 12345;
    for (let i = 0; i < noise.length; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      noise[i] = 96 + ((x >> 16) & 63);
    }
    const memoryIds: number[] = [];
    for (let m = 0; m < MEMORIES; m++) {
      const memory = await call<{ id: number }>('POST', '/api/memories', {
        title: `Memory ${m + 1}`,
        content: `The year we remember as number ${m + 1}. `.repeat(40),
        eventDate: `${1950 + m * 8}-05-01`,
        isPublic: false,
        tags: [],
        location: null,
      });
      memoryIds.push(memory.id);
    }
    const photoIds: number[] = [];
    for (let i = 0; i < PHOTOS; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: 4 }, async (_, j) => {
          const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
            .modulate({ hue: ((i + j) * 37) % 360 })
            .jpeg({ quality: 85 })
            .toBuffer();
          const form = new FormData();
          form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), `photo-${i + j}.jpg`);
          return (await call<{ id: number }>('POST', '/api/photos', form)).id;
        }),
      );
      photoIds.push(...batch);
    }
    for (let m = 0; m < MEMORIES; m++) {
      const ids = photoIds.slice((m * PHOTOS) / MEMORIES, ((m + 1) * PHOTOS) / MEMORIES);
      await call('POST', `/api/memories/${memoryIds[m]}/links`, { photoIds: ids });
    }
    for (const memoryId of memoryIds.slice(0, 2)) {
      const form = new FormData();
      form.append('attachments', new Blob([wavFile(0.5)], { type: 'audio/wav' }), 'song.wav');
      await call('POST', `/api/memories/${memoryId}/attachments`, form);
    }

    // a weekly interview of the owner's own, due this very hour: begun two days ago, so this hour's question is due
    const now = new Date();
    const interview = await call<{ id: number }>('POST', '/api/interviews', {
      storytellerContactId: null,
      schedule: { weekday: now.getUTCDay(), hour: now.getUTCHours(), timeZone: 'UTC' },
      questions: QUESTIONS.map((text) => ({ text })),
    });
    await sql(`UPDATE interviews SET created_at = now() - interval '2 days' WHERE id = $1`, [interview.id]);
    took('library ready');

    // the interviews' hourly look, queued as its hour queues it, mails the due question: the mail server holds it
    const held = smtp.holdNext((subject) => subject.includes(QUESTIONS[0]!));
    await sql(`INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff) VALUES ('interviews.tick', '{}', 3, 60, true)`);
    await Promise.race([
      held,
      new Promise((_, reject) => setTimeout(() => reject(new Error('The due question was never mailed')), 30_000)),
    ]);
    took('question being mailed');

    // and a book is made: the server is killed once some of its photos are staged, and not all
    const bookId = (await call<{ id: number }>('POST', '/api/books', bookInput)).id;
    const stagingDir = path.join(dataDir, 'files', 'users', String(owner!.id), 'books', 'staging', String(bookId));
    const staged = () => (fs.existsSync(stagingDir) ? fs.readdirSync(stagingDir).filter((name) => name.endsWith('.jpg')).length : 0);
    // watched on the disk (the row's progress is written once a second): killed with some photos staged, not all
    const killedAt = await until(
      'the book to be part way through its photos',
      async () => {
        const count = staged();
        if (count > PHOTOS - 4) throw new Error('Every photo was prepared before the kill');
        if (count < 4) return undefined;
        const book = await bookOf(bookId);
        expect(book.status).toBe('building');
        return book.progress;
      },
      60_000,
      5,
    );
    await kill();
    const stagedAtKill = staged();
    took(`killed at ${killedAt} %, ${stagedAtKill} of ${PHOTOS} photos staged, the question mail unanswered`);
    expect(killedAt).toBeGreaterThanOrEqual(1);
    expect(killedAt).toBeLessThanOrEqual(99);
    expect(stagedAtKill).toBeGreaterThan(0);
    expect(stagedAtKill).toBeLessThan(PHOTOS);
    const sent = await sql<{ status: string }>(`SELECT status FROM interview_questions WHERE interview_id = $1 ORDER BY position`, [
      interview.id,
    ]);
    expect(sent.map((q) => q.status)).toEqual(['sent', 'waiting', 'waiting']);

    // after the restart the mail is delivered; the retries' waits (the mail's, the book's) are cut short here
    smtp.release();
    await heirloom.start();
    await sql(`UPDATE pgboss.job SET start_after = now() WHERE name IN ('mail.send', 'book.build') AND state = 'retry'`);
    const progressSeen: number[] = [];
    const watch = setInterval(() => {
      bookOf(bookId).then(
        (book) => progressSeen.push(book.progress),
        () => {},
      );
    }, 100);
    try {
      const ready = await until(
        'the book to be ready',
        async () => {
          const book = await bookOf(bookId);
          if (book.status === 'failed') throw new Error(`The book failed: ${book.error}`);
          return book.status === 'ready' ? book : undefined;
        },
        60_000,
        100,
      );
      took(`restarted: book ready, ${ready.pageCount} pages`);
      // the progress went on from what was staged: never back towards 0
      expect(progressSeen.length).toBeGreaterThan(0);
      expect(Math.min(...progressSeen)).toBeGreaterThanOrEqual(killedAt);
      expect(ready.voiceLinks).toBe(2);
      const links = await sql<{ memory_id: number }>('SELECT memory_id FROM grants WHERE book_id = $1', [bookId]);
      expect(links.map((l) => l.memory_id).sort((a, b) => a - b)).toEqual(memoryIds.slice(0, 2).sort((a, b) => a - b));
      expect(fs.existsSync(stagingDir) ? fs.readdirSync(stagingDir) : []).toEqual([]);

      // the same memories made into a book with no kill: the same pages
      const unkilledId = (await call<{ id: number }>('POST', '/api/books', bookInput)).id;
      const unkilled = await until('the unkilled book to be ready', async () => {
        const book = await bookOf(unkilledId);
        if (book.status === 'failed') throw new Error(`The book failed: ${book.error}`);
        return book.status === 'ready' ? book : undefined;
      });
      took('unkilled book ready');
      expect(ready.pageCount).toBe(unkilled.pageCount);
      const pdf = await fetch(`${heirloom.server.url}${ready.downloadUrl}`, { headers: { cookie: heirloom.cookie } });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(fs.readdirSync(path.dirname(stagingDir))).toEqual([]);

      // the held question arrives once; the others wait for their weeks
      const toOwner = (text: string) => smtp.received.filter((m) => m.to.includes(owner!.email.toLowerCase()) && m.subject.includes(text));
      await until('the question mail', async () => (toOwner(QUESTIONS[0]!).length > 0 ? true : undefined), 30_000, 100);
      // the interviews' look ran again at this start (long done by now): still nothing more to send
      await until('the interviews look at start to be done', async () => {
        const open = await sql(
          `SELECT 1 FROM pgboss.job WHERE name = 'interviews.tick' AND state IN ('created', 'active') AND start_after <= now()`,
        );
        return open.length === 0 ? true : undefined;
      });
      took('question mailed');
      expect(toOwner(QUESTIONS[0]!)).toHaveLength(1);
      expect(toOwner(QUESTIONS[1]!)).toHaveLength(0);
      expect(toOwner(QUESTIONS[2]!)).toHaveLength(0);
      const after = await sql<{ status: string }>(`SELECT status FROM interview_questions WHERE interview_id = $1 ORDER BY position`, [
        interview.id,
      ]);
      expect(after.map((q) => q.status)).toEqual(['sent', 'waiting', 'waiting']);
      const open = await sql(`SELECT 1 FROM pgboss.job WHERE name = 'mail.send' AND state IN ('created', 'retry', 'active')`);
      expect(open).toEqual([]);
    } finally {
      clearInterval(watch);
    }
  });
});
