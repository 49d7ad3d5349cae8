// Tesseract (tesseract.js, Apache-2.0) reading the words in a picture, entirely from files in node_modules
// (decision 058): its WebAssembly core from tesseract.js-core, its worker script from tesseract.js, and the English
// model from @tesseract.js-data/eng. Without `langPath` tesseract.js would fetch the model from a CDN: here it is
// always the package's own folder, and nothing is cached or written anywhere.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** The LSTM model as integers (2.9 MB): Tesseract's own default for the LSTM engine, nearly as good as "best". */
export const ENGLISH_MODEL_DIR = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** Everything tesseract.js reads, as local paths (a test holds every one of them to that). */
export const TESSERACT_OPTIONS = {
  langPath: ENGLISH_MODEL_DIR,
  gzip: true,
  // the model is read from the package every time: no copy written next to the process or under DATA_DIR
  cacheMethod: 'none',
} as const;

/** A line is kept when Tesseract is at least this sure of its words (0–100): a photo's shadows are not words. */
const MIN_LINE_CONFIDENCE = 55;

export interface OcrEngine {
  /** The words in a picture (PNG, JPEG …), line by line; lines Tesseract is unsure of are left out. */
  read(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

export async function createOcrEngine(): Promise<OcrEngine> {
  // tesseract.js runs the model in a worker thread of its own, started from this one: it shares this thread's
  // nice value (ai/ocr/text-worker.ts lowers it first)
  const worker: Worker = await createWorker('eng', OEM.LSTM_ONLY, TESSERACT_OPTIONS);
  return {
    async read(image) {
      const { data } = await worker.recognize(image, {}, { text: false, blocks: true });
      const lines: string[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            if (line.confidence >= MIN_LINE_CONFIDENCE && /[\p{L}\p{N}]/u.test(line.text)) lines.push(line.text.trim());
          }
          lines.push('');
        }
      }
      return lines.join('\n');
    },
    async close() {
      await worker.terminate();
    },
  };
}
