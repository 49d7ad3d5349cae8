// One storage quota per account (decision 020) over everything a user stores. Every upload checks it in the
// transaction that makes its file permanent, so a refusal rolls back the row and lib/durable-files.ts removes
// the file: an account over its quota keeps nothing of the refused upload.
import type { StorageKind, StorageUsage } from '@shared/schemas/account';
import { MB } from '@shared/limits';
import type { Db } from '../../db/client';
import type { Tx } from '../../lib/durable-files';
import { AppError, notFound } from '../../lib/errors';
import { formatSize } from '../../lib/format-bytes';
import { createStorageRepo, type StoredBytes } from './storage.repo';

const total = (bytes: StoredBytes) => bytes.photos + bytes.attachments + bytes.vault + bytes.profile;

const storageFull = (usedBytes: number, quotaBytes: number) =>
  new AppError(413, `Your storage is full (${formatSize(usedBytes)} of ${formatSize(quotaBytes)} used).`, 'STORAGE_QUOTA_EXCEEDED');

export function createStorageService({ db, quotaMb }: { db: Db; quotaMb: number }) {
  const repo = createStorageRepo(db);
  const quotaBytes = quotaMb * MB;

  return {
    /** Bytes stored by all accounts together, by kind (the same sums as each account's quota). */
    totalByKind: () => repo.allByKind(),

    async usage(userId: number): Promise<StorageUsage> {
      const byKind = await repo.byKind(userId);
      if (!byKind) throw notFound('User not found');
      return { usedBytes: total(byKind), quotaBytes, byKind };
    },

    /**
     * Call inside the transaction that inserts the new file row(s), before inserting: throws 413 when
     * `bytes` more would not fit. A profile picture replaces the previous one, so only the difference counts.
     */
    async reserve(tx: Tx, userId: number, kind: StorageKind, bytes: number) {
      const stored = await repo.lockAndSum(tx, userId);
      if (!stored) throw notFound('User not found');
      const used = total(stored);
      const after = used + bytes - (kind === 'profile' ? stored.profile : 0);
      if (after > used && after > quotaBytes) throw storageFull(used, quotaBytes);
    },
  };
}
export type StorageService = ReturnType<typeof createStorageService>;
