// The escrow run (decision 074): for each heir with a key code, what the heir will receive is sealed into a bundle
// and streamed into the owner's bucket — only when it changed since the last run. Copies of heirs gone, or of an
// old key code, are removed; the opener page is kept beside them. The monthly check reads every copy back.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { IntlShape } from 'react-intl';
import type { Heir } from '@shared/schemas/legacy';
import { ESCROW_FOLDER, escrowObjectKey, OPENER_FILE_NAME } from '@shared/escrow/object-key';
import type { EscrowStatus } from '@shared/schemas/escrow';
import { defineMessages } from '../../lib/define-messages';
import { conflict, notFound, type ErrorText } from '../../lib/errors';
import { sentence, sentenceIn, translateText, translator } from '../../lib/i18n';
import type { JobQueue } from '../../lib/jobs';
import type { SecretBox } from '../../lib/secret-box';
import type { ExportDataset } from '../exports/exports.service';
import { bucketFailure, type EscrowBucket } from './escrow-bucket';
import { createEscrowCheck } from './escrow-check';
import { BUNDLE_CONTENT_TYPE, copyFingerprint, sealedCopy, type ReleaseKeyHalf } from './escrow-copy';
import { openOwnerBucket } from './escrow-owner-bucket';
import { escrowStatusOf, NO_KEY_CODE } from './escrow-status';
import type { EscrowStatusRepo } from './escrow-status.repo';
import type { EscrowRepo } from './escrow.repo';
import { outdatedReasonIn } from './escrow.service';
import { userText } from '@shared/i18n/text';

export const ESCROW_RUN_JOB = 'escrow.run';
export const ESCROW_CHECK_JOB = 'escrow.check';
const CHECK_EVERY_MS = 30 * 24 * 60 * 60 * 1000;

/** What the escrow run needs of the Legacy Plan, read through its service. */
export interface EscrowHeirs {
  listHeirs(userId: number): Promise<Heir[]>;
  escrowDataset(userId: number, heirId: number): Promise<{ heirPublicKey: string | null; dataset: ExportDataset } | undefined>;
}

interface Deps {
  repo: EscrowRepo;
  status: EscrowStatusRepo;
  heirs: EscrowHeirs;
  /** Why the release key's codes no longer fit the plan, or null (escrow.service's releaseKeyState). */
  releaseKeyOutdated: (userId: number) => Promise<string | null>;
  box: SecretBox;
  allowPrivate: boolean;
  jobs: JobQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The opener page put beside the bundles (lib/escrow-opener.ts). */
  opener?: () => Promise<string>;
  /**
   * Runs `work` while no other run or check of this owner's copies runs, on any app server: a run aborts the
   * unfinished uploads it finds, which must never be another run's, and a check must not read a copy being replaced.
   */
  oneAtATime?: <T>(userId: number, work: () => Promise<T>) => Promise<T>;
  now?: () => Date;
}

/** The advisory lock of one owner's escrow run is this plus the owner's id ("es" in the high bits). */
export const ESCROW_RUN_LOCK_BASE = 0x6573_0000_0000;

const NO_CODES = userText(
  'Make the verifier codes first: a sealed copy opens only with the heir’s key code and the verifiers’ codes together.',
);

