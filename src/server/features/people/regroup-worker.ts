// The full regroup's arithmetic off the main thread (regroup.ts starts one per regroup; bundled by tsup as
// dist/server/regroup-worker.js): placing 150,000 faces and merging their groups takes a minute of CPU, which
// on the main thread delayed every request (issue 29: never slowing the app). The main thread reads the
// database and writes the answer; this thread gets the embeddings as PostgreSQL sent them (their buffers
// handed over, not copied) and answers with typed arrays, so neither side parses or builds much in between.
// Its priority is lowered first, so the app's requests come before it (on Linux a thread's nice value is its own).
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { readFloat4Array } from './float4-array';
import { createClustering, unitVector, type Cluster, type RegroupFace } from './regroup-clusters';

/** Faces in the order the main thread read them, each with who it was (0: nobody) and its embedding's bytes. */
export interface FaceBatch {
  ids: Int32Array;
  photoIds: Int32Array;
  persons: Int32Array;
  suggested: Int32Array;
  /** Face i's array_send bytes are bytes[offsets[i], offsets[i + 1]). */
  bytes: Uint8Array;
  offsets: Int32Array;
}

export type RegroupRequest =
  | { kind: 'seed'; seeds: { id: number; centroid: number[] | null; weight: number; photos: number[] }[] }
  | ({ kind: 'place' | 'settle' } & FaceBatch)
  | { kind: 'merge' }
  /** `former`: the people not decided about that the faces read were (their ids may be taken again). */
  | { kind: 'finish'; former: Int32Array };

/**
 * A group's person, in one number: > 0 an existing person's id, < 0 a new person (key -ref - 1), 0 none.
 * Means of `dims` numbers each, one after another.
 */
export interface RegroupAnswer {
  groups: number;
  suggestions: number;
  dims: number;
  newWeights: Int32Array;
  newCentroids: Float64Array;
  meanIds: Int32Array;
  meanWeights: Int32Array;
  meanCentroids: Float64Array;
  /** Per face answered, in the order read; NaN: no similarity. */
  faceIds: Int32Array;
  wasPersons: Int32Array;
  wasSuggested: Int32Array;
  persons: Int32Array;
  suggestedRefs: Int32Array;
  similarities: Float64Array;
}

export type RegroupReply = { unsure?: Int32Array } | RegroupAnswer;

/** Every buffer of `answer` (handed over to the main thread, not copied). */
function buffersOf(answer: object): ArrayBuffer[] {
  return Object.values(answer)
    .filter((v): v is ArrayBufferView => ArrayBuffer.isView(v))
    .map((v) => v.buffer as ArrayBuffer);
}

try {
  os.setPriority(19);
} catch {
  // a system that refuses it still regroups, only not behind the requests
}

// One regroup per thread: the main thread starts a thread for each and stops it after. Nothing here needs to
// give way, but with a pause the index's cells are formed by `tidy` between faces, at the moments they always were.
const clustering = createClustering(async () => {});
/** Every face placed, in the order read, with who it was. */
const read: { id: number; person: number; suggested: number }[] = [];

async function each(batch: FaceBatch, handle: (face: RegroupFace) => void, first: boolean) {
  for (let i = 0; i < batch.ids.length; i++) {
    const person = batch.persons[i]!;
    const suggested = batch.suggested[i]!;
    const hint = person || suggested || null;
    const embedding = unitVector(readFloat4Array(batch.bytes.subarray(batch.offsets[i], batch.offsets[i + 1])));
    handle({ id: batch.ids[i]!, photoId: batch.photoIds[i]!, hint, embedding });
    if (first) read.push({ id: batch.ids[i]!, person, suggested });
    await clustering.tidy();
  }
}

/** Each new group takes the id of the former person most of its faces were (the largest groups choose first). */
function finish(former: Set<number>): RegroupAnswer {
  const groups = clustering.clusters.filter((c) => !c.mergedInto && c.seedId === undefined && c.faces.length > 0);
  groups.sort((a, b) => b.faces.length - a.faces.length);
  const refs = new Map<Cluster, number>();
  const taken = new Set<number>();
  const made: Cluster[] = [];
  const means: { id: number; group: Cluster }[] = [];
  for (const group of groups) {
    let pick: number | undefined;
    let most = 0;
    for (const [id, n] of group.formerly)
      if (former.has(id) && !taken.has(id) && (n > most || (n === most && pick !== undefined && id < pick))) {
        pick = id;
        most = n;
      }
    if (pick !== undefined) {
      taken.add(pick);
      refs.set(group, pick);
      means.push({ id: pick, group });
    } else {
      refs.set(group, -made.length - 1);
      made.push(group);
    }
  }
  for (const c of clustering.clusters)
    if (c.seedId !== undefined) {
      refs.set(c, c.seedId);
      if (c.faces.length > 0) means.push({ id: c.seedId, group: c });
    }
  const dims = clustering.clusters.find((c) => c.sum.length > 0)?.sum.length ?? 0;
  const meansOf = (list: Cluster[]) => {
    const out = new Float64Array(list.length * dims);
    list.forEach((c, i) => {
      for (let d = 0; d < dims; d++) out[i * dims + d] = c.sum[d]! / c.count;
    });
    return out;
  };
  const refOf = (c: Cluster | undefined) => (c ? refs.get(clustering.live(c))! : 0);
  const answered = read.filter((f) => clustering.answers.has(f.id)); // an embedding removed meanwhile: no answer
  const answers = answered.map((f) => clustering.answers.get(f.id)!);
  return {
    groups: groups.length,
    suggestions: answers.filter((a) => a.suggested).length,
    dims,
    newWeights: Int32Array.from(made, (c) => c.count),
    newCentroids: meansOf(made),
    meanIds: Int32Array.from(means, (m) => m.id),
    meanWeights: Int32Array.from(means, (m) => m.group.count),
    meanCentroids: meansOf(means.map((m) => m.group)),
    faceIds: Int32Array.from(answered, (f) => f.id),
    wasPersons: Int32Array.from(answered, (f) => f.person),
    wasSuggested: Int32Array.from(answered, (f) => f.suggested),
    persons: Int32Array.from(answers, (a) => refOf(a.cluster)),
    suggestedRefs: Int32Array.from(answers, (a) => refOf(a.suggested)),
    similarities: Float64Array.from(answers, (a) => a.similarity ?? NaN),
  };
}

async function handle(request: RegroupRequest): Promise<{ reply: RegroupReply; transfer: ArrayBuffer[] }> {
  switch (request.kind) {
    case 'seed':
      for (const s of request.seeds) clustering.seed(s.id, s.centroid, s.weight, s.photos);
      await clustering.tidy();
      return { reply: {}, transfer: [] };
    case 'place':
      await each(request, clustering.place, true);
      return { reply: {}, transfer: [] };
    case 'merge': {
      await clustering.merge();
      const unsure = Int32Array.from(clustering.unsure);
      return { reply: { unsure }, transfer: [unsure.buffer] };
    }
    case 'settle':
      await each(request, clustering.settle, false);
      return { reply: {}, transfer: [] };
    case 'finish': {
      const answer = finish(new Set(request.former));
      return { reply: answer, transfer: buffersOf(answer) };
    }
  }
}

parentPort?.on('message', (request: RegroupRequest & { id: number }) => {
  void (async () => {
    try {
      const { reply, transfer } = await handle(request);
      parentPort?.postMessage({ id: request.id, ...reply }, transfer);
    } catch (err) {
      parentPort?.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
