import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { VAULT_QUOTA_BYTES } from '@shared/limits';
import { VAULT_MESSAGES, vaultUploadFieldsSchema, type VaultFile, type VaultUsage } from '@shared/schemas/vault';
import { AppError, badRequest, notFound, serviceUnavailable } from '../../lib/errors';
import { newFileKey, type FileStore } from '../../lib/file-store';
import { sniff, type DetectedType, type ReceivedFile } from '../../lib/uploads';
import type { VaultRepo } from './vault.repo';

const FILE_NOT_FOUND = 'File not found';

/**
 * spec §2: the vault takes any document. Binary formats are recognised by their bytes; anything else is
 * text/plain when it is valid UTF-8 without NULs, else application/octet-stream. The declared type and
 * the name's extension are never trusted, so an uploaded page can never be served as HTML.
 */
export async function detectVaultType(head: Buffer): Promise<DetectedType> {
  const sniffed = await sniff(head);
  if (sniffed) return sniffed;
  return isUtf8Text(head) ? { mime: 'text/plain', ext: 'txt' } : { mime: 'application/octet-stream', ext: 'bin' };
}

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

/**
 * Browsers escape '"' in multipart file names as %22 (HTML form-data encoding), so a name typed with
 * quotes arrives as %22; restore it so the user sees the name they picked.
 */
export function displayName(fileName: string) {
  return fileName.replace(/%22/g, '"');
}

export function createVaultService({ repo, files, log }: { repo: VaultRepo; files: FileStore; log: FastifyBaseLogger }) {
  return {
    list: (userId: number) => repo.listByOwner(userId),

    async usage(userId: number): Promise<VaultUsage> {
      return { usedBytes: await repo.usedBytes(userId), quotaBytes: VAULT_QUOTA_BYTES };
    },

    /**
     * Takes ownership of a staged upload: on success it is committed under a generated key with its row;
     * on any failure (bad fields, foreign memory, over quota, disk or database error) neither the row nor
     * any file remains.
     */
    async create(userId: number, received: ReceivedFile, rawFields: Record<string, string>): Promise<VaultFile> {
      const key = newFileKey(userId, 'vault', received.ext);
      let committed = false;
      try {
        const parsed = vaultUploadFieldsSchema.safeParse(rawFields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload', 'VALIDATION');
        const { description, memoryId } = parsed.data;

        const result = await repo.insertWithinQuota(
          userId,
          {
            memoryId: memoryId ? Number(memoryId) : null,
            fileName: path.posix.basename(key),
            originalName: displayName(received.fileName),
            filePath: key,
            fileSize: received.staged.size,
            mimeType: received.mimeType,
            description: description || null,
            contentHash: received.staged.sha256,
          },
          VAULT_QUOTA_BYTES,
          async () => {
            committed = true; // from here on the file may be at `key`, so a failure must remove it
            await files.commit(received.staged, key);
          },
        );
        if (!result.ok) {
          if (result.reason === 'over-quota') throw new AppError(413, VAULT_MESSAGES.overQuota, 'QUOTA_EXCEEDED');
          if (result.reason === 'memory-not-found') throw notFound('Memory not found');
          throw notFound('User not found');
        }
        return result.file;
      } catch (err) {
        await files.discard(received.staged).catch(() => {});
        if (committed) await files.remove(key).catch((e: unknown) => log.error({ err: e, key }, 'Could not remove a vault file after a failed upload'));
        throw err;
      }
    },

    /** The file to stream; marks the download (spec §3 lastAccessedAt). */
    async open(userId: number, id: number, { markAccess }: { markAccess: boolean }) {
      const found = await repo.findOwnedWithPath(userId, id);
      if (!found) throw notFound(FILE_NOT_FOUND);
      let size: number;
      try {
        size = (await files.stat(found.filePath)).size;
      } catch (err) {
        if (!(await files.isAvailable())) throw serviceUnavailable('File storage is unavailable. Please try again later.');
        log.error({ err, fileId: id, key: found.filePath }, 'Vault file is missing from storage');
        throw notFound(FILE_NOT_FOUND);
      }
      let file = found.file;
      if (markAccess) {
        const touched = await repo.touch(userId, id);
        if (!touched) throw notFound(FILE_NOT_FOUND); // deleted in the meantime
        file = touched.file;
      }
      return { file, size, openStream: () => files.openRead(found.filePath) };
    },

    async unlink(userId: number, id: number) {
      const file = await repo.unlink(userId, id);
      if (!file) throw notFound(FILE_NOT_FOUND);
      return file;
    },

    /** The row goes first: a failure after it leaves at worst an unreferenced file, never a row without one. */
    async remove(userId: number, id: number) {
      const key = await repo.remove(userId, id);
      if (!key) throw notFound(FILE_NOT_FOUND);
      await files.remove(key).catch((err: unknown) => log.error({ err, key }, 'Could not remove a deleted vault file'));
    },
  };
}
export type VaultService = ReturnType<typeof createVaultService>;
