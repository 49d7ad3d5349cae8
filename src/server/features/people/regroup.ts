// The full regroup (issue 29, decision 057): an account's faces found by the model are grouped again from their
// embeddings, as one background job (`faces.regroup`, one per account at a time). What the owner decided stays:
// people they named, linked, hid or gave a face, with all their faces; faces they answered "No" about. The rest
// is placed again (regroup-clusters.ts) and put in place in one transaction, so nothing half done is ever seen:
// a job stopped by kill -9 has changed nothing and runs again from the start. A group keeps the id of the
// person most of its faces were, so a page that was open stays the same person's.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs';
import { createClustering, unitVector, type Cluster, type RegroupFace } from './regroup-clusters';
import type { Ref, RegroupRepo } from './regroup.repo';

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

/** Group the account's faces again. Undefined when face recognition is off for it. */
export async function regroupAccount(repo: RegroupRepo, userId: number): Promise<RegroupResult | undefined> {
  if (!(await repo.isEnabled(userId))) return undefined;
  const pause = slicer();
  const timings = { read: 0, place: 0, merge: 0, write: 0 };
  let t = performance.now();
  const lap = (part: keyof typeof timings) => {
    const now = performance.now();
    timings[part] += now - t;
    t = now;
  };

  const clustering = createClustering(pause);
  const seeds = await repo.seeds(userId);
  for (const s of seeds) clustering.seed(s.id, s.centroid, s.weight, s.photos);
  await clustering.tidy();
  const candidates = await repo.candidates(userId);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  lap('read');

  async function each(ids: number[], handle: (face: RegroupFace) => void) {
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      const batch = ids.slice(i, i + READ_BATCH);
      const embeddings = await repo.embeddings(userId, batch);
      lap('read');
      for (const id of batch) {
        const embedding = embeddings.get(id);
        const c = byId.get(id)!;
        if (embedding) handle({ id, photoId: c.photoId, hint: c.personId ?? c.suggestedId, embedding: unitVector(embedding) });
        await clustering.tidy();
        await pause();
      }
      lap('place');
    }
  }
  await each(
    candidates.map((c) => c.id),
    clustering.place,
  );
  await clustering.merge();
  lap('merge');
  await each([...clustering.unsure], clustering.settle);

  // Each new group takes the id of the former person most of its faces were (the largest groups choose first).
  const seedIds = new Set(seeds.map((s) => s.id));
  const former = new Set<number>();
  for (const c of candidates) if (c.personId !== null && !seedIds.has(c.personId)) former.add(c.personId);
  const groups = clustering.clusters.filter((c) => !c.mergedInto && c.seedId === undefined && c.faces.length > 0);
  groups.sort((a, b) => b.faces.length - a.faces.length);
  const refs = new Map<Cluster, Ref>();
  const taken = new Set<number>();
  const newPeople: { key: number; centroid: number[]; weight: number }[] = [];
  const means: { id: number; centroid: number[]; weight: number }[] = [];
  const meanOf = (c: Cluster) => Array.from(c.sum, (v) => v / c.count);
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
      refs.set(group, { kind: 'person', id: pick });
      means.push({ id: pick, centroid: meanOf(group), weight: group.count });
    } else {
      refs.set(group, { kind: 'new', key: newPeople.length });
      newPeople.push({ key: newPeople.length, centroid: meanOf(group), weight: group.count });
    }
  }
  for (const c of clustering.clusters)
    if (c.seedId !== undefined) {
      refs.set(c, { kind: 'person', id: c.seedId });
      if (c.faces.length > 0) means.push({ id: c.seedId, centroid: meanOf(c), weight: c.count });
    }
  const refOf = (c: Cluster | undefined): Ref => (c ? refs.get(clustering.live(c))! : null);
  const outcomes = [];
  let suggestions = 0;
  for (const c of candidates) {
    await pause();
    const answer = clustering.answers.get(c.id);
    if (!answer) continue; // its embedding was removed meanwhile
    if (answer.suggested) suggestions++;
    outcomes.push({
      faceId: c.id,
      wasPerson: c.personId,
      wasSuggested: c.suggestedId,
      person: refOf(answer.cluster),
      suggested: refOf(answer.suggested),
      similarity: answer.similarity,
    });
  }
  const applied = await repo.apply(userId, { formerPeople: [...former], newPeople, means, outcomes });
  lap('write');
  return { faces: outcomes.length, people: groups.length, suggestions, timings, applied };
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
    retryLimit: 3,
    retryDelaySeconds: 60,
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
