import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { VAULT_FILE_MAX_BYTES, VAULT_QUOTA_BYTES } from '@shared/limits';
import { pageLimit, type PageQuery } from '@shared/schemas/paging';
import { VAULT_MESSAGES, vaultUploadFieldsSchema, type VaultFile, type VaultFileDetails, type VaultUsage } from '@shared/schemas/vault';
import { MAX_TEXT_CHARS, textKindOf } from '../../ai/ocr/text-kinds';
import type { Db } from '../../db/client';
import { removeFilesWith, storeFiles } from '../../lib/durable-files';
import { placeFreeKey } from '../../lib/place-free-copies';
import { AppError, badRequest, notFound, serviceUnavailable } from '../../lib/errors';
import { newFileKey, type FileStore } from '../../lib/file-store';
import { storedFile, type StoredFile } from '../../lib/send-file';
import { sniff, type DetectedType, type ReceivedFile, type ReceiveOptions } from '../../lib/uploads';
import type { StorageService } from '../storage/storage.service';
import type { VaultTextQueue } from './vault-text-queue';
import { createVaultRepo, type VaultRepo } from './vault.repo';
import { userText } from '@shared/i18n/text';

const FILE_NOT_FOUND = userText('File not found');

/**
 * spec §2: the vault takes any document. Binary formats are recognised by their bytes; anything else is
 * text/plain when it is valid UTF-8 without NULs, else application/octet-stream. The declared type and
 * the name's extension are never trusted, so an uploaded page can never be served as HTML.
 */
async function detectVaultType(head: Buffer): Promise<DetectedType> {
  const sniffed = await sniff(head);
  if (sniffed) return sniffed;
  return isUtf8Text(head) ? { mime: 'text/plain', ext: 'txt' } : { mime: 'application/octet-stream', ext: 'bin' };
}

/** POST /api/vault, read by lib/uploads.ts. */
export const VAULT_UPLOAD: ReceiveOptions = {
  field: 'file',
  maxBytes: VAULT_FILE_MAX_BYTES,
  maxFiles: 1,
  accept: detectVaultType,
  messages: {
    tooLarge: VAULT_MESSAGES.tooLarge,
    wrongType: userText('This file type cannot be stored'), // unreachable: the vault accepts any type
    missing: VAULT_MESSAGES.selectFileToUpload,
    tooMany: userText('Please upload one file at a time'),
    empty: userText('The selected file is empty'),
  },
};

