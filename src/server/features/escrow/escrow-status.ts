// What the owner sees of the sealed copies (decision 074, escrowStatusSchema): the last run and check, each heir's
// copy in the bucket, and each heir without one with the reason in words.
import type { IntlShape } from 'react-intl';
import type { EscrowStatus } from '@shared/schemas/escrow';
import type { Heir } from '@shared/schemas/legacy';
import { defineMessages } from '../../lib/define-messages';
import type { EscrowBundleRow, EscrowRunRow } from './escrow-status.repo';

const messages = defineMessages({
  noKeyCode: { id: 'escrow.status.noKeyCode', defaultMessage: 'Make {name}’s key code first: a sealed copy is locked with it.' },
  noBucket: { id: 'escrow.status.noBucket', defaultMessage: 'Set a bucket for the sealed copies first.' },
  nextRun: { id: 'escrow.status.nextRun', defaultMessage: 'Not written yet: the next run writes it.' },
});

/** Why an heir has no sealed copy for want of a key code (`name`: the heir's). */
export const NO_KEY_CODE = messages.noKeyCode;

export function escrowStatusOf({
  intl,
  row,
  stored,
  heirs: heirList,
  waitingForCodes,
  hasBucket,
}: {
  /** The reader's words for why a copy waits (the stored error and checks are kept as they were written). */
  intl: IntlShape;
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
        ? intl.formatMessage(messages.noKeyCode, { name: h.name })
        : (waitingForCodes ?? intl.formatMessage(hasBucket ? messages.nextRun : messages.noBucket)),
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
