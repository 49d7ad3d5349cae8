// Reading the words of the vault's documents (issue 29, decision 058), in the background on the one job queue: one
// job per document, which reads it in the text worker thread (ai/ocr: a PDF's text layer, Tesseract for scans
// and pictures) and keeps the words with the row. A document is 'pending' until then, so a job that died (kill -9,
// a restart) is queued again at start and reads it anew. What cannot be read is 'failed' with a reason for the
// owner; reading never blocks or fails an upload.
import type { FastifyBaseLogger } from 'fastify';
import { textKindOf, type TextOutcome } from '../../ai/ocr/text-kinds';
import type { TextReader } from '../../ai/ocr/text-reader';
import type { FileStore } from '../../lib/file-store';
import type { HeicDecoder } from '../../lib/heic-decoder';
import { heicToJpeg } from '../../lib/images';
import type { JobInfo, JobQueue } from '../../lib/jobs';
import type { VaultRepo } from './vault.repo';

const TEXT_JOB = 'vault.text';

export const TEXT_REASONS = {
  picture: 'This picture could not be opened, so heirloom could not read its words.',
  unreadable: 'heirloom could not read the words in this document.',
  givenUp: 'heirloom could not finish reading the words in this document.',
} as const;

interface Options {
  jobs: JobQueue;
  repo: VaultRepo;
  files: FileStore;
  heic: HeicDecoder;
  reader: TextReader;
  log: FastifyBaseLogger;
  /** DOCUMENT_TEXT=off: nothing is read; documents stay 'pending' until the server reads again. */
  serverEnabled: boolean;
}

export function createVaultTextQueue({ jobs, repo, files, heic, reader, log, serverEnabled }: Options) {
  let stopped = false;

  async function read(key: string, mimeType: string): Promise<TextOutcome | { status: 'unsupported' }> {
    const kind = textKindOf(mimeType);
    if (!kind) return { status: 'unsupported' };
    return files.withLocalFile(key, async (path) => {
      if (kind !== 'heic') return reader.read({ kind, path });
      // a HEIC photo of a paper: decoded by the app's one HEIC worker, then read as any picture
      let jpeg: Buffer;
      try {
        jpeg = await heicToJpeg(heic, path);
      } catch {
        return { status: 'failed', reason: TEXT_REASONS.picture };
      }
      return reader.read({ kind: 'picture', bytes: new Uint8Array(jpeg) });
    });
  }

  async function readDocument(userId: number, fileId: number, job: JobInfo) {
    if (!serverEnabled) return; // queued before the server was started with DOCUMENT_TEXT=off: read once it is on
    const document = await repo.findToRead(userId, fileId);
    if (!document || document.textStatus !== 'pending') return; // deleted, or read already
    let outcome: TextOutcome | { status: 'unsupported' };
    try {
      outcome = await read(document.filePath, document.mimeType);
    } catch (err) {
      // the reader or the storage failed, not the document: tried again, and on the last try the owner is told
      if (stopped || !job.isLastTry) throw err;
      log.warn({ err, fileId }, 'Could not read the words of a document');
      outcome = { status: 'failed', reason: TEXT_REASONS.unreadable };
    }
    await repo.saveText(userId, fileId, outcome);
  }

  jobs.define<{ userId: number; fileId: number }>({
    name: TEXT_JOB,
    handler: ({ userId, fileId }, job) => readDocument(userId, fileId, job),
    retryLimit: 3,
    retryDelaySeconds: 30,
    // 300 scanned pages at a few seconds each, at most (ai/ocr/document-text.ts)
    expireInSeconds: 60 * 60,
    oneQueuedPerKey: true,
    // its process stopped while reading it, on each try: the document is not tried again
    onGivenUp: ({ userId, fileId }) => repo.saveText(userId, fileId, { status: 'failed', reason: TEXT_REASONS.givenUp }),
  });

  const keyed = (userId: number, fileId: number) => ({ data: { userId, fileId }, singletonKey: `vault-text-${fileId}` });

  return {
    /** Whether this server reads documents' words at all. */
    reads: serverEnabled,
    /** A document was stored: read its words (a failure to queue is logged; the start-up queues it again). */
    async documentAdded(userId: number, fileId: number, mimeType: string) {
      if (!serverEnabled || !textKindOf(mimeType)) return;
      const { data, singletonKey } = keyed(userId, fileId);
      await jobs
        .send(TEXT_JOB, data, { singletonKey })
        .catch((err: unknown) => log.error({ err, fileId }, 'Could not queue reading the words of a document'));
    },
    /** At start: every document whose words are still to be read (a job lost to a crash included). */
    async resume() {
      if (!serverEnabled) return;
      const pending = await repo.pendingText();
      await jobs.sendMany(
        TEXT_JOB,
        pending.map((row) => keyed(row.userId, row.id)),
      );
    },
    async close() {
      stopped = true;
      await reader.close();
    },
  };
}

export type VaultTextQueue = ReturnType<typeof createVaultTextQueue>;
