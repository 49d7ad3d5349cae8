import type { Db } from '../../db/client';
import { waitlist } from '../../db/schema';

export function createWaitlistRepo(db: Db) {
  return {
    /** true when the address is new; joining twice is not an error (the unique index decides). */
    async insert(email: string) {
      const rows = await db.insert(waitlist).values({ email }).onConflictDoNothing().returning({ id: waitlist.id });
      return rows.length > 0;
    },
  };
}
export type WaitlistRepo = ReturnType<typeof createWaitlistRepo>;
