// What one app process must tell the others on the same PostgreSQL (decision 043), in one place:
// - events: `publish(topic, payload)` runs this process's handlers at once and sends the event with
//   pg_notify; every other instance LISTENs on one channel on a connection of its own and runs its handlers.
//   While that connection is down, `listening` is false and caches must answer from the database instead;
//   after a reconnect, the gap handlers run first (events sent meanwhile were missed), so nothing stale is served.
// - liveness: each process takes an instance id (a row of app_instances) and holds the session advisory lock
//   (INSTANCE_LOCK_SPACE, id) on that same connection. PostgreSQL releases it the moment the connection
//   ends (the process exited, was killed, or its host stopped answering TCP keepalives), so "the lock is
//   held" is "the process is alive and connected", read from pg_locks without touching the lock.
import type { FastifyBaseLogger } from 'fastify';
import os from 'node:os';
import pg from 'pg';

const CHANNEL = 'heirloom_instances';
/** The first key of every instance's advisory lock ('heir'); the second is the instance id. */
export const INSTANCE_LOCK_SPACE = 0x68656972;
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

type Handler = (payload: unknown) => void;

export interface InstanceBus {
  /** This process's instance id (app_instances.id). */
  readonly id: number;
  /** This process hears the others now: a cache may answer from memory only while this is true. */
  readonly listening: boolean;
  /** Run `handler` for every event of `topic`, this process's own included. */
  on(topic: string, handler: Handler): void;
  /** Run `handler` after a reconnect: events may have been missed, so what was cached must go. */
  onGap(handler: () => void): void;
  /**
   * Tell every instance (this one at once, synchronously). Never throws: if the event cannot be sent, the
   * others' short cache lifetimes bound what they keep (it is logged).
   */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Ids of the instances alive now (their lock is held), this one included when connected. */
  liveInstances(): Promise<Set<number>>;
  close(): Promise<void>;
}

interface Envelope {
  from: number;
  topic: string;
  payload: unknown;
}

/** Which bus answers for a pool: the crash journal reads its instance id from the database handle it is given. */
const busOfPool = new WeakMap<pg.Pool, InstanceBus>();

/** The bus of the app using this pool; undefined when none was started on it (scripts, unit tests). */
export function instanceBusOf(pool: pg.Pool): InstanceBus | undefined {
  return busOfPool.get(pool);
}

/**
 * SQL for the ids of the live instances, to use inside the statement that acts on them: an instance that
 * took its lock and then wrote something is then always seen alive by the statement that sees what it wrote.
 */
export const LIVE_INSTANCE_IDS = `SELECT objid::bigint::int AS id FROM pg_locks
  WHERE locktype = 'advisory' AND objsubid = 2 AND granted AND classid::bigint = ${INSTANCE_LOCK_SPACE}
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

async function liveInstancesOn(pool: pg.Pool): Promise<Set<number>> {
  const { rows } = await pool.query<{ id: number }>(LIVE_INSTANCE_IDS);
  return new Set(rows.map((r) => r.id));
}

export async function startInstanceBus({ pool, log }: { pool: pg.Pool; log: FastifyBaseLogger }): Promise<InstanceBus> {
  const handlers = new Map<string, Handler[]>();
  const gapHandlers: Array<() => void> = [];
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  // The pool's own connection settings (URL or embedded socket), on a client the pool never hands out.
  const newClient = () => {
    const options = pool.options as pg.ClientConfig;
    // pg-pool keeps the password out of its options' enumerable keys: copy it by name
    const c = new pg.Client({ ...options, password: options.password, keepAlive: true });
    c.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) receive(msg.payload);
    });
    return c;
  };

  function deliver(topic: string, payload: unknown) {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err, topic }, 'An instance event handler failed');
      }
    }
  }

  function receive(text: string) {
    let event: Envelope;
    try {
      event = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (event.from !== id) deliver(event.topic, event.payload);
  }

  /** Settings on the bus connection: the server notices a vanished host within about 30 s, not hours. */
  async function prepare(c: pg.Client) {
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 4`);
  }

  // The first connection: take an id and its lock together (the row is visible only once the lock is held).
  const first = newClient();
  let id: number;
  try {
    await prepare(first);
    await first.query('BEGIN');
    const { rows } = await first.query<{ id: number }>(`INSERT INTO app_instances (host, pid) VALUES ($1, $2) RETURNING id`, [
      os.hostname(),
      process.pid,
    ]);
    id = rows[0]!.id;
    await first.query(`SELECT pg_advisory_lock($1, $2)`, [INSTANCE_LOCK_SPACE, id]);
    await first.query('COMMIT');
    await first.query(`LISTEN ${CHANNEL}`);
  } catch (err) {
    await first.end().catch(() => {});
    throw err;
  }
  client = first;
  listening = true;
  // Rows of processes that were killed (a clean stop removes its own): nothing reads them but people.
  await pool.query(`DELETE FROM app_instances WHERE id NOT IN (${LIVE_INSTANCE_IDS})`).catch(() => {});

  function lost(c: pg.Client, err?: Error) {
    if (c !== client) return;
    client = undefined;
    listening = false;
    c.end().catch(() => {});
    if (closed) return;
    log.warn({ err }, 'Lost the connection that hears other instances; caches are off until it is back');
    scheduleReconnect();
  }

  function scheduleReconnect() {
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures++;
    reconnectTimer = setTimeout(() => void reconnect(), delay);
    reconnectTimer.unref();
  }

  async function reconnect() {
    if (closed) return;
    const c = newClient();
    try {
      await prepare(c);
      // The old session may still be ending on the server (it releases the lock then): try again shortly.
      const { rows } = await c.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock($1, $2) AS locked`, [INSTANCE_LOCK_SPACE, id]);
      if (!rows[0]?.locked) throw new Error(`instance ${id}'s lock is still held by its previous connection`);
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      log.warn({ err }, 'Could not reconnect to hear other instances; trying again');
      if (!closed) scheduleReconnect();
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    for (const handler of gapHandlers) handler();
    listening = true;
    log.info('Hearing other instances again');
  }

  const bus: InstanceBus = {
    id,
    get listening() {
      return listening;
    },
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    onGap(handler) {
      gapHandlers.push(handler);
    },
    async publish(topic, payload) {
      deliver(topic, payload);
      try {
        await pool.query(`SELECT pg_notify($1, $2)`, [CHANNEL, JSON.stringify({ from: id, topic, payload } satisfies Envelope)]);
      } catch (err) {
        log.error({ err, topic }, 'Could not tell other instances of a change; their caches expire it shortly');
      }
    },
    liveInstances: () => liveInstancesOn(pool),
    async close() {
      if (closed) return;
      closed = true;
      listening = false;
      clearTimeout(reconnectTimer);
      busOfPool.delete(pool);
      const c = client;
      client = undefined;
      if (!c) return;
      // Ending the connection releases the lock; the row only served people reading app_instances.
      await c.query(`DELETE FROM app_instances WHERE id = $1`, [id]).catch(() => {});
      await c.end().catch(() => {});
    },
  };
  busOfPool.set(pool, bus);
  return bus;
}
