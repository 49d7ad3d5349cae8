// The client side of heic-worker.ts (shared by the photos gallery and memory attachments): one worker thread, one decode at a time (a 12 MP HEIC needs about
// 300 MB while decoding), started on first use and stopped after a quiet minute to give the memory back.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HeicRequest, HeicResponse } from './heic-worker';

export interface DecodedImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Buffer;
}

const IDLE_MS = 60_000;

/**
 * From the bundle (dist/server/main.js) the worker is the sibling heic-worker.js; from source (tsx, vitest)
 * it is the .ts file, loaded through tsx.
 */
function startWorker(): Worker {
  const bundled = new URL('./heic-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(bundled))) return new Worker(bundled);
  // `execArgv: ['--import', 'tsx']` does not reach a worker's entry module on Node 20: register tsx first.
  const source = new URL('./heic-worker.ts', import.meta.url);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export function createHeicDecoder() {
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;
  let chain: Promise<unknown> = Promise.resolve();
  const waiting = new Map<number, { resolve: (img: DecodedImage) => void; reject: (err: Error) => void }>();

  function failAll(err: Error) {
    for (const entry of waiting.values()) entry.reject(err);
    waiting.clear();
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const w = startWorker();
    w.on('message', (msg: HeicResponse) => {
      const entry = waiting.get(msg.id);
      if (!entry) return;
      waiting.delete(msg.id);
      if ('error' in msg) entry.reject(new Error(`HEIC decoding failed: ${msg.error}`));
      else
        entry.resolve({
          width: msg.width,
          height: msg.height,
          data: Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength),
        });
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      failAll(new Error('The HEIC decoder stopped'));
    });
    worker = w;
    return w;
  }

  function decodeNow(path: string): Promise<DecodedImage> {
    if (closed) return Promise.reject(new Error('The HEIC decoder is closed'));
    clearTimeout(idleTimer);
    const w = ensureWorker();
    const id = nextId++;
    const result = new Promise<DecodedImage>((resolve, reject) => waiting.set(id, { resolve, reject }));
    w.postMessage({ id, path } satisfies HeicRequest);
    return result.finally(() => {
      if (waiting.size === 0 && !closed) {
        idleTimer = setTimeout(() => void worker?.terminate(), IDLE_MS);
        idleTimer.unref();
      }
    });
  }

  return {
    /** Decode one HEIC/HEIF file (its primary image, transformations applied) to RGBA pixels. */
    decode(path: string): Promise<DecodedImage> {
      const run = chain.then(() => decodeNow(path));
      chain = run.catch(() => undefined);
      return run;
    },
    /** Start the worker ahead of a decode (loading libheif takes a moment); it stops again when idle. */
    warm() {
      if (closed || worker) return;
      ensureWorker();
      idleTimer = setTimeout(() => void worker?.terminate(), IDLE_MS);
      idleTimer.unref();
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const w = worker;
      worker = undefined;
      failAll(new Error('The HEIC decoder is closed'));
      if (w) await w.terminate();
    },
  };
}

export type HeicDecoder = ReturnType<typeof createHeicDecoder>;
