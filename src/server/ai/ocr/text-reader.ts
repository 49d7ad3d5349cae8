// The client side of text-worker.ts: one worker thread reading one document at a time (at most one core for
// Tesseract), started on first use and stopped after a quiet minute to give its memory back.
import { createSerialWorker } from '../../lib/serial-worker';
import type { TextOutcome, TextSource } from './text-kinds';
import type { TextRequest } from './text-worker';

export function createTextReader() {
  const worker = createSerialWorker<Omit<TextRequest, 'id'>, { outcome: TextOutcome }>({
    name: 'text-worker',
    source: new URL('./text-worker.ts', import.meta.url),
    what: 'Reading a document',
  });
  return {
    /** The words of one document, or why they cannot be read. Throws only when the reader itself failed. */
    async read(source: TextSource): Promise<TextOutcome> {
      const transfer = source.bytes ? [source.bytes.buffer as ArrayBuffer] : [];
      return (await worker.run(source, transfer)).outcome;
    },
    close: worker.close,
  };
}

export type TextReader = ReturnType<typeof createTextReader>;