function isUtf8Text(head: Buffer) {
  if (head.includes(0)) return false;
  try {
    // stream: true tolerates a character cut in half at the end of the head.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export function createVaultService({
  db,
  repo,
  files,
  log,
  storage,
  text,
}: {
  db: Db;
  repo: VaultRepo;
  files: FileStore;
  log: FastifyBaseLogger;
  storage: StorageService;
  /** Reads each new document's words in the background (decision 058). */
  text: VaultTextQueue;
}) {
  return {
    list: (userId: number) => repo.listByOwner(userId),

    /** The documents a page at a time (issue 15); the same order as list. */
    page: (userId: number, query: PageQuery) => repo.pageByOwner(userId, query.cursor, pageLimit(query)),

    async usage(userId: number): Promise<VaultUsage> {
      return { usedBytes: await repo.usedBytes(userId), quotaBytes: VAULT_QUOTA_BYTES };
    },

    /**
     * Takes ownership of a staged upload: on success it is stored under a generated key together with its
     * row; on any failure (bad fields, foreign memory, over quota, disk or database error, kill -9) neither
     * the row nor any file remains (lib/durable-files.ts journals the key until the row is committed).
     */
    async create(
      userId: number,
      received: ReceivedFile,
      rawFields: Record<string, string>,
      { importId, text: knownText }: { importId?: number; text?: string } = {},
    ): Promise<VaultFile> {
      const parsed = vaultUploadFieldsSchema.safeParse(rawFields);
      if (!parsed.success) {
        await files.discard(received.staged);
        throw badRequest(parsed.error.issues[0]?.message ?? userText('Invalid upload'), 'VALIDATION');
      }
      const { description, memoryId } = parsed.data;
      const key = newFileKey(userId, 'vault', received.ext);
      const values = {
        memoryId: memoryId ? Number(memoryId) : null,
        fileName: path.posix.basename(key),
        originalName: received.fileName,
        filePath: key,
        fileSize: received.staged.size,
        mimeType: received.mimeType,
        description: description || null,
        contentHash: received.staged.sha256,
        importId: importId ?? null,
        // words already read (an archive's heirloom.json carries them): kept as they are, not read again
        ...(knownText !== undefined
          ? { textStatus: 'done' as const, text: knownText.slice(0, MAX_TEXT_CHARS) }
          : { textStatus: textKindOf(received.mimeType) ? ('pending' as const) : ('unsupported' as const) }),
      };
      const file = await storeFiles(db, files, [{ staged: received.staged, key }], async (tx) => {
        await storage.reserve(tx, userId, 'vault', values.fileSize);
        const result = await repo.insertWithinQuota(tx, userId, values, VAULT_QUOTA_BYTES);
        if (result.ok) return result.file;
        // thrown inside the transaction: it rolls back and the stored file is removed
        if (result.reason === 'over-quota') throw new AppError(413, VAULT_MESSAGES.overQuota, 'QUOTA_EXCEEDED');
        if (result.reason === 'memory-not-found') throw notFound(userText('Memory not found'));
        throw notFound(userText('User not found'));
      });
      // its words are read after the answer; a failure to queue never fails the upload
      if (values.textStatus === 'pending') await text.documentAdded(userId, file.id, file.mimeType);
      return file;
    },

    /**
     * A document's details, as the list shows them, with the words read from it (a search result opens it even when
     * its page is not loaded).
     */
    async details(userId: number, id: number): Promise<VaultFileDetails> {
      const found = await repo.findDetails(userId, id);
      if (!found) throw notFound(FILE_NOT_FOUND);
      return found.textStatus === 'pending' && !text.reads ? { ...found, textStatus: 'off' } : found;
    },

    /** The file to send; a download (not a HEAD) is recorded as lastAccessedAt (spec §3). */
    async open(userId: number, id: number, { markAccess }: { markAccess: boolean }): Promise<StoredFile> {
      const found = await repo.findOwnedWithPath(userId, id);
      if (!found) throw notFound(FILE_NOT_FOUND);
      const { file } = found;
      const stored = await storedFile(files, found.filePath, {
        mimeType: file.mimeType,
        fileName: file.originalName,
        version: found.contentHash?.slice(0, 32),
        lastModified: new Date(file.uploadedAt),
      });
      if (!stored) {
        if (!(await files.isAvailable())) {
          throw serviceUnavailable(userText('File storage is unavailable. Please try again later.'));
        }
        log.error({ fileId: id, key: found.filePath }, 'Vault file is missing from storage');
        throw notFound(FILE_NOT_FOUND);
      }
      if (markAccess && !(await repo.touch(userId, id))) throw notFound(FILE_NOT_FOUND); // deleted in the meantime
      return stored;
    },

    async unlink(userId: number, id: number) {
      const file = await repo.unlink(userId, id);
      if (!file) throw notFound(FILE_NOT_FOUND);
      return file;
    },

    /** The row goes first, its key journalled in the same transaction; then the file (lib/durable-files.ts). */
    async remove(userId: number, id: number) {
      const removed = await removeFilesWith(db, files, async (tx) => {
        const key = await repo.remove(tx, userId, id);
        // with the copy a share without places hands out, should one have been made
        return { result: key !== undefined, keys: key ? [key, placeFreeKey(key)] : [] };
      });
      if (!removed) throw notFound(FILE_NOT_FOUND);
    },
  };
}
export type VaultService = ReturnType<typeof createVaultService>;

/** The caller's vault files among `ids`, in the vault's own shape (a collection lists its documents with it). */
export const listVaultFilesByIds = (db: Db, userId: number, ids: number[]) => createVaultRepo(db).listOwnedByIds(userId, ids);
