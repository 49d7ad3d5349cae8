// Where a newly found face goes (issue 29, decision 057): compared with each person's centroid (the mean of
// their faces' embeddings), never with every face, so placing one stays cheap at 150,000 faces. Two faces in
// one photo are never the same person, and an uncertain match is a suggestion for the owner, never a merge.

/** At or above: the same person, placed there. */
export const SAME_PERSON = 0.72;
/** From here up to SAME_PERSON: the owner is asked ("Is this Mum?"). Below: someone new. */
export const ASK_THE_OWNER = 0.6;

export interface Centroid {
  personId: number;
  centroid: Float32Array;
  /** Its length, kept beside it: comparing a face with thousands of people is then one dot product each. */
  norm: number;
  /** How many faces it is the mean of. */
  weight: number;
}

export type Placement =
  { kind: 'same'; personId: number; similarity: number } | { kind: 'ask'; personId: number; similarity: number } | { kind: 'new' };

function lengthOf(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * values[i]!;
  return Math.sqrt(sum);
}

/** Four sums side by side: the CPU overlaps them (a face is compared with thousands of people). */
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

export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const na = lengthOf(a);
  const nb = lengthOf(b);
  return na === 0 || nb === 0 ? 0 : dot(Float32Array.from(a), Float32Array.from(b)) / (na * nb);
}

/** A person as a new face is compared with them: the mean of `weight` faces. */
export function centroidOf(personId: number, mean: ArrayLike<number>, weight: number): Centroid {
  const centroid = Float32Array.from(mean);
  return { personId, centroid, norm: lengthOf(centroid), weight };
}

/** One more face in the person's mean. */
export function addFace(person: Centroid, embedding: ArrayLike<number>) {
  const { centroid, weight } = person;
  for (let i = 0; i < centroid.length; i++) centroid[i] = (centroid[i]! * weight + embedding[i]!) / (weight + 1);
  person.weight = weight + 1;
  person.norm = lengthOf(centroid);
}

/** Where `embedding` goes among `people`, leaving out those already in the photo (`taken`). */
export function placeFace(embedding: ArrayLike<number>, people: readonly Centroid[], taken: ReadonlySet<number>): Placement {
  const face = Float32Array.from(embedding);
  const faceNorm = lengthOf(face);
  let best: { personId: number; similarity: number } | undefined;
  if (faceNorm === 0) return { kind: 'new' };
  for (const person of people) {
    if (taken.has(person.personId) || person.norm === 0) continue;
    const similarity = dot(face, person.centroid) / (faceNorm * person.norm);
    if (!best || similarity > best.similarity) best = { personId: person.personId, similarity };
  }
  if (best && best.similarity >= SAME_PERSON) return { kind: 'same', ...best };
  if (best && best.similarity >= ASK_THE_OWNER) return { kind: 'ask', ...best };
  return { kind: 'new' };
}

/** The mean of two means, each weighed by how many faces it is the mean of (either may be none yet). */
export function combine(a: readonly number[] | null, weightA: number, b: readonly number[] | null, weightB: number): number[] | null {
  if (!a || weightA === 0) return b && [...b];
  if (!b || weightB === 0) return [...a];
  return a.map((value, i) => (value * weightA + b[i]! * weightB) / (weightA + weightB));
}

/** The centroid after adding one face to the `count` it was the mean of. */
export const withFace = (centroid: readonly number[] | null, count: number, embedding: readonly number[]): number[] =>
  combine(centroid, count, embedding, 1)!;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How much two boxes overlap: their intersection over their union, 0 to 1. */
export function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** Boxes that overlap this much are one face, named by the file and found by the model. */
export const SAME_FACE = 0.3;

/** For each region (by index), the found face that is the same face: the best overlap first, each used once. */
export function matchRegions<F extends { box: Box }>(regions: readonly { box: Box }[], found: readonly F[]): Map<number, F> {
  const pairs: { region: number; face: F; score: number }[] = [];
  for (const [region, r] of regions.entries())
    for (const face of found) {
      const score = overlap(r.box, face.box);
      if (score >= SAME_FACE) pairs.push({ region, face, score });
    }
  pairs.sort((a, b) => b.score - a.score);
  const matched = new Map<number, F>();
  const used = new Set<F>();
  for (const { region, face } of pairs) {
    if (matched.has(region) || used.has(face)) continue;
    matched.set(region, face);
    used.add(face);
  }
  return matched;
}
