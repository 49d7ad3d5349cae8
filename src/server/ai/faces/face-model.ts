// The face and object model: Human (@vladmandic/human, MIT) on TensorFlow.js's WebAssembly backend, with the
// weights from the package's own models/ folder (decision 057). Nothing is fetched: the models are read from
// disk through a file:// loader registered here, and nothing about a picture leaves the process.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { Config, Human, Result } from '@vladmandic/human';

const require = createRequire(import.meta.url);
// Required, not imported: Human's build requires the CommonJS tfjs-core, and the loader and the input tensors
// must come from that same instance (an ESM import would be a second one).
const tf = require('@tensorflow/tfjs-core') as typeof TfCore;
/** The package's main entry is its tfjs-node build (a native addon heirloom does not install); this is its WASM build. */
const humanDir = path.dirname(require.resolve('@vladmandic/human'));
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
const modelsDir = path.join(humanDir, '..', 'models') + path.sep;

/** A face's box as fractions of the picture (0–1), its detector score and its embedding (1024 numbers). */
export interface FoundFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  embedding: number[];
}

export interface PictureFindings {
  faces: FoundFace[];
  /** What else is in the picture (COCO classes: dog, cat, horse, car, boat, bicycle, cake …), most certain first. */
  labels: { label: string; score: number }[];
}

/** Faces smaller than this share of the picture's shorter side are background noise, not people to name. */
const MIN_FACE_SHARE = 0.02;
const MIN_FACE_SCORE = 0.5;
const MIN_LABEL_SCORE = 0.4;

let loaderRegistered = false;
/** tfjs reads models over HTTP or from tfjs-node's file system; this reads a model.json and its weights from disk. */
function registerFileLoader() {
  if (loaderRegistered) return;
  loaderRegistered = true;
  const router = (url: string | string[]): TfCore.io.IOHandler | null => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = url.slice('file://'.length);
    return {
      async load() {
        const json = JSON.parse(await fs.promises.readFile(file, 'utf8')) as {
          modelTopology: object;
          format?: string;
          generatedBy?: string;
          convertedBy?: string | null;
          weightsManifest: { paths: string[]; weights: TfCore.io.WeightsManifestEntry[] }[];
          signature?: object;
          userDefinedMetadata?: Record<string, object>;
        };
        const parts: Buffer[] = [];
        const weightSpecs: TfCore.io.WeightsManifestEntry[] = [];
        for (const group of json.weightsManifest) {
          for (const part of group.paths) parts.push(await fs.promises.readFile(path.join(path.dirname(file), part)));
          weightSpecs.push(...group.weights);
        }
        const weights = Buffer.concat(parts);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          weightSpecs,
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        };
      },
    };
  };
  tf.io.registerLoadRouter(router as Parameters<typeof tf.io.registerLoadRouter>[0]);
}

const config: Partial<Config> = {
  backend: 'wasm',
  wasmPath: wasmDir,
  modelBasePath: `file://${modelsDir}`,
  debug: false,
  async: true,
  warmup: 'none',
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, maxDetected: 50, minConfidence: MIN_FACE_SCORE, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    description: { enabled: true },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
  } as Config['face'],
  body: { enabled: false } as Config['body'],
  hand: { enabled: false } as Config['hand'],
  object: { enabled: true, minConfidence: MIN_LABEL_SCORE, maxDetected: 10 } as Config['object'],
  gesture: { enabled: false },
  segmentation: { enabled: false } as Config['segmentation'],
};

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The picture's findings from Human's result, boxes clamped to the picture. */
export function findingsOf(result: Result): PictureFindings {
  const faces: FoundFace[] = [];
  for (const face of result.face) {
    const [x0, y0, w0, h0] = face.boxRaw;
    const x = clamp01(x0);
    const y = clamp01(y0);
    const width = clamp01(x0 + w0) - x;
    const height = clamp01(y0 + h0) - y;
    if (!face.embedding?.length || Math.min(width, height) < MIN_FACE_SHARE || (face.boxScore ?? face.score) < MIN_FACE_SCORE) continue;
    faces.push({ box: { x, y, width, height }, score: face.boxScore ?? face.score, embedding: Array.from(face.embedding) });
  }
  const best = new Map<string, number>();
  for (const object of result.object) best.set(object.label, Math.max(best.get(object.label) ?? 0, object.score));
  const labels = [...best].map(([label, score]) => ({ label, score })).sort((a, b) => b.score - a.score);
  return { faces, labels };
}

export async function loadFaceModel() {
  registerFileLoader();
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
  wasm.setWasmPaths(wasmDir);
  const { Human: HumanClass } = require(path.join(humanDir, 'human.node-wasm.js')) as { Human: new (config: Partial<Config>) => Human };
  const human = new HumanClass(config);
  await human.load();
  return {
    /** The findings in an RGB picture (3 bytes a pixel), at most about 1024 px on its longer side. */
    async find(rgb: Uint8Array, width: number, height: number): Promise<PictureFindings> {
      const input = tf.tensor3d(rgb, [height, width, 3], 'int32');
      try {
        return findingsOf(await human.detect(input as never));
      } finally {
        input.dispose();
      }
    },
  };
}
