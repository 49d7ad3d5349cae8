// The full regroup's arithmetic (issue 29, decision 057): the faces the model found, placed again from their
// embeddings alone, with the thresholds and the rule a new face follows (grouping.ts): two faces in one photo are
// never one person, an uncertain match is a suggestion. The people the owner decided about are seeds that keep
// their faces; every other face is placed again, the clearest first, then people alike enough are merged.
// Pure: no database. Vectors are Float32Arrays of unit length, so a similarity is one dot product.
import { ASK_THE_OWNER, SAME_PERSON } from './grouping';

export interface RegroupFace {
  id: number;
  photoId: number;
  /** Who the face was before (a person, or the one it was suggested to be): which group to try first. */
  hint: number | null;
  embedding: Float32Array;
}

export interface Cluster {
  /** The person the owner decided about (kept as they are); undefined for a group being formed. */
  seedId?: number;
  sum: Float64Array;
  unit: Float32Array;
  /** Faces in the mean (for a seed: its stored weight plus the faces it gained). */
  count: number;
  photos: Set<number>;
  /** Faces placed here by the regroup. */
  faces: number[];
  /** Of those, how many each former person had: the person a new group takes the id of. */
  formerly: Map<number, number>;
  /** Merged into another group. */
  mergedInto?: Cluster;
}

export interface Answer {
  faceId: number;
  cluster?: Cluster;
  suggested?: Cluster;
  similarity: number | null;
}

export function unitVector(values: ArrayLike<number>): Float32Array {
  const unit = new Float32Array(values.length);
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += values[i]! * values[i]!;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) unit[i] = values[i]! / norm;
  return unit;
}

export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) s0 += a[i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}

