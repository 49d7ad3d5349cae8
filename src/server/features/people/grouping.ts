// Where a newly found face goes (issue 29, decision 057): compared with each person's centroid (the mean of
// their faces' embeddings), never with every face, so placing one stays cheap at 150,000 faces. Two faces in
// one photo are never the same person, and an uncertain match is a suggestion for the owner, never a merge.

/** At or above: the same person, placed there. */
export const SAME_PERSON = 0.72;
/** From here up to SAME_PERSON: the owner is asked ("Is this Mum?"). Below: someone new. */
export const ASK_THE_OWNER = 0.6;

export interface Centroid {
  personId: number;
  centroid: number[];
}

export type Placement =
  { kind: 'same'; personId: number; similarity: number } | { kind: 'ask'; personId: number; similarity: number } | { kind: 'new' };

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Where `embedding` goes among `people`, leaving out those already in the photo (`taken`). */
export function placeFace(embedding: readonly number[], people: readonly Centroid[], taken: ReadonlySet<number>): Placement {
  let best: { personId: number; similarity: number } | undefined;
  for (const person of people) {
    if (taken.has(person.personId)) continue;
    const similarity = cosineSimilarity(embedding, person.centroid);
    if (!best || similarity > best.similarity) best = { personId: person.personId, similarity };
  }
  if (best && best.similarity >= SAME_PERSON) return { kind: 'same', ...best };
  if (best && best.similarity >= ASK_THE_OWNER) return { kind: 'ask', ...best };
  return { kind: 'new' };
}

/** The centroid after adding one face to the `count` it was the mean of. */
export function withFace(centroid: readonly number[] | null, count: number, embedding: readonly number[]): number[] {
  if (!centroid || count === 0) return [...embedding];
  return embedding.map((value, i) => (centroid[i]! * count + value) / (count + 1));
}
