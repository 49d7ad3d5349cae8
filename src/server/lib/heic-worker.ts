// Decodes HEIC/HEIF to RGBA pixels off the main thread: libheif (WASM, via heic-decode) works synchronously
// for about a second per 12 MP photo, which would otherwise stall every request. Bundled by tsup as
// dist/server/heic-worker.js; lib/heic-decoder.ts starts it.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

interface Decoded {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface HeicRequest {
  id: number;
  path: string;
}

export interface HeicDecoded {
  id: number;
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export type HeicResponse = HeicDecoded | { id: number; error: string };

// heic-decode ships no types; require keeps it (and its WASM) outside the bundle.
const decode = createRequire(import.meta.url)('heic-decode') as (input: { buffer: Uint8Array }) => Promise<Decoded>;

parentPort?.on('message', (request: HeicRequest) => {
  void (async () => {
    try {
      const buffer = await fs.readFile(request.path);
      const { width, height, data } = await decode({ buffer });
      const reply: HeicResponse = { id: request.id, width, height, data };
      parentPort?.postMessage(reply, [data.buffer as ArrayBuffer]);
    } catch (err) {
      const reply: HeicResponse = { id: request.id, error: err instanceof Error ? err.message : String(err) };
      parentPort?.postMessage(reply);
    }
  })();
});
