// The full regroup (issue 29, decision 057): an account's faces found by the model are grouped again from their
// embeddings, as one background job (`faces.regroup`, one per account at a time). What the owner decided stays:
// people they named, linked, hid or gave a face, with all their faces; faces they answered "No" about. The rest
// is placed again (regroup-clusters.ts, in a worker thread: regroup-worker.ts) and put in place in one
// transaction, so nothing half done is ever seen:
// a job stopped by kill -9 has changed nothing and runs again from the start. A group keeps the id of the
// person most of its faces were, so a page that was open stays the same person's.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs';
import { createSerialWorker } from '../../lib/serial-worker';
import type { FaceBatch, RegroupAnswer, RegroupReply, RegroupRequest } from './regroup-worker';
import type { Candidate, Ref, RegroupRepo } from './regroup.repo';

export const REGROUP_JOB = 'faces.regroup';
/** Embeddings read at once: 1,000 × 4 KB. */
const READ_BATCH = 1_000;
/** The event loop is given back at least this often (ms). */
const SLICE_MS = 10;

export interface RegroupResult {
  faces: number;
  people: number;
  suggestions: number;
  /** Milliseconds: reading the faces, placing them, merging, and writing the answer. */
  timings: { read: number; place: number; merge: number; write: number };
  applied: boolean;
}

function slicer() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** Faces and their embeddings' bytes as the worker takes them: a few typed arrays, handed over, not copied. */
function batchOf(faces: Candidate[], embeddings: Map<number, Buffer>): { batch: FaceBatch; transfer: ArrayBuffer[] } {
  const read = faces.filter((c) => embeddings.has(c.id)); // an embedding removed meanwhile is left out
  const offsets = new Int32Array(read.length + 1);
  read.forEach((c, i) => (offsets[i + 1] = offsets[i]! + embeddings.get(c.id)!.length));
  const bytes = new Uint8Array(offsets[read.length]!);
  read.forEach((c, i) => bytes.set(embeddings.get(c.id)!, offsets[i]));
  const batch = {
    ids: Int32Array.from(read, (c) => c.id),
    photoIds: Int32Array.from(read, (c) => c.photoId),
    persons: Int32Array.from(read, (c) => c.personId ?? 0),
    suggested: Int32Array.from(read, (c) => c.suggestedId ?? 0),
    bytes,
    offsets,
  };
  return { batch, transfer: Object.values(batch).map((v) => v.buffer as ArrayBuffer) };
}

/** Group the account's faces again. Undefined when face recognition is off for it. */
export async function regroupAccount(repo: RegroupRepo, userId: number): Promise<RegroupResult | undefined> {
  if (!(await repo.isEnabled(userId))) return undefined;
  // a thread of its own for each regroup: its memory is given back as soon as the answer is written
  const worker = createSerialWorker<RegroupRequest, RegroupReply>({
    name: 'regroup-worker',
    source: new URL('./regroup-worker.ts', import.meta.url),
    what: 'Regrouping faces',
  });
  try {
    return await regroupWith(repo, userId, (request, transfer) => worker.run(request, transfer));
  } finally {
    await worker.close();
  }
}

/** A reply awaited later: its failure is then thrown there, not reported as unhandled meanwhile. */
function handled<T>(reply: Promise<T>): Promise<T> {
  reply.catch(() => undefined);
  return reply;
}

type Ask = (request: RegroupRequest, transfer?: ArrayBuffer[]) => Promise<RegroupReply>;

