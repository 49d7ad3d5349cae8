// One storage quota per account (decision 020) over everything a user stores. Every upload checks it in the
// transaction that makes its file permanent, so a refusal rolls back the row and lib/durable-files.ts removes
// the file: an account over its quota keeps nothing of the refused upload. A resumable upload holds its
// declared length from its creation until it is used, cancelled or removed (holdUpload): that room counts
// as used for every other upload, so unfinished uploads cannot go past the quota either.
import type { StorageKind, StorageUsage } from '@shared/schemas/account';
import { MB, OPEN_UPLOADS_MAX } from '@shared/limits';
import type { Db } from '../../db/client';
import type { Tx } from '../../lib/durable-files';
import { defineMessages } from '../../lib/define-messages';
import { AppError, notFound } from '../../lib/errors';
import { sentence, sizeValue } from '../../lib/i18n';
import { createStorageRepo, type StoredBytes } from './storage.repo';
import { userText } from '@shared/i18n/text';

const total = (bytes: StoredBytes) => bytes.photos + bytes.attachments + bytes.vault + bytes.profile;

const messages = defineMessages({
  full: { id: 'errors.storage.full', defaultMessage: 'Your storage is full ({used} of {quota} used).' },
  fullWithHeld: {
    id: 'errors.storage.fullWithHeld',
    defaultMessage: 'Your storage is full ({used} of {quota} used, {held} held for uploads not yet finished or used).',
  },
  tooManyOpen: {
    id: 'errors.storage.tooManyOpen',
    defaultMessage:
      'You have {count, plural, other {# uploads}} that are not finished or not yet used. Finish or cancel one first; uploads left untouched are removed after a day.',
  },
});

const storageFull = (usedBytes: number, quotaBytes: number) =>
  new AppError(413, sentence(messages.full, { used: sizeValue(usedBytes), quota: sizeValue(quotaBytes) }), 'STORAGE_QUOTA_EXCEEDED');

/** Full, saying how much room resumable uploads hold when they hold some. */
const full = (usedBytes: number, heldBytes: number, quotaBytes: number) =>
  heldBytes > 0
    ? new AppError(
        413,
        sentence(messages.fullWithHeld, { used: sizeValue(usedBytes), quota: sizeValue(quotaBytes), held: sizeValue(heldBytes) }),
        'STORAGE_QUOTA_EXCEEDED',
      )
    : storageFull(usedBytes, quotaBytes);

const tooManyOpen = () => new AppError(429, sentence(messages.tooManyOpen, { count: OPEN_UPLOADS_MAX }), 'TOO_MANY_UPLOADS');

export function createStorageService({ db, quotaMb }: { db: Db; quotaMb: number }) {
  const repo = createStorageRepo(db);
  const quotaBytes = quotaMb * MB;

  return {
    /** Bytes stored by all accounts together, by kind (the same sums as each account's quota). */
    totalByKind: () => repo.allByKind(),

    async usage(userId: number): Promise<StorageUsage> {
      const byKind = await repo.byKind(userId);
      if (!byKind) throw notFound(userText('User not found'));
      return { usedBytes: total(byKind), quotaBytes, byKind };
    },

    /**
     * Call inside the transaction that inserts the new file row(s), before inserting: throws 413 when
     * `bytes` more would not fit. A profile picture replaces the previous one, so only the difference counts.
     */
    async reserve(tx: Tx, userId: number, kind: StorageKind, bytes: number) {
      const stored = await repo.lockAndSum(tx, userId);
      if (!stored) throw notFound(userText('User not found'));
      const used = total(stored);
      const added = bytes - (kind === 'profile' ? stored.profile : 0);
      if (added <= 0) return;
      const held = await repo.held(tx, userId);
      if (used + held.bytes + added <= quotaBytes) return;
      throw full(used, held.bytes, quotaBytes);
    },

    /**
     * Holds a new resumable upload's declared length (released by lib/resumable-uploads.ts when the upload is
     * used, cancelled or removed): 413 when it does not fit beside what is stored and held, 429 when the
     * account already holds OPEN_UPLOADS_MAX uploads.
     */
    async holdUpload(userId: number, uploadId: string, folder: string, bytes: number) {
      await db.transaction(async (tx) => {
        const stored = await repo.lockAndSum(tx, userId);
        if (!stored) throw notFound(userText('User not found'));
        const held = await repo.held(tx, userId);
        if (held.uploads >= OPEN_UPLOADS_MAX) throw tooManyOpen();
        const used = total(stored);
        if (used + held.bytes + bytes > quotaBytes) throw full(used, held.bytes, quotaBytes);
        await repo.insertHold(tx, { uploadId, userId, folder, bytes });
      });
    },
  };
}
export type StorageService = ReturnType<typeof createStorageService>;
