// Work that one app server at a time may do on a shared database (migrations, the job queue's set-up): a
// session advisory lock held on one pooled connection while `work` runs on any other.
import type pg from 'pg';

export async function withAdvisoryLock<T>(pool: pg.Pool, lock: number, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [lock]);
    try {
      return await work();
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [lock]);
    }
  } finally {
    holder.release();
  }
}
