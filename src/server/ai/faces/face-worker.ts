// Finds faces and objects off the main thread (ai/faces/face-finder.ts starts it; bundled by tsup as
// dist/server/face-worker.js). The model takes about a quarter to a half second of CPU per photo, and a crowd
// several seconds: on the main thread that would stall every request. The thread lowers its own priority
// first, so the app's requests always come before it (on Linux a thread's nice value is its own).
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { loadFaceModel, type PictureFindings } from './face-model';

export interface FaceRequest {
  id: number;
  /** A picture sharp can read (the photo's thumbnail-sized or display copy, or the original). */
  path: string;
}

export type FaceResponse = ({ id: number } & PictureFindings) | { id: number; error: string };

/** The longer side the model looks at: enough for faces down to ~20 px, and a bounded cost per photo. */
const MAX_SIDE = 1024;

try {
  os.setPriority(19);
} catch {
  // a system that refuses it still runs the model, only not behind the requests
}

let model: ReturnType<typeof loadFaceModel> | undefined;

async function find(path: string): Promise<PictureFindings> {
  model ??= loadFaceModel();
  const { data, info } = await sharp(path, { failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (await model).find(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
}

parentPort?.on('message', (request: FaceRequest) => {
  void (async () => {
    try {
      const reply: FaceResponse = { id: request.id, ...(await find(request.path)) };
      parentPort?.postMessage(reply);
    } catch (err) {
      const reply: FaceResponse = { id: request.id, error: err instanceof Error ? err.message : String(err) };
      parentPort?.postMessage(reply);
    }
  })();
});
