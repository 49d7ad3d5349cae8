// The client side of heic-worker.ts (shared by the photos gallery and memory attachments): one worker thread, one decode at a time (a 12 MP HEIC needs about
// 300 MB while decoding), started on first use and stopped after a quiet minute to give the memory back.
import type { HeicDecoded, HeicRequest } from './heic-worker';
import { createSerialWorker } from './serial-worker';

export interface DecodedImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Buffer;
}

export function createHeicDecoder() {
  const worker = createSerialWorker<Omit<HeicRequest, 'id'>, Omit<HeicDecoded, 'id'>>({
    name: 'heic-worker',
    source: new URL('./heic-worker.ts', import.meta.url),
    what: 'HEIC decoding',
  });
  return {
    /** Decode one HEIC/HEIF file (its primary image, transformations applied) to RGBA pixels. */
    async decode(path: string): Promise<DecodedImage> {
      const { width, height, data } = await worker.run({ path });
      return { width, height, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
    },
    /** Start the worker ahead of a decode (loading libheif takes a moment); it stops again when idle. */
    warm: worker.warm,
    close: worker.close,
  };
}

export type HeicDecoder = ReturnType<typeof createHeicDecoder>;
