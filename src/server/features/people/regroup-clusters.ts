// The full regroup's arithmetic (issue 29, decision 057): the faces the model found, placed again from their
// embeddings alone, with the thresholds and the rule a new face follows (grouping.ts): two faces in one photo are
// never one person, an uncertain match is a suggestion. The people the owner decided about are seeds that keep
// their faces; every other face is placed again, the clearest first, then people alike enough are merged.
// Pure: no database. Vectors are Float32Arrays of unit length, so a similarity is one dot product.
// The groups are found through a coarse index over their means (MeanIndex), so a face is compared with the groups
// of a few cells, not with every group: the work grows with the number of groups to the power 1.5, not 2.
import { ASK_THE_OWNER, dot, SAME_PERSON } from './grouping';

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
  /** Its cell in the index (-1: not in it) and its place in that cell's list. */
  cell: number;
  slot: number;
  /** Faces in the mean when its cell was last chosen: chosen again when the mean has moved (the count doubled). */
  cellAt: number;
  /** Its mean as it was put in its cell (what the cell's centre holds of it). */
  indexed: Float32Array;
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

/** Groups in the index before it is split into cells: below this, every group is compared. */
const ONE_CELL_UP_TO = 256;
/** Cells looked in for each face or group (the nearest ones to it). */
const PROBES = 10;
/** Rounds of k-means that place the cells' centres. */
const KMEANS_ROUNDS = 2;

/**
 * An inverted-file index over the groups' means: the means are split into about √(PROBES·n) cells (about √(n/PROBES)
 * groups each) by two rounds of k-means, and a face is compared with the centres and then with the groups of the
 * PROBES cells whose centres are most like it: about 2√(PROBES·n) comparisons instead of n. Approximate:
 * a group in a cell not looked in is missed; the merge then usually finds it from the other side. A cell's centre
 * follows the groups put in it (a group made after the cells were formed pulls its cell's centre toward it, so
 * the next face like it finds it); the cells are formed again whenever the number of groups has doubled, and a
 * group changes cell when its mean has moved (its count doubled).
 */
export function createMeanIndex(pause?: () => Promise<void>) {
  let centres: Float32Array[] = [];
  /** Each cell's sum of its members' means (none while there is one cell). */
  let sums: Float64Array[] = [];
  let cells: Cluster[][] = [[]];
  let size = 0;
  let builtAt = 0;

  function nearestCell(v: Float32Array): number {
    let top = 0;
    let topSimilarity = -Infinity;
    for (let i = 0; i < centres.length; i++) {
      const s = dot(v, centres[i]!);
      if (s > topSimilarity) {
        topSimilarity = s;
        top = i;
      }
    }
    return top;
  }

  /** A cell's centre follows its members: the mean of the means put in it (each as it was when put). */
  function shift(cell: number, v: Float32Array, sign: 1 | -1) {
    const sum = sums[cell];
    if (!sum) return;
    let norm = 0;
    for (let d = 0; d < sum.length; d++) {
      sum[d]! += sign * v[d]!;
      norm += sum[d]! * sum[d]!;
    }
    norm = Math.sqrt(norm) || 1;
    const centre = centres[cell]!;
    for (let d = 0; d < sum.length; d++) centre[d] = sum[d]! / norm;
  }

  function put(c: Cluster, cell: number) {
    c.cell = cell;
    c.slot = cells[cell]!.length;
    c.cellAt = c.count;
    c.indexed = c.unit;
    cells[cell]!.push(c);
    shift(cell, c.unit, 1);
  }

  function take(c: Cluster) {
    const list = cells[c.cell]!;
    const last = list.pop()!;
    if (last !== c) {
      list[c.slot] = last;
      last.slot = c.slot;
    }
    shift(c.cell, c.indexed, -1);
    c.cell = -1;
  }

  /** The cells to look in for `v`: all while there are few, else the PROBES whose centres are most like it. */
  function probe(v: Float32Array): number[] {
    if (centres.length <= PROBES) return cells.map((_, i) => i);
    const top: number[] = [];
    const sims: number[] = [];
    for (let i = 0; i < centres.length; i++) {
      const s = dot(v, centres[i]!);
      if (top.length < PROBES) {
        top.push(i);
        sims.push(s);
      } else if (s > sims[PROBES - 1]!) {
        top[PROBES - 1] = i;
        sims[PROBES - 1] = s;
      } else continue;
      for (let at = top.length - 1; at > 0 && sims[at - 1]! < sims[at]!; at--) {
        [top[at - 1], top[at]] = [top[at]!, top[at - 1]!];
        [sims[at - 1], sims[at]] = [sims[at]!, sims[at - 1]!];
      }
    }
    return top;
  }

  /**
   * The cells formed again from the means now in the index (k-means, started from evenly spaced means). A
   * generator: it yields after each mean placed, so its caller can give the event loop back meanwhile.
   */
  function* build(): Generator<void> {
    const all = cells.flat();
    const k = Math.max(1, Math.round(Math.sqrt(PROBES * all.length)));
    const dims = all[0]?.unit.length ?? 0;
    centres = Array.from({ length: k }, (_, i) => all[Math.floor((i * all.length) / k)]!.unit);
    const assigned = new Int32Array(all.length);
    for (let round = 0; round < KMEANS_ROUNDS; round++) {
      const sums = Array.from({ length: k }, () => new Float64Array(dims));
      for (let j = 0; j < all.length; j++) {
        const u = all[j]!.unit;
        const cell = nearestCell(u);
        assigned[j] = cell;
        const sum = sums[cell]!;
        for (let d = 0; d < dims; d++) sum[d]! += u[d]!;
        yield;
      }
      if (round < KMEANS_ROUNDS - 1) centres = sums.map((sum, i) => (sum.some((x) => x !== 0) ? unitVector(sum) : centres[i]!));
    }
    cells = Array.from({ length: k }, () => []);
    centres = centres.map((c) => new Float32Array(c));
    sums = Array.from({ length: k }, () => new Float64Array(dims));
    all.forEach((c, j) => put(c, assigned[j]!));
    builtAt = all.length;
  }
  const due = () => size >= ONE_CELL_UP_TO && size >= 2 * builtAt;

  return {
    /**
     * A group with a mean enters the index. Without `pause` the cells are formed again here when due; with it,
     * they are formed by `tidy`, which yields meanwhile.
     */
    add(c: Cluster) {
      put(c, nearestCell(c.unit));
      size++;
      if (!pause && due()) for (const _ of build());
    },

    async tidy() {
      if (!pause || !due()) return;
      for (const _ of build()) await pause();
    },

    remove(c: Cluster) {
      if (c.cell < 0) return;
      take(c);
      size--;
    },

    /** The group's mean changed: its cell is chosen again once its count has doubled since. */
    moved(c: Cluster) {
      if (c.cell < 0 || c.count < 2 * c.cellAt || centres.length <= 1) return;
      take(c);
      put(c, nearestCell(c.unit));
    },

    /** Every group in the cells nearest `v`. */
    *near(v: Float32Array): Generator<Cluster> {
      for (const cell of probe(v)) yield* cells[cell]!;
    },

    /** Every group, once each. */
    *all(): Generator<Cluster> {
      for (const list of cells) yield* list;
    },
  };
}