// The run's trouble is kept as text on the owner's status row (no message ids are stored), so it is written in the
// owner's language at the time it happens: a status line is read as it was said, like a mail. A language chosen
// later shows from the next run on, which writes the line again.
const messages = defineMessages({
  notWrittenAgain: {
    id: 'escrow.run.notWrittenAgain',
    defaultMessage: '{outdated} Until then the sealed copies are not written again.',
  },
  copyNotWritten: { id: 'escrow.run.copyNotWritten', defaultMessage: 'The copy for {heir} could not be written: {reason}.' },
  copyNotRemoved: { id: 'escrow.run.copyNotRemoved', defaultMessage: 'A copy no longer wanted could not be removed: {reason}.' },
  openerNotWritten: {
    id: 'escrow.run.openerNotWritten',
    defaultMessage: 'The opener page could not be written beside the copies: {reason}.',
  },
  notFinished: { id: 'escrow.run.notFinished', defaultMessage: 'The last run did not finish; it is tried again tonight.' },
});
/** A fixed text (marked with userText) or a sentence, in `language`. */
const textIn = (language: string, text: ErrorText) =>
  typeof text === 'string' ? translateText(language, text) : sentenceIn(language, text);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function createEscrowRun({
  repo,
  status,
  heirs,
  releaseKeyOutdated,
  box,
  allowPrivate,
  jobs,
  publicUrl,
  log,
  opener,
  oneAtATime = (_userId, work) => work(),
  now = () => new Date(),
}: Deps) {
  const bucketOf = (userId: number, intl: IntlShape) => openOwnerBucket({ repo, box, allowPrivate }, userId, intl);
  /** The owner's words, for what is kept on their status. */
  const ownerIntl = async (userId: number) => translator((await status.owner(userId))?.language);

  /** The release key the copies are sealed for, or why none is written now. */
  async function releaseOf(userId: number): Promise<ReleaseKeyHalf | { waiting: ErrorText }> {
    const key = await repo.releaseKey(userId);
    if (!key) return { waiting: NO_CODES };
    const outdated = await releaseKeyOutdated(userId);
    // the copies already written still open with the old codes; new ones wait for codes that fit the plan
    if (outdated) return { waiting: sentence(messages.notWrittenAgain, { outdated: (language) => outdatedReasonIn(language, outdated) }) };
    return key;
  }

  async function writeOpener(userId: number, bucket: EscrowBucket, lastSha256: string | null) {
    if (!opener) return;
    const page = await opener();
    const hash = sha256(page);
    if (hash === lastSha256) return;
    await bucket.upload(
      bucket.key(`${ESCROW_FOLDER}${OPENER_FILE_NAME}`),
      Readable.from([Buffer.from(page, 'utf8')]),
      'text/html; charset=utf-8',
    );
    await status.setOpener(userId, hash);
  }

  /** One run: every copy that changed written, the ones no longer wanted removed. Throws when a copy failed. */
  const run = (userId: number) => oneAtATime(userId, () => runNow(userId));

  async function runNow(userId: number) {
    const startedAt = now();
    await status.startRun(userId, startedAt);
    const intl = await ownerIntl(userId);
    const opened = await bucketOf(userId, intl);
    if (typeof opened === 'string') {
      await status.finishRun(userId, now(), opened);
      return;
    }
    const { bucket, prefix, name } = opened;
    let failed = false;
    const errors: string[] = [];
    try {
      const [heirList, release, stored, runRow] = await Promise.all([
        heirs.listHeirs(userId),
        releaseOf(userId),
        status.bundles(userId),
        status.run(userId),
      ]);
      // named as the heir's Legacy Kit prints it (src/shared/escrow/object-key.ts)
      const wanted = new Map<number, string>();
      for (const h of heirList) if (h.publicKey) wanted.set(h.id, await escrowObjectKey(prefix, h.publicKey));
      // a run stopped by a crash left its upload unfinished: its parts go, the object it was replacing stays
      await bucket
        .abortStaleUploads(new Set([...wanted.values(), ...stored.map((b) => b.objectKey)]), startedAt)
        .catch((err: unknown) => log.warn({ err, userId }, 'Could not list the unfinished uploads in the escrow bucket'));

      if ('waiting' in release) errors.push(textIn(intl.locale, release.waiting));
      else {
        for (const heir of heirList) {
          const objectKey = wanted.get(heir.id);
          if (!objectKey) continue;
          try {
            const built = await heirs.escrowDataset(userId, heir.id);
            if (!built?.heirPublicKey) continue;
            const fingerprint = copyFingerprint(built.heirPublicKey, release, built.dataset);
            const before = stored.find((b) => b.heirId === heir.id);
            if (before?.fingerprint === fingerprint && before.objectKey === objectKey) continue;
            const copy = sealedCopy(built.heirPublicKey, release, built.dataset);
            // a failed upload stops reading the heir's files at once
            await bucket.upload(objectKey, copy.stream, BUNDLE_CONTENT_TYPE).catch((err: unknown) => {
              copy.stream.destroy();
              throw err;
            });
            const { bytes, sha256: hash } = await copy.measured;
            await status.saveBundle(userId, heir.id, {
              objectKey,
              bytes,
              sha256: hash,
              fingerprint,
              heirPublicKey: built.heirPublicKey,
              releasePublicKey: release.publicKey,
              updatedAt: now(),
            });
            if (before && before.objectKey !== objectKey) await bucket.remove(before.objectKey);
          } catch (err) {
            log.warn({ err, userId, heirId: heir.id }, 'Could not write a sealed copy');
            failed = true;
            errors.push(intl.formatMessage(messages.copyNotWritten, { heir: heir.name, reason: bucketFailure(err, name, intl) }));
          }
        }
      }
      // an heir gone, or whose key code was made again: the copy sealed for them is removed
      for (const b of stored) {
        if (wanted.has(b.heirId)) continue;
        try {
          await bucket.remove(b.objectKey);
          await status.removeBundle(userId, b.heirId);
        } catch (err) {
          errors.push(intl.formatMessage(messages.copyNotRemoved, { reason: bucketFailure(err, name, intl) }));
        }
      }
      await writeOpener(userId, bucket, runRow?.openerSha256 ?? null).catch((err: unknown) => {
        log.warn({ err, userId }, 'Could not write the opener beside the sealed copies');
        errors.push(intl.formatMessage(messages.openerNotWritten, { reason: bucketFailure(err, name, intl) }));
      });
    } finally {
      bucket.close();
    }
    await status.finishRun(userId, now(), errors.length > 0 ? errors.join(' ') : null);
    // the queue tries again later; what was written stays written, and its fingerprint makes it cost nothing
    if (failed) throw new Error(errors.join(' '));
  }

  async function queue(userId: number) {
    await status.markQueued(userId, now());
    await jobs.send(ESCROW_RUN_JOB, { userId }, { singletonKey: `owner:${userId}` });
  }

  /** The status as the API answers it: its reasons in `language` (the request's), the stored error as written. */
  async function statusOf(userId: number, language: string): Promise<EscrowStatus> {
    const [row, stored, heirList, release, target] = await Promise.all([
      status.run(userId),
      status.bundles(userId),
      heirs.listHeirs(userId),
      releaseOf(userId),
      repo.target(userId),
    ]);
    return escrowStatusOf({
      intl: translator(language),
      row,
      stored,
      heirs: heirList,
      waitingForCodes: 'waiting' in release ? textIn(language, release.waiting) : null,
      hasBucket: Boolean(target),
    });
  }

  const checkNow = createEscrowCheck({ repo, status, heirs, jobs, publicUrl, bucketOf, queueRun: queue, now });
  // a check reading a copy the run is replacing would see a problem that is not there, and mail it
  const check = (userId: number) => oneAtATime(userId, () => checkNow(userId));

  return {
    run,
    check,
    status: statusOf,

    /** POST /run: the run is queued (one waiting per owner); the status says it is. */
    async requestRun(userId: number, language: string) {
      await queue(userId);
      return statusOf(userId, language);
    },

    /** The heir's sealed copy made fresh, for the owner's USB stick: not the bucket's copy, which may be older. */
    async download(userId: number, heirId: number) {
      const heirList = await heirs.listHeirs(userId);
      const index = heirList.findIndex((h) => h.id === heirId);
      if (index < 0) throw notFound();
      const built = await heirs.escrowDataset(userId, heirId);
      if (!built) throw notFound();
      if (!built.heirPublicKey) throw conflict(sentence(NO_KEY_CODE, { name: heirList[index]!.name }), 'NO_KEY_CODE');
      const release = await releaseOf(userId);
      if ('waiting' in release) throw conflict(release.waiting, 'NO_RELEASE_KEY');
      return {
        fileName: `heirloom-escrow-${index + 1}.heirloom-escrow`,
        stream: sealedCopy(built.heirPublicKey, release, built.dataset).stream,
      };
    },

    /** The nightly sweep: a run queued for every owner with a bucket (unchanged copies cost no upload). */
    async queueAll() {
      for (const userId of await status.ownersWithBucket()) await queue(userId);
    },

    /** The owners whose copies were not checked for a month get their check. */
    async queueChecks() {
      const before = new Date(now().getTime() - CHECK_EVERY_MS);
      for (const userId of await status.ownersToCheck(before)) {
        await jobs.send(ESCROW_CHECK_JOB, { userId }, { singletonKey: `owner:${userId}` });
      }
    },

    /** Runs left waiting when the process stopped are queued again (one per owner however many ask). */
    async resume() {
      for (const userId of await status.ownersRunning()) await jobs.send(ESCROW_RUN_JOB, { userId }, { singletonKey: `owner:${userId}` });
    },

    /** The queue gave the run up (its reason, for operators, is in the server log). */
    async giveUp(userId: number) {
      await status.finishRun(userId, now(), (await ownerIntl(userId)).formatMessage(messages.notFinished));
    },
  };
}
export type EscrowRun = ReturnType<typeof createEscrowRun>;
