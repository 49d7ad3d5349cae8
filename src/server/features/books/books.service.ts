// The life-story book (decision 068): POST queues `book.build`, GET follows it, and the finished PDF is a
// stored file served with Range support until the owner deletes the book. The job lays the memories out
// (book-pdf.ts), prepares each photo for print (resized for its printed size) into the book's staging folder in
// the file store, then draws the PDF from the staged photos, streams it through the file store's staging into
// users/<id>/books/<uuid>.pdf, keeps the progress on the row and mails the owner. The photos are the slow part:
// a try after a crash (kill -9) reuses every photo already staged and only lays out and draws again. The staged
// photos are removed once the book is ready, has failed for good or is deleted. Each voice recording's QR code
// opens a public link to its memory, made once per memory and book: a try after a crash uses them again.
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { formatApproximateDate, type DatePrecision } from '@shared/dates/date-precision';
import { BOOK_MESSAGES, BOOKS_MAX, type Book, type BookMemories, type BookRequest, type BookVoiceLink } from '@shared/schemas/books';
import type { Db } from '../../db/client';
import { translator } from '../../lib/i18n';
import { accountLanguage } from '../../lib/mail-language';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStore, StagedFile } from '../../lib/file-store';
import type { JobQueue } from '../../lib/jobs';
import type { LinkTokens } from '../../lib/link-tokens';
import { queueMail } from '../../lib/mail';
import { storedFile, type StoredFile } from '../../lib/send-file';
import type { InterviewsService } from '../interviews/interviews.service';
import type { PeopleService } from '../people/people.service';
import { derivativeKey } from '../photos/photos.service';
import {
  layoutBook,
  photosToPrint,
  renderBook,
  type BookChapter,
  type BookContent,
  type BookLayout,
  type BookMemory,
  type BookPhoto,
} from './book-pdf';
import { createBooksRepo, type BookRow, type BooksRepo } from './books.repo';

export const BOOK_BUILD_JOB = 'book.build';
/** Progress is written to the row at most this often. */
const PROGRESS_EVERY_MS = 1000;
const FAILED_MESSAGE = 'The book could not be made. Please try again; if it fails again, the server log says why.';
const DISK_FULL_MESSAGE =
  'The book could not be made: the server has no room left for it. Free some space on the server (or ask whoever runs it to), then make the book again.';
/** Progress (0–100) once the book is laid out, and how much of the rest preparing its photos takes when it has any. */
const LAID_OUT = 5;
const PHOTOS_SHARE = 85;
const UNTAGGED = 'Other memories';

interface BuildData {
  bookId: number;
  userId: number;
}

interface Deps {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  linkTokens: LinkTokens;
  people: Pick<PeopleService, 'namesInPhotos'>;
  interviews: Pick<InterviewsService, 'answeredMemoryIds'>;
  publicUrl: string;
  now?: () => Date;
}

export const bookPdfPath = (id: number) => `/api/books/${id}/pdf`;
const bookKey = (userId: number) => `users/${userId}/books/${randomUUID()}.pdf`;
/** The book's photos prepared for print while it is made (removed once it is ready, failed for good or deleted). */
export const bookStagingFolder = (userId: number, bookId: number) => `users/${userId}/books/staging/${bookId}`;
const stagedPhotoKey = (userId: number, bookId: number, photoId: number, pixelWidth: number, pixelHeight: number) =>
  `${bookStagingFolder(userId, bookId)}/${photoId}-${pixelWidth}x${pixelHeight}.jpg`;

/** The book was deleted (or finished by another try) while this try made it: stop, quietly. */
class BookGoneError extends Error {}

/** A memory's date as a person says it (decision 067): "June 12, 1965", "June 1962", "1960s", "c. 1955". */
export const formatBookDate = (date: string, precision: string, margin: number | null) =>
  formatApproximateDate({ date, precision: precision as DatePrecision, margin }) || date;

const decadeOf = (day: string) => `The ${Math.floor(Number(day.slice(0, 4)) / 10) * 10}s`;

/** A photo's date for its caption: as well as it is known, never the time of day (a day is printed for an exact one). */
const photoDate = (taken: Date | null, precision: string | null, margin: number | null) =>
  taken
    ? formatApproximateDate({
        date: taken.toISOString(),
        precision: (precision === 'exact' || !precision ? 'day' : precision) as DatePrecision,
        margin,
      }) || null
    : null;

/** A file name without its extension, for the words beside a QR code. */
const recordingName = (fileName: string) => fileName.replace(/\.[a-z0-9]+$/i, '');

