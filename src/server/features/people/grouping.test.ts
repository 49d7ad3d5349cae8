import { describe, expect, it } from 'vitest';
import {
  addFace,
  ASK_THE_OWNER,
  centroidOf,
  combine,
  cosineSimilarity,
  matchRegions,
  overlap,
  placeFace,
  SAME_PERSON,
  withFace,
} from './grouping';

/** A unit vector at `angle` radians in the first two dimensions: cosine similarity is the cosine of the angle between two. */
const at = (angle: number) => [Math.cos(angle), Math.sin(angle), 0];
const angleFor = (similarity: number) => Math.acos(similarity);

describe('placing a face among people', () => {
  const people = [centroidOf(1, at(0), 1), centroidOf(2, at(Math.PI / 2), 1)];

  it('puts a face with the person it is most like, when alike enough', () => {
    expect(placeFace(at(angleFor(SAME_PERSON + 0.05)), people, new Set())).toMatchObject({ kind: 'same', personId: 1 });
  });

  it('asks the owner about an uncertain match, and makes someone new of a stranger', () => {
    // as alike as `s` to person 1, not at all to person 2
    const likeOnlyPerson1 = (s: number) => [s, 0, Math.sqrt(1 - s ** 2)];
    expect(placeFace(likeOnlyPerson1((SAME_PERSON + ASK_THE_OWNER) / 2), people, new Set())).toMatchObject({ kind: 'ask', personId: 1 });
    expect(placeFace(likeOnlyPerson1(ASK_THE_OWNER - 0.05), people, new Set())).toEqual({ kind: 'new' });
    expect(placeFace(at(0), [], new Set())).toEqual({ kind: 'new' });
  });

  it('never puts two faces of one photo with the same person', () => {
    expect(placeFace(at(0.01), people, new Set([1]))).toEqual({ kind: 'new' });
  });

  it('moves a centroid to the mean of its faces', () => {
    expect(withFace(null, 0, [1, 0])).toEqual([1, 0]);
    expect(withFace([1, 0], 1, [0, 1])).toEqual([0.5, 0.5]);
    expect(withFace([0.5, 0.5], 2, [1, 1])).toEqual([2 / 3, 2 / 3]);
    expect(cosineSimilarity([1, 0], [0, 0])).toBe(0);
    const person = centroidOf(7, [1, 0], 1);
    addFace(person, [0, 1]);
    expect([...person.centroid]).toEqual([0.5, 0.5]);
    expect(person.weight).toBe(2);
    expect(person.norm).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it("merges two people's centroids by how many faces each is the mean of", () => {
    expect(combine([1, 0], 1, [0, 1], 3)).toEqual([0.25, 0.75]);
    expect(combine(null, 0, [1, 2], 2)).toEqual([1, 2]);
    expect(combine([1, 2], 2, null, 0)).toEqual([1, 2]);
    expect(combine(null, 0, null, 0)).toBeNull();
  });
});

describe('a face the file names and the model finds', () => {
  const box = (x: number, y: number, size = 0.2) => ({ x, y, width: size, height: size });

  it('is one face when the boxes overlap enough, each found face used once', () => {
    expect(overlap(box(0, 0), box(0, 0))).toBe(1);
    expect(overlap(box(0, 0), box(0.5, 0.5))).toBe(0);
    const found = [
      { box: box(0.41, 0.41), id: 'a' },
      { box: box(0.02, 0.02), id: 'b' },
    ];
    const matched = matchRegions([{ box: box(0.4, 0.4) }, { box: box(0.42, 0.42) }, { box: box(0.8, 0.1) }], found);
    expect(matched.get(0)?.id).toBe('a');
    expect(matched.has(1)).toBe(false); // 'a' is taken by the closer region
    expect(matched.has(2)).toBe(false);
  });
});