export function createClustering() {
  const clusters: Cluster[] = [];
  const hints = new Map<number, Cluster>();
  /** Faces between ASK_THE_OWNER and SAME_PERSON of the best group: placed again once every group is formed. */
  const unsure: number[] = [];
  const answers = new Map<number, Answer>();

  function live(c: Cluster): Cluster {
    while (c.mergedInto) c = c.mergedInto;
    return c;
  }

  function refresh(c: Cluster) {
    c.unit = unitVector(c.sum);
  }

  function join(c: Cluster, face: RegroupFace, similarity: number | null) {
    for (let i = 0; i < c.sum.length; i++) c.sum[i]! += face.embedding[i]!;
    c.count += 1;
    refresh(c);
    c.photos.add(face.photoId);
    c.faces.push(face.id);
    if (face.hint !== null) c.formerly.set(face.hint, (c.formerly.get(face.hint) ?? 0) + 1);
    answers.set(face.id, { faceId: face.id, cluster: c, similarity });
  }

  function found(face: RegroupFace): Cluster {
    const c: Cluster = {
      sum: new Float64Array(face.embedding.length),
      unit: face.embedding,
      count: 0,
      photos: new Set(),
      faces: [],
      formerly: new Map(),
    };
    clusters.push(c);
    join(c, face, null);
    return c;
  }

  /** The most alike live group the face may join (none holding a face of its photo). */
  function best(face: RegroupFace): { cluster: Cluster; similarity: number } | undefined {
    let top: Cluster | undefined;
    let topSimilarity = -Infinity;
    for (const c of clusters) {
      if (c.mergedInto || c.unit.length === 0 || c.photos.has(face.photoId)) continue;
      const s = dot(face.embedding, c.unit);
      if (s > topSimilarity) {
        topSimilarity = s;
        top = c;
      }
    }
    return top && { cluster: top, similarity: topSimilarity };
  }

  return {
    clusters,
    unsure,
    answers,

    /** A person the owner decided about: their mean (of `weight` faces) and every photo they are in. */
    seed(personId: number, centroid: ArrayLike<number> | null, weight: number, photos: Iterable<number>) {
      const unit = centroid ? unitVector(centroid) : null;
      const c: Cluster = {
        seedId: personId,
        sum: new Float64Array(unit?.length ?? 0),
        unit: unit ?? new Float32Array(0),
        count: unit ? Math.max(weight, 1) : 0,
        photos: new Set(photos),
        faces: [],
        formerly: new Map(),
      };
      if (unit) for (let i = 0; i < unit.length; i++) c.sum[i] = unit[i]! * c.count;
      clusters.push(c);
      hints.set(personId, c);
    },

    /**
     * First pass, the clearest faces first: with the group its former person's faces went to when it is alike
     * enough, else with the most alike group; unsure ones wait; below ASK_THE_OWNER a new group.
     */
    place(face: RegroupFace) {
      const hinted = face.hint === null ? undefined : hints.get(face.hint);
      if (hinted) {
        const c = live(hinted);
        if (c.unit.length > 0 && !c.photos.has(face.photoId)) {
          const s = dot(face.embedding, c.unit);
          if (s >= SAME_PERSON) return join(c, face, s);
        }
      }
      const top = best(face);
      if (top && top.similarity >= SAME_PERSON) {
        join(top.cluster, face, top.similarity);
        if (face.hint !== null && !hints.has(face.hint)) hints.set(face.hint, top.cluster);
      } else if (top && top.similarity >= ASK_THE_OWNER) {
        unsure.push(face.id);
      } else {
        const c = found(face);
        if (face.hint !== null && !hints.has(face.hint)) hints.set(face.hint, c);
      }
    },

    /**
     * Groups whose means are SAME_PERSON alike become one, the most alike first, unless they share a photo or
     * are two people the owner decided about. Yields (`pause`) now and then: it is the long part.
     */
    async merge(pause: () => Promise<void>) {
      const pairs: { a: Cluster; b: Cluster; s: number }[] = [];
      const withMean = clusters.filter((c) => c.unit.length > 0);
      for (let i = 0; i < withMean.length; i++) {
        const a = withMean[i]!;
        for (let j = i + 1; j < withMean.length; j++) {
          const b = withMean[j]!;
          if (a.seedId !== undefined && b.seedId !== undefined) continue;
          const s = dot(a.unit, b.unit);
          if (s >= SAME_PERSON) pairs.push({ a, b, s });
        }
        await pause();
      }
      pairs.sort((x, y) => y.s - x.s);
      for (const pair of pairs) {
        const a = live(pair.a);
        const b = live(pair.b);
        if (a === b || (a.seedId !== undefined && b.seedId !== undefined)) continue;
        const bFirst = a.seedId === undefined && (b.seedId !== undefined || b.count > a.count);
        const [into, from] = bFirst ? [b, a] : [a, b];
        let shared = false;
        const [small, large] = from.photos.size < into.photos.size ? [from.photos, into.photos] : [into.photos, from.photos];
        for (const p of small)
          if (large.has(p)) {
            shared = true;
            break;
          }
        if (shared) continue;
        for (let i = 0; i < into.sum.length; i++) into.sum[i]! += from.sum[i]!;
        into.count += from.count;
        refresh(into);
        for (const p of from.photos) into.photos.add(p);
        for (const f of from.faces) {
          into.faces.push(f);
          answers.get(f)!.cluster = into;
        }
        for (const [k, n] of from.formerly) into.formerly.set(k, (into.formerly.get(k) ?? 0) + n);
        from.mergedInto = into;
        from.faces = [];
      }
    },

    /** Last pass, for the faces that waited: the same rule as a new face's, against the groups as they now are. */
    settle(face: RegroupFace) {
      const top = best(face);
      if (top && top.similarity >= SAME_PERSON) join(top.cluster, face, top.similarity);
      else if (top && top.similarity >= ASK_THE_OWNER)
        answers.set(face.id, { faceId: face.id, suggested: top.cluster, similarity: top.similarity });
      else found(face);
    },

    live,
  };
}

export type Clustering = ReturnType<typeof createClustering>;
