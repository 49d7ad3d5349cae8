// The client side of face-worker.ts: one worker thread, one picture at a time (at most one core for the
// model), started on first use and stopped after a quiet minute to give its ~350 MB back.
import { createSerialWorker } from '../../lib/serial-worker';
import type { PictureFindings } from './face-model';
import type { FaceRequest } from './face-worker';

export function createFaceFinder() {
  const worker = createSerialWorker<Omit<FaceRequest, 'id'>, PictureFindings>({
    name: 'face-worker',
    source: new URL('./face-worker.ts', import.meta.url),
    what: 'Finding faces',
    // The model's scratch objects die young: a 4 MB young generation (16 MB by default, kept three times over)
    // holds the thread about 40 MB smaller, measured with the package's sample pictures.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return {
    /** The faces (boxes as fractions of the picture, embeddings) and object labels in the picture at `path`. */
    async find(path: string): Promise<PictureFindings> {
      const { faces, labels } = await worker.run({ path });
      return { faces, labels };
    },
    close: worker.close,
  };
}

export type FaceFinder = ReturnType<typeof createFaceFinder>;
