// What a load balancer and a container runtime ask: does the process answer (live), and can it do its work now
// (ready: the database answers and the file storage, local disk or bucket, is there and writable).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileStore } from '../../lib/file-store';

export type CheckState = 'ok' | 'unavailable';

/** A hung database or bucket must not hang the balancer's probe: past this, the check counts as failed. */
const CHECK_TIMEOUT_MS = 3000;

async function passes(check: () => Promise<boolean>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([check(), timeout])) ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export function createHealthService({ db, files }: { db: Db; files: FileStore }) {
  const databaseAnswers = async () => {
    await db.execute(sql`select 1`);
    return true;
  };

  return {
    database: () => passes(databaseAnswers),

    /** Both checks at once; which one failed is said, never why (no addresses or error texts). */
    async readiness() {
      const [database, storage] = await Promise.all([passes(databaseAnswers), passes(() => files.isAvailable())]);
      return { ready: database === 'ok' && storage === 'ok', checks: { database, storage } };
    },
  };
}