export function createBooksService({ files, jobs, log, linkTokens, people, interviews, publicUrl, db, now = () => new Date() }: Deps) {
  const repo: BooksRepo = createBooksRepo(db);
  const linkUrl = (token: string) => `${publicUrl}/s/${token}`;

  /** The book's memories; an interview's are its answers, read through the interviews service (404 another user's). */
  async function memoriesOf(userId: number, selection: BookMemories) {
    if ('interviewId' in selection) {
      return repo.memories(userId, { memoryIds: await interviews.answeredMemoryIds(userId, selection.interviewId) });
    }
    return repo.memories(userId, selection);
  }

  function toBook(row: BookRow, voiceLinks: number): Book {
    return {
      id: row.id,
      title: row.title,
      pageSize: row.pageSize as Book['pageSize'],
      status: row.status as Book['status'],
      progress: row.progress,
      pageCount: row.pageCount,
      size: row.status === 'ready' ? row.fileSize : null,
      error: row.error,
      voiceLinks,
      voiceLinksExpireAt: row.voiceLinksExpireAt?.toISOString() ?? null,
      downloadUrl: row.status === 'ready' && row.fileKey ? bookPdfPath(row.id) : null,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  async function removeFile(key: string | null) {
    if (key) await files.remove(key).catch((err: unknown) => log.warn({ err }, 'Could not remove a book PDF'));
  }

  /** A picture resized for print: the original (a HEIC's full-size JPEG), oriented, at most the pixels asked for. */
  function prepareForPrint(photo: PictureSource, pixelWidth: number, pixelHeight: number) {
    const key = /hei[cf]/i.test(photo.mimeType) ? derivativeKey(photo.key, 'display') : photo.key;
    return files.withLocalFile(key, (path) =>
      sharp(path, { sequentialRead: true })
        .rotate()
        .resize(pixelWidth, pixelHeight, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
        .toBuffer(),
    );
  }

  async function dimensions(photo: { key: string; mimeType: string; width: number | null; height: number | null }) {
    if (photo.width && photo.height) return { width: photo.width, height: photo.height };
    const key = /hei[cf]/i.test(photo.mimeType) ? derivativeKey(photo.key, 'display') : photo.key;
    const meta = await files.withLocalFile(key, (path) => sharp(path).metadata());
    const swap = (meta.orientation ?? 1) >= 5;
    return swap ? { width: meta.height ?? 1, height: meta.width ?? 1 } : { width: meta.width ?? 1, height: meta.height ?? 1 };
  }

  /**
   * The book's voice links, made once per memory: those a crashed try made are used again, and a memory whose
   * link the owner stopped gets none (its recordings are then printed without a QR code).
   */
  async function voiceLinks(row: BookRow, memoryIds: number[]): Promise<Map<number, string>> {
    const urls = new Map<number, string>();
    const made = new Set<number>();
    for (const link of await repo.bookLinks(row.userId, row.id)) {
      if (!link.memoryId) continue;
      made.add(link.memoryId);
      if (link.tokenNonce) urls.set(link.memoryId, linkUrl(linkTokens.tokenFor(link.tokenNonce)));
    }
    for (const memoryId of memoryIds) {
      if (made.has(memoryId)) continue;
      const { nonce, token, hash } = linkTokens.issue();
      await repo.insertBookLink(row.userId, {
        bookId: row.id,
        memoryId,
        tokenNonce: nonce,
        tokenHash: hash,
        expiresAt: row.voiceLinksExpireAt,
      });
      urls.set(memoryId, linkUrl(token));
    }
    return urls;
  }

  /** Everything the PDF shows, read from the owner's rows (pictures are opened only when drawn). */
  async function content(row: BookRow, sources: Map<number, PictureSource>): Promise<BookContent> {
    const { userId } = row;
    /** Drawing reads the photo staged for its printed size (preparePhotos staged every one before). */
    const readStaged = (photoId: number) => (pixelWidth: number, pixelHeight: number) =>
      files.withLocalFile(stagedPhotoKey(userId, row.id, photoId, pixelWidth, pixelHeight), (path) => fsp.readFile(path));
    const owner = await repo.owner(userId);
    const selection = row.selection as BookMemories;
    const memories = await memoriesOf(userId, selection);
    const memoryIds = memories.map((m) => m.id);
    const pictures = row.includePhotos ? await repo.pictures(userId, memoryIds) : [];
    const names = await people.namesInPhotos(
      userId,
      pictures.map((p) => p.id),
    );
    const recordings = await repo.recordings(userId, memoryIds);
    const urls = await voiceLinks(row, [...new Set(recordings.map((r) => r.memoryId))]);

    const toPhoto = async (picture: (typeof pictures)[number]): Promise<BookPhoto> => {
      const who = names.get(picture.id) ?? [];
      const caption = [
        photoDate(picture.dateTaken, picture.dateTakenPrecision, picture.dateTakenMargin),
        who.length ? `With ${who.join(', ')}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      sources.set(picture.id, picture);
      return { id: picture.id, ...(await dimensions(picture)), caption: caption || null, load: readStaged(picture.id) };
    };

    const photosOf = new Map<number, BookPhoto[]>();
    for (const picture of pictures) {
      const list = photosOf.get(picture.memoryId!) ?? [];
      list.push(await toPhoto(picture));
      photosOf.set(picture.memoryId!, list);
    }
    const voicesOf = new Map<number, BookMemory['voices']>();
    for (const recording of recordings) {
      const url = urls.get(recording.memoryId);
      if (!url) continue; // its link was stopped
      const list = voicesOf.get(recording.memoryId) ?? [];
      list.push({ label: `Scan to hear “${recordingName(recording.fileName)}”`, url });
      voicesOf.set(recording.memoryId, list);
    }

    const chapters = new Map<string, BookChapter>();
    for (const memory of memories) {
      const chapterTitle =
        row.chapters === 'theme' ? ([...memory.tags].sort((a, b) => a.localeCompare(b))[0] ?? UNTAGGED) : decadeOf(memory.eventDate);
      const chapter = chapters.get(chapterTitle) ?? { title: chapterTitle, memories: [] };
      chapter.memories.push({
        title: memory.title,
        date: formatBookDate(memory.eventDate, memory.eventDatePrecision, memory.eventDateMargin),
        content: memory.content,
        photos: photosOf.get(memory.id) ?? [],
        voices: voicesOf.get(memory.id) ?? [],
      });
      chapters.set(chapterTitle, chapter);
    }
    let ordered = [...chapters.values()];
    if (row.chapters === 'theme') {
      ordered = ordered.sort((a, b) => (a.title === UNTAGGED ? 1 : b.title === UNTAGGED ? -1 : a.title.localeCompare(b.title)));
      for (const chapter of ordered) chapter.title = chapter.title === UNTAGGED ? UNTAGGED : capitalise(chapter.title);
    }

    const coverRow = row.coverPhotoId ? await repo.findPicture(userId, row.coverPhotoId) : undefined;
    if (coverRow) sources.set(coverRow.id, coverRow);
    return {
      title: row.title,
      ownerName: owner ? `${owner.firstName} ${owner.surname}`.trim() : '',
      dedication: row.dedication,
      pageSize: row.pageSize as BookContent['pageSize'],
      cover: coverRow ? { id: coverRow.id, ...(await dimensions(coverRow)), caption: null, load: readStaged(coverRow.id) } : null,
      chapters: ordered,
    };
  }

  /** Removes the photos staged for the book (once it is ready, failed for good or deleted). */
  async function removeStaging(userId: number, bookId: number) {
    await files
      .removeTree(bookStagingFolder(userId, bookId))
      .catch((err: unknown) => log.warn({ err, bookId }, "Could not remove a book's staged photos"));
  }

  /** Progress on the row; a book no longer being made (deleted meanwhile) stops the try. */
  async function progressTo(userId: number, bookId: number, progress: number) {
    let building: boolean;
    try {
      building = await repo.setProgress(userId, bookId, progress);
    } catch {
      return; // a failed progress write only delays the bar
    }
    if (!building) throw new BookGoneError();
  }

  /**
   * Every photo the layout prints, resized for its printed size and staged in the book's folder: those a try
   * before this one staged are kept (their keys name the book, the photo and the size), so a try after a crash
   * goes on where the last one stopped, its progress counted from what is staged.
   */
  async function preparePhotos(row: BookRow, layout: BookLayout, sources: Map<number, PictureSource>) {
    const { userId, id: bookId } = row;
    const wanted = photosToPrint(layout).map((p) => ({
      ...p,
      key: stagedPhotoKey(userId, bookId, p.photo.id, p.pixelWidth, p.pixelHeight),
    }));
    if (wanted.length === 0) return;
    const staged = new Set(await files.list(bookStagingFolder(userId, bookId)));
    let done = wanted.filter((p) => staged.has(p.key)).length;
    const progress = () => LAID_OUT + Math.floor((PHOTOS_SHARE * done) / wanted.length);
    await progressTo(userId, bookId, progress());
    let lastWrite = Date.now();
    for (const photo of wanted) {
      if (staged.has(photo.key)) continue;
      // written whole or not at all: a kill leaves this photo to the next try
      await files.writeBuffer(photo.key, await prepareForPrint(sources.get(photo.photo.id)!, photo.pixelWidth, photo.pixelHeight));
      done++;
      if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
        lastWrite = Date.now();
        await progressTo(userId, bookId, progress());
      }
    }
  }

  async function build({ bookId, userId }: BuildData, isLastTry: boolean) {
    const row = await repo.find(userId, bookId);
    if (!row || row.status === 'ready' || row.status === 'failed') return; // deleted, or finished by an earlier try
    // a try before this one (kill -9, a failure) may have placed its PDF: the PDF is drawn again (from the staged photos)
    await removeFile(row.fileKey);
    await repo.markBuilding(userId, bookId);
    let staged: StagedFile | undefined;
    const key = bookKey(userId);
    try {
      const sources = new Map<number, PictureSource>();
      const book = await content(row, sources);
      const layout = layoutBook(book);
      await preparePhotos(row, layout, sources);
      const drawFrom = layout.photoCount > 0 ? LAID_OUT + PHOTOS_SHARE : LAID_OUT;
      await progressTo(userId, bookId, drawFrom);
      await repo.setFileKey(userId, bookId, key);
      let lastWrite = Date.now();
      const { stream, done } = renderBook(book, layout, async (pagesDone, pageCount) => {
        if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = Date.now();
        await progressTo(userId, bookId, Math.min(99, drawFrom + Math.floor((pagesDone / pageCount) * (99 - drawFrom))));
      });
      [staged] = await Promise.all([files.stage(stream, Infinity), done]);
      await files.commit(staged, key);
      staged = undefined;
      const ready = await repo.markReady(userId, bookId, {
        fileKey: key,
        fileSize: (await files.stat(key)).size,
        pageCount: layout.pages.length,
      });
      await removeStaging(userId, bookId);
      if (!ready) {
        await removeFile(key); // deleted while it was being made
        return;
      }
      const owner = await repo.owner(userId);
      if (owner) {
        const intl = translator(await accountLanguage(db, userId));
        const title = row.title;
        await queueMail(jobs, {
          to: owner.email,
          language: intl.locale,
          subject: intl.formatMessage({ id: 'mail.bookReady.subject', defaultMessage: 'Your book “{title}” is ready' }, { title }),
          text: [
            intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: owner.firstName }),
            '',
            intl.formatMessage(
              {
                id: 'mail.bookReady.ready',
                defaultMessage: 'Your life-story book “{title}” ({pages, plural, other {# pages}}) is ready to download and print:',
              },
              { title, pages: layout.pages.length },
            ),
            `${publicUrl}/story`,
          ].join('\n'),
        });
      }
    } catch (err) {
      if (staged) await files.discard(staged);
      await removeFile(key);
      if (err instanceof BookGoneError) {
        // deleted meanwhile: the deletion removed the staging folder, but this try may have staged after it
        await removeStaging(userId, bookId);
        return;
      }
      if (!isLastTry) throw err; // the staged photos stay for the next try
      log.error({ err, bookId }, 'A book failed after every try');
      await failForGood(userId, bookId, err);
      throw err;
    }
  }

  /** The book failed for good: its row says why, its staged photos are removed. */
  async function failForGood(userId: number, bookId: number, err?: unknown) {
    const diskFull = err instanceof AppError && err.statusCode === 507;
    // removed first: once the book reads as failed, nothing of it is left behind
    await removeStaging(userId, bookId);
    await repo.markFailed(userId, bookId, diskFull ? DISK_FULL_MESSAGE : FAILED_MESSAGE);
  }

  return {
    /** Defines the job on the queue; called once, before the app is ready. */
    defineJobs() {
      jobs.define<BuildData>({
        name: BOOK_BUILD_JOB,
        // one book at a time per process: it is the memory- and CPU-heavy work of the account
        concurrency: 1,
        retryLimit: 2,
        retryDelaySeconds: 5,
        expireInSeconds: 2 * 60 * 60,
        handler: (data, job) => build(data, job.isLastTry),
        // its process stopped during the last try (or every try): failed for good, as a last try would record it
        onGivenUp: ({ bookId, userId }) => failForGood(userId, bookId),
      });
    },

    async start(userId: number, input: BookRequest): Promise<{ id: number }> {
      const memories = input.memories;
      if ('collectionId' in memories && !(await repo.collectionExists(userId, memories.collectionId))) {
        throw notFound(BOOK_MESSAGES.collectionNotFound);
      }
      if (input.coverPhotoId !== null && !(await repo.findPicture(userId, input.coverPhotoId))) throw notFound(BOOK_MESSAGES.coverNotFound);
      const expiresAt = input.voiceLinks.expiresAt ? new Date(input.voiceLinks.expiresAt) : null;
      if (expiresAt && expiresAt <= now()) throw badRequest(BOOK_MESSAGES.voiceLinksPast, 'VALIDATION');
      if ((await memoriesOf(userId, memories)).length === 0) throw badRequest(BOOK_MESSAGES.noMemories, 'NO_MEMORIES');
      const row = await repo.insert(
        userId,
        {
          title: input.title,
          dedication: input.dedication,
          pageSize: input.pageSize,
          chapters: input.chapters,
          selection: memories,
          includePhotos: input.includePhotos,
          coverPhotoId: input.coverPhotoId,
          voiceLinksExpireAt: expiresAt,
        },
        BOOKS_MAX,
      );
      if (!row) throw conflict(BOOK_MESSAGES.tooMany, 'TOO_MANY_BOOKS');
      try {
        await jobs.send(BOOK_BUILD_JOB, { bookId: row.id, userId });
      } catch (err) {
        await repo.markFailed(userId, row.id, FAILED_MESSAGE);
        throw err;
      }
      return { id: row.id };
    },

    async list(userId: number): Promise<Book[]> {
      const [rows, links] = await Promise.all([repo.list(userId), repo.voiceLinkCounts(userId)]);
      return rows.map((row) => toBook(row, links.get(row.id) ?? 0));
    },

    async get(userId: number, id: number): Promise<Book> {
      const row = await repo.find(userId, id);
      if (!row) throw notFound('Book not found');
      const links = await repo.voiceLinkCounts(userId);
      return toBook(row, links.get(row.id) ?? 0);
    },

    /** The finished PDF: 404 another user's, 409 not ready or failed. */
    async pdf(userId: number, id: number): Promise<StoredFile> {
      const row = await repo.find(userId, id);
      if (!row) throw notFound('Book not found');
      if (row.status === 'failed') throw conflict(BOOK_MESSAGES.failed, 'BOOK_FAILED');
      if (row.status !== 'ready' || !row.fileKey) throw new AppError(409, BOOK_MESSAGES.notReady, 'BOOK_NOT_READY');
      const file = await storedFile(files, row.fileKey, {
        mimeType: 'application/pdf',
        fileName: `${row.title.trim() || 'book'}.pdf`,
        lastModified: row.finishedAt ?? undefined,
      });
      if (!file) throw notFound('Book not found');
      return file;
    },

    /** The public links the book's QR codes open, with their memory's title, stopped ones too. */
    async voiceLinkList(userId: number, id: number): Promise<BookVoiceLink[]> {
      if (!(await repo.find(userId, id))) throw notFound('Book not found');
      return (await repo.voiceLinkList(userId, id)).map((link) => ({
        ...link,
        createdAt: link.createdAt.toISOString(),
        expiresAt: link.expiresAt?.toISOString() ?? null,
      }));
    },

    /**
     * Ends the public links the book's QR codes open (one, or all): printed copies stop playing them; the book
     * and its PDF stay. Stopping a link already stopped changes nothing.
     */
    async revokeVoiceLinks(userId: number, id: number, linkId?: number) {
      const row = await repo.find(userId, id);
      if (!row) throw notFound('Book not found');
      if (linkId !== undefined && !(await repo.findBookLink(userId, id, linkId))) throw notFound(BOOK_MESSAGES.linkNotFound);
      // a book being made would print its links in the pages being drawn
      if (row.status === 'queued' || row.status === 'building') throw conflict(BOOK_MESSAGES.stillMaking, 'BOOK_NOT_READY');
      await repo.revokeBookLinks(userId, id, linkId);
    },

    /** Deletes the book, its PDF and the public links its QR codes open. */
    async remove(userId: number, id: number) {
      const row = await repo.remove(userId, id);
      if (!row) throw notFound('Book not found');
      await removeFile(row.fileKey);
      await removeStaging(userId, id);
    },
  };
}

/** Where a photo's original is, for preparing it for print. */
interface PictureSource {
  id: number;
  key: string;
  mimeType: string;
}

const capitalise = (word: string) => (word ? word[0]!.toLocaleUpperCase('en') + word.slice(1) : word);

export type BooksService = ReturnType<typeof createBooksService>;
