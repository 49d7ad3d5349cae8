// Reads documents' words off the main thread (ai/ocr/text-reader.ts starts it; bundled by tsup as
// dist/server/text-worker.js). A scanned page takes Tesseract a few seconds of CPU: on the main thread that would
// stall every request. The thread lowers its own priority first, and tesseract.js's own worker thread, started
// from this one, inherits it (on Linux a thread's nice value is its own and passes to the threads it starts).
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { readDocumentText } from './document-text';
import { createOcrEngine, type OcrEngine } from './ocr-engine';
import type { TextOutcome, TextSource } from './text-kinds';

export type TextRequest = TextSource & { id: number };
export type TextResponse = { id: number; outcome: TextOutcome } | { id: number; error: string };

try {
  os.setPriority(19);
} catch {
  // a system that refuses it still reads, only not behind the requests
}

// loaded on first need and kept while the thread lives (it stops after a quiet minute)
let engine: Promise<OcrEngine> | undefined;
const ocr = () => {
  engine ??= createOcrEngine().catch((err: unknown) => {
    engine = undefined;
    throw err;
  });
  return engine;
};

parentPort?.on('message', (request: TextRequest) => {
  void (async () => {
    let reply: TextResponse;
    try {
      const { id: _id, ...source } = request;
      reply = { id: request.id, outcome: await readDocumentText(source, ocr) };
    } catch (err) {
      reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(reply);
  })();
});
