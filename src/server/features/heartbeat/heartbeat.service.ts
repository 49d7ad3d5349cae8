// The heartbeat (issue 32, decision 071): every hour heirloom calls a URL the owner set (an outside monitor's push
// URL), so that when this server stops, the monitor notices the silence and tells the family. A call that fails is
// logged and shown in Settings, never fatal; the address is checked so that nobody can make the server call into
// its own network (lib/outbound-address.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Heartbeat, HeartbeatInput } from '@shared/schemas/heartbeat';
import { acceptOutboundUrl, outboundFailure, outboundRequest } from '../../lib/outbound-address';
import type { HeartbeatRepo, HeartbeatRow } from './heartbeat.repo';

const CALL_TIMEOUT_MS = 10_000;
/** Owners' monitors called at the same time in the hourly run. */
const AT_ONCE = 4;

const out = (row: HeartbeatRow | undefined): Heartbeat => ({
  url: row?.url ?? null,
  lastCallAt: row?.lastCallAt?.toISOString() ?? null,
  lastOkAt: row?.lastOkAt?.toISOString() ?? null,
  lastError: row?.lastError ?? null,
});

export function createHeartbeatService({
  repo,
  allowPrivate,
  log,
  now = () => new Date(),
}: {
  repo: HeartbeatRepo;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  async function call(row: Pick<HeartbeatRow, 'userId' | 'url'>) {
    const at = now();
    let error: string | null = null;
    try {
      const answer = await outboundRequest(row.url, { allowPrivate, timeoutMs: CALL_TIMEOUT_MS, userAgent: 'heirloom heartbeat' });
      if (answer.status < 200 || answer.status >= 300) error = `The monitor answered with status ${answer.status}`;
    } catch (err) {
      error = outboundFailure(err);
    }
    if (error !== null) log.warn({ userId: row.userId, error }, 'The heartbeat could not reach its monitor');
    await repo.recordCall(row.userId, row.url, at, error);
  }

  return {
    async get(userId: number): Promise<Heartbeat> {
      return out(await repo.find(userId));
    },

    /** Sets (and calls once at once, so the owner sees that it works) or removes the owner's heartbeat URL. */
    async set(userId: number, { url }: HeartbeatInput): Promise<Heartbeat> {
      if (url === null || url === '') {
        await repo.remove(userId);
        return out(undefined);
      }
      await acceptOutboundUrl(url, allowPrivate);
      await repo.set(userId, url);
      await call({ userId, url });
      return out(await repo.find(userId));
    },

    /** The hourly run: every owner's monitor is called, a few at a time. */
    async callAll() {
      const rows = await repo.all();
      let next = 0;
      const worker = async () => {
        while (next < rows.length) await call(rows[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(AT_ONCE, rows.length) }, worker));
    },
  };
}
export type HeartbeatService = ReturnType<typeof createHeartbeatService>;