async function regroupWith(repo: RegroupRepo, userId: number, ask: Ask): Promise<RegroupResult> {
  const pause = slicer();
  const timings = { read: 0, place: 0, merge: 0, write: 0 };
  let t = performance.now();
  const lap = (part: keyof typeof timings) => {
    const now = performance.now();
    timings[part] += now - t;
    t = now;
  };

  const seeds = await repo.seeds(userId);
  const seeding = handled(ask({ kind: 'seed', seeds }));
  const candidates = await repo.candidates(userId);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  await seeding;
  lap('read');

  // The next batch is read while the worker places the one before (one batch waits at most).
  async function each(kind: 'place' | 'settle', ids: number[]) {
    let working: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      const faces = ids.slice(i, i + READ_BATCH).map((id) => byId.get(id)!);
      const embeddings = await repo.embeddings(
        userId,
        faces.map((c) => c.id),
      );
      const { batch, transfer } = batchOf(faces, embeddings);
      lap('read');
      await working;
      lap('place');
      working = handled(ask({ kind, ...batch }, transfer));
    }
    await working;
    lap('place');
  }
  await each(
    'place',
    candidates.map((c) => c.id),
  );
  const { unsure } = (await ask({ kind: 'merge' })) as { unsure: Int32Array };
  lap('merge');
  await each('settle', [...unsure]);

  const seedIds = new Set(seeds.map((s) => s.id));
  const former = new Set<number>();
  for (const c of candidates) if (c.personId !== null && !seedIds.has(c.personId)) former.add(c.personId);
  const answer = (await ask({ kind: 'finish', former: Int32Array.from(former) })) as RegroupAnswer;
  const { dims } = answer;
  const centroidOf = (all: Float64Array, i: number) => all.subarray(i * dims, (i + 1) * dims);
  const newPeople = Array.from(answer.newWeights, (weight, key) => ({ key, centroid: centroidOf(answer.newCentroids, key), weight }));
  const means = Array.from(answer.meanIds, (id, i) => ({
    id,
    centroid: centroidOf(answer.meanCentroids, i),
    weight: answer.meanWeights[i]!,
  }));
  const refOf = (n: number): Ref => (n > 0 ? { kind: 'person', id: n } : n < 0 ? { kind: 'new', key: -n - 1 } : null);
  const outcomes = [];
  for (let i = 0; i < answer.faceIds.length; i++) {
    await pause();
    const similarity = answer.similarities[i]!;
    outcomes.push({
      faceId: answer.faceIds[i]!,
      wasPerson: answer.wasPersons[i]! || null,
      wasSuggested: answer.wasSuggested[i]! || null,
      person: refOf(answer.persons[i]!),
      suggested: refOf(answer.suggestedRefs[i]!),
      similarity: Number.isNaN(similarity) ? null : similarity,
    });
  }
  const applied = await repo.apply(userId, { formerPeople: [...former], newPeople, means, outcomes });
  lap('write');
  return { faces: outcomes.length, people: answer.groups, suggestions: answer.suggestions, timings, applied };
}

interface Options {
  jobs: JobQueue;
  repo: RegroupRepo;
  log: FastifyBaseLogger;
}

export function createRegroupQueue({ jobs, repo, log }: Options) {
  jobs.define<{ userId: number }>({
    name: REGROUP_JOB,
    handler: async ({ userId }) => {
      const result = await regroupAccount(repo, userId);
      if (!result) return;
      // the owner named, hid or answered someone meanwhile: placed again with what they decided
      if (!result.applied && (await repo.isEnabled(userId))) throw new Error('The people changed while their faces were regrouped');
      log.info({ userId, faces: result.faces, people: result.people, timings: result.timings }, 'Faces regrouped');
    },
    // A try stopped by kill -9 is put back in the queue at the next start (decision 043) and runs again, as one
    // that found the people changed does, after pg-boss's backoff: 10–20 s, then 20–40 s, then 40–80 s.
    retryLimit: 3,
    retryDelaySeconds: 10,
    // a crashed process's regroup runs again from the start: it wrote nothing before its last transaction
    expireInSeconds: 60 * 60,
    oneQueuedPerKey: true,
  });

  return {
    async queue(userId: number) {
      await jobs.send(REGROUP_JOB, { userId }, { singletonKey: `regroup-${userId}` });
    },
  };
}

export type RegroupQueue = ReturnType<typeof createRegroupQueue>;
