// What the owner sees of the sealed copies (decision 074, escrowStatusSchema): the last run and check, each heir's
// copy in the bucket, and each heir without one with the reason in words.
import type { EscrowStatus } from '@shared/schemas/escrow';
import type { Heir } from '@shared/schemas/legacy';
import type { EscrowBundleRow, EscrowRunRow } from './escrow-status.repo';

export const noKeyCode = (name: string) => `Make ${name}’s key code first: a sealed copy is locked with it.`;

export function escrowStatusOf({
  row,
  stored,
  heirs: heirList,
  waitingForCodes,
  hasBucket,
}: {
  row: EscrowRunRow | undefined;
  stored: EscrowBundleRow[];
  heirs: Heir[];
  /** Why no copy is written now for want of verifier codes that fit the plan, or null. */
  waitingForCodes: string | null;
  hasBucket: boolean;
}): EscrowStatus {
  const names = new Map(heirList.map((h) => [h.id, h.name]));
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const bundles = stored
    .filter((b) => names.has(b.heirId))
    .map((b) => ({
      heirId: b.heirId,
      heirName: names.get(b.heirId)!,
      objectKey: b.objectKey,
      bytes: b.bytes,
      sha256: b.sha256,
      updatedAt: b.updatedAt.toISOString(),
      checkedAt: iso(b.checkedAt),
      checkError: b.checkError,
    }));
  const waiting = heirList
    .filter((h) => !bundles.some((b) => b.heirId === h.id))
    .map((h) => ({
      heirId: h.id,
      heirName: h.name,
      reason: !h.publicKey
        ? noKeyCode(h.name)
        : waitingForCodes
          ? waitingForCodes
          : !hasBucket
            ? 'Set a bucket for the sealed copies first.'
            : 'Not written yet: the next run writes it.',
    }));
  return {
    lastRunAt: iso(row?.lastRunAt),
    lastOkAt: iso(row?.lastOkAt),
    lastCheckAt: iso(row?.lastCheckAt),
    error: row?.error ?? null,
    running: Boolean(row?.runningSince),
    bundles,
    waiting,
  };
}
