import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export function createSetupRepo(db: Db) {
  return {
    async anyUser() {
      const [row] = await db.select({ id: users.id }).from(users).limit(1);
      return row !== undefined;
    },
  };
}
export type SetupRepo = ReturnType<typeof createSetupRepo>;
