// The owner's Legacy Plan in an account archive (decision 047): settings, verifiers, heirs (with the public
// key their sealed letters are wrapped for), letters and releases as configured. Sealed letters and a plain
// letter's recordings are files of the archive, checked by sha256 like every original, so heirloom.json stays
// small however long the letters are.
import { createHash } from 'node:crypto';
import { ARCHIVE_PATHS, type ExportFile, type ExportLegacyPlan, type ExportRelease } from '@shared/export-format';
import type { LetterAudio, SealedLetter } from '@shared/schemas/legacy';
import type { ArchiveBuilder } from './archive-builder';
import { fileNameOf } from './archive-names';
import type { LegacyPlanExportRepo } from './legacy-plan.repo';

/** What an archive says of the server's key-code salt: its sha256, which tells servers apart and reveals nothing. */
export const keyCodeSaltId = (salt: Buffer) => createHash('sha256').update(salt).digest('hex');

const CONDITIONS = {
  after_death: 'after-death',
  on_date: 'on-date',
  at_age: 'at-age',
  never: 'never',
} as const satisfies Record<string, ExportRelease['condition']>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function target(r: {
  collectionId: number | null;
  photoId: number | null;
  memoryId: number | null;
  vaultFileId: number | null;
  letterId: number | null;
}): ExportRelease['target'] {
  if (r.collectionId !== null) return { kind: 'collection', id: r.collectionId };
  if (r.photoId !== null) return { kind: 'photo', id: r.photoId };
  if (r.memoryId !== null) return { kind: 'memory', id: r.memoryId };
  if (r.vaultFileId !== null) return { kind: 'document', id: r.vaultFileId };
  return { kind: 'letter', id: r.letterId! };
}

export async function buildLegacyPlan(
  repo: LegacyPlanExportRepo,
  userId: number,
  keyCodeSalt: Buffer,
  archive: Pick<ArchiveBuilder, 'addBytes'>,
): Promise<ExportLegacyPlan> {
  const [settings, verifiers, heirs, letters, releases] = await Promise.all([
    repo.plan(userId),
    repo.verifiers(userId),
    repo.heirs(userId),
    repo.letters(userId),
    repo.releases(userId),
  ]);

  /** A file made from bytes the database holds; the writer measures and hashes it as it streams. */
  function add(wanted: string, bytes: Buffer, fileName: string, mimeType: string, mtime: Date): ExportFile {
    return { path: archive.addBytes(wanted, bytes, mimeType, mtime), fileName, mimeType, size: bytes.length, sha256: '' };
  }

  const exportLetters = letters.map((l) => {
    const name = `${ARCHIVE_PATHS.legacyLetters}${fileNameOf(l.title, 'letter')}`;
    const sealed = l.sealed as SealedLetter | null;
    const attachments = l.attachments as LetterAudio[];
    return {
      id: l.id,
      heirId: l.heirId,
      title: l.title,
      body: l.body,
      photoIds: l.photoIds,
      attachments: attachments.map((a) =>
        add(`${name}/${fileNameOf(a.name, 'recording')}`, Buffer.from(a.data, 'base64'), a.name, a.type, l.updatedAt),
      ),
      sealed: sealed && {
        recipientPublicKey: sealed.recipientPublicKey,
        file: add(`${name}.sealed.json`, Buffer.from(JSON.stringify(sealed)), `${l.title}.sealed.json`, 'application/json', l.updatedAt),
      },
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
    };
  });

  return {
    settings: settings ?? null,
    verifiers,
    keyCodeSalt: keyCodeSaltId(keyCodeSalt),
    heirs: heirs.map((h) => ({ ...h, keyCodeCreatedAt: iso(h.keyCodeCreatedAt) })),
    letters: exportLetters,
    releases: releases
      .filter((r) => r.heirId !== null && r.condition !== 'now')
      .map((r) => ({
        id: r.id,
        heirId: r.heirId!,
        condition: CONDITIONS[r.condition as keyof typeof CONDITIONS],
        target: target(r),
        releaseAt: iso(r.releaseAt),
        age: r.age,
        createdAt: r.createdAt.toISOString(),
        includeNames: r.includeNames,
      })),
  };
}