/**
 * With `pause`, the long parts yield to the event loop through it, and the caller calls `tidy` between faces (the
 * index's cells are formed again there); without it, everything runs at once.
 */
export function createClustering(pause?: () => Promise<void>) {
  const clusters: Cluster[] = [];
  const hints = new Map<number, Cluster>();
  /** Faces between ASK_THE_OWNER and SAME_PERSON of the best group: placed again once every group is formed. */
  const unsure: number[] = [];
  const answers = new Map<number, Answer>();
  const index = createMeanIndex(pause);

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
    index.moved(c);
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
      cell: -1,
      slot: 0,
      cellAt: 0,
      indexed: face.embedding,
    };
    clusters.push(c);
    join(c, face, null);
    index.add(c);
    return c;
  }

  /** The most alike live group the face may join (none holding a face of its photo), of those in the cells near it. */
  function best(face: RegroupFace): { cluster: Cluster; similarity: number } | undefined {
    let top: Cluster | undefined;
    let topSimilarity = -Infinity;
    for (const c of index.near(face.embedding)) {
      if (c.photos.has(face.photoId)) continue;
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
        cell: -1,
        slot: 0,
        cellAt: 0,
        indexed: new Float32Array(0),
      };
      if (unit) for (let i = 0; i < unit.length; i++) c.sum[i] = unit[i]! * c.count;
      clusters.push(c);
      hints.set(personId, c);
      if (unit) index.add(c);
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
     * are two people the owner decided about. Each group is compared with the groups in the cells near it, and
     * a pair found from both sides counts once.
     */
    async merge(yieldNow: () => Promise<void> = pause ?? (async () => {})) {
      const pairs: { a: Cluster; b: Cluster; s: number }[] = [];
      const withMean = [...index.all()];
      const order = new Map(withMean.map((c, i) => [c, i]));
      const seen = new Set<number>();
      for (let i = 0; i < withMean.length; i++) {
        const a = withMean[i]!;
        for (const b of index.near(a.unit)) {
          const j = order.get(b)!;
          if (j === i || (a.seedId !== undefined && b.seedId !== undefined)) continue;
          const key = Math.min(i, j) * withMean.length + Math.max(i, j);
          if (seen.has(key)) continue;
          seen.add(key);
          const s = dot(a.unit, b.unit);
          if (s >= SAME_PERSON) pairs.push(i < j ? { a, b, s } : { a: b, b: a, s });
        }
        await yieldNow();
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
        index.remove(from);
        index.moved(into);
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

    /** Between faces, with `pause`: the index's cells formed again when the groups have doubled. */
    tidy: () => index.tidy(),

    live,
  };
}

export type Clustering = ReturnType<typeof createClustering>;
