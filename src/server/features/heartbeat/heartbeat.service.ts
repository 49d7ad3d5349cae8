// The heartbeat (issue 32, decision 071): every hour heirloom calls a URL the owner set (an outside monitor's push
// URL), so that when this server stops, the monitor notices the silence and tells the family. A call that fails is
// logged and shown in Settings, never fatal; the address is checked so that nobody can make the server call into
// its own network (lib/outbound-address.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Heartbeat, HeartbeatInput } from '@shared/schemas/heartbeat';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';
import { acceptOutboundUrl, outboundFailure, outboundRequest } from '../../lib/outbound-address';
import type { HeartbeatRepo, HeartbeatRow } from './heartbeat.repo';

const CALL_TIMEOUT_MS = 10_000;
/** Owners' monitors called at the same time in the hourly run. */
const AT_ONCE = 4;

const messages = defineMessages({
  // a status is a code, not a number to group ("status 500", never "500" written as a quantity)
  status: { id: 'heartbeat.call.status', defaultMessage: 'The monitor answered with status {status}' },
});

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
    // kept as text on the owner's row (no message ids are stored), so written in the owner's language at the time
    // of the call: the status line is read as it was said; a language chosen later shows from the next call on
    const intl = translator(await repo.language(row.userId));
    let error: string | null = null;
    try {
      const answer = await outboundRequest(row.url, { allowPrivate, timeoutMs: CALL_TIMEOUT_MS, userAgent: 'heirloom heartbeat' });
      if (answer.status < 200 || answer.status >= 300) error = intl.formatMessage(messages.status, { status: String(answer.status) });
    } catch (err) {
      error = outboundFailure(err, intl);
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
