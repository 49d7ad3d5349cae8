// A job queued inside a drizzle transaction: pg-boss's statements run on the transaction's connection, so the
// job exists exactly when the transaction commits (jobs.send(…, { db: jobExecutorOf(tx) })).
import { sql } from 'drizzle-orm';
import type { Tx } from './durable-files';

export function jobExecutorOf(tx: Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows as unknown[] };
    },
  };
}
