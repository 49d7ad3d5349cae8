// What other Legacy Plan features (care access, decision 077) write to the plan's one audit chain and read of
// its state. Changes take the owner's trigger lock, so their entries never fork the chain.
import type { Db } from '../../db/client';
import type { Tx } from '../../lib/durable-files';
import { createLegacyTriggerRepo } from './legacy-trigger.repo';

export function createLegacyAuditService(db: Db) {
  const repo = createLegacyTriggerRepo(db);
  return {
    /** Serialises the caller's transaction with the owner's trigger (ticks, check-ins, verifiers' reports). */
    lockOwner: (tx: Tx, userId: number) => repo.lockOwner(tx, userId),
    append: (tx: Tx, userId: number, at: Date, event: string, detail: Record<string, unknown>) =>
      repo.appendAudit(tx, userId, at, event, detail),
    /** Whether the owner's plan has been released after their death (verifiers confirmed, the wait ran out). */
    async released(conn: Db | Tx, userId: number) {
      return (await repo.findPlan(conn, userId))?.state === 'released';
    },
  };
}

export type LegacyAuditService = ReturnType<typeof createLegacyAuditService>;
