// One worker thread that runs one request at a time, started on first use and stopped after a quiet minute to
// give its memory back: HEIC decoding (heic-worker.ts) and finding faces (ai/faces/face-worker.ts). A worker
// answers each request `{ id, ... }` with `{ id, ...result }` or `{ id, error }`.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const IDLE_MS = 60_000;

/**
 * From the bundle (dist/server/main.js) the worker is the sibling `<name>.js`; from source (tsx, vitest) it is
 * `source`, a .ts file loaded through tsx.
 */
function startWorker(name: string, source: URL, resourceLimits: ResourceLimits | undefined): Worker {
  const bundled = new URL(`./${name}.js`, import.meta.url);
  if (fs.existsSync(fileURLToPath(bundled))) return new Worker(bundled, { resourceLimits });
  // `execArgv: ['--import', 'tsx']` does not reach a worker's entry module on Node 20: register tsx first.
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

type Reply<Res> = ({ id: number } & Res) | { id: number; error: string };

/**
 * `name`: the bundle's file for the worker (tsup.config.ts); `source`: its .ts file; `what`: for error messages;
 * `resourceLimits`: the thread's heap sizes, where its default ones hold more memory than it needs.
 */
export function createSerialWorker<Req extends object, Res extends object>(options: {
  name: string;
  source: URL;
  what: string;
  resourceLimits?: ResourceLimits;
}) {
  const { name, source, what, resourceLimits } = options;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;
  let chain: Promise<unknown> = Promise.resolve();
  const waiting = new Map<number, { resolve: (res: Res) => void; reject: (err: Error) => void }>();

  function failAll(err: Error) {
    for (const entry of waiting.values()) entry.reject(err);
    waiting.clear();
  }

  function stopWhenIdle() {
    idleTimer = setTimeout(() => void worker?.terminate(), IDLE_MS);
    idleTimer.unref();
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const w = startWorker(name, source, resourceLimits);
    w.on('message', (msg: Reply<Res>) => {
      const entry = waiting.get(msg.id);
      if (!entry) return;
      waiting.delete(msg.id);
      if ('error' in msg) entry.reject(new Error(`${what} failed: ${msg.error}`));
      else entry.resolve(msg);
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      failAll(new Error(`The ${what} worker stopped`));
    });
    worker = w;
    return w;
  }

  function runNow(request: Req, transfer: ArrayBuffer[]): Promise<Res> {
    if (closed) return Promise.reject(new Error(`The ${what} worker is closed`));
    clearTimeout(idleTimer);
    const w = ensureWorker();
    const id = nextId++;
    const result = new Promise<Res>((resolve, reject) => waiting.set(id, { resolve, reject }));
    w.postMessage({ ...request, id }, transfer);
    return result.finally(() => {
      if (waiting.size === 0 && !closed) stopWhenIdle();
    });
  }

  return {
    /** Runs `request` once the ones before it have finished. */
    run(request: Req, transfer: ArrayBuffer[] = []): Promise<Res> {
      const run = chain.then(() => runNow(request, transfer));
      chain = run.catch(() => undefined);
      return run;
    },
    /** Start the worker ahead of a request (loading it takes a moment); it stops again when idle. */
    warm() {
      if (closed || worker) return;
      ensureWorker();
      stopWhenIdle();
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const w = worker;
      worker = undefined;
      failAll(new Error(`The ${what} worker is closed`));
      if (w) await w.terminate();
    },
  };
}
