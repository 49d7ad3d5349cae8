// The quality part of npm run bench:people (issue 29): a labelled set made from real photos that ship in npm
// packages: the model's own package (@vladmandic/human: its sample pictures) and @vladmandic/face-api (a
// devDependency for this alone: six group photos its author took, MIT). Every face the model finds is cut out
// with room around it and made into several photos (as is, mirrored and brighter, smaller, darker, cropped
// closer), as src/server/ai/faces/face-finder.test.ts makes "another photo of the same person". Their faces are
// grouped one photo at a time as faces.find does (grouping.ts), and again by the full regroup's arithmetic
// (regroup-clusters.ts).
//
// What is known, and so counted: the photos made from one face are one person; two faces of one picture are two
// people (no one is twice in a photo); the faces of the model package's pictures are all different people. Two
// faces from two different face-api photos may be one person (the same friends are in several of them), so those
// pairs, and those of a face-api face with one of the model package's, are not counted either way; how many of
// them were put together is logged.
// Counted: pairs of faces put together that are two people, pairs of one person left apart, faces of someone
// already seen that were neither placed with them nor suggested, and how the suggestions went.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createFaceFinder } from '../src/server/ai/faces/face-finder';
import { addFace, centroidOf, placeFace, type Centroid } from '../src/server/features/people/grouping';
import { createClustering, unitVector } from '../src/server/features/people/regroup-clusters';
import type { Row } from './lib';

const resolve = createRequire(import.meta.url).resolve;
const humanAssets = path.join(path.dirname(resolve('@vladmandic/human')), '..', 'assets');
const faceApiDemo = path.join(path.dirname(resolve('@vladmandic/face-api/package.json')), 'demo');

interface Picture {
  name: string;
  file: string;
  make: (s: Sharp) => Sharp;
  /** Faces of pictures of one set are known to be different people (and across sets, unknown). */
  set: string;
}

/**
 * The model package's pictures, each face in them a different person: the party photo at the foot of
 * samples.jpg, taken twice as large and cut in four (its faces are small), and the portrait of
 * screenshot-faceid.jpg. The thumbnails along the top of samples.jpg repeat people, so they are left out.
 */
const PARTY = { left: 0, top: 200, width: 1280, height: 958 };
const HUMAN: Picture[] = [
  ...[0, 1, 2, 3].map((tile) => ({
    name: `party-${tile}.jpg`,
    file: path.join(humanAssets, 'samples.jpg'),
    set: 'human',
    make: (s: Sharp) =>
      s.extract({ left: PARTY.left + (tile % 2) * 640, top: PARTY.top + Math.floor(tile / 2) * 479, width: 640, height: 479 }).resize(1280),
  })),
  {
    name: 'portrait.jpg',
    file: path.join(humanAssets, 'screenshot-faceid.jpg'),
    set: 'human',
    make: (s: Sharp) => s.resize(1024, 1024, { fit: 'inside' }),
  },
];
/** face-api's group photos (1,920 px wide), at the 1,280 px of the copy the server looks at. */
const FACE_API: Picture[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  name: `sample${n}.jpg`,
  file: path.join(faceApiDemo, `sample${n}.jpg`),
  set: `face-api sample${n}`,
  make: (s: Sharp) => s.resize(1280),
}));
const PICTURES = [...HUMAN, ...FACE_API];

interface LabelledFace {
  /** Which face of which picture: the photos made from one face share it. */
  truth: number;
  set: string;
  photo: number;
  embedding: number[];
}

/**
 * Faces grouped (`group` null: not placed with anyone) against what is known of them: of the known pairs put
 * together, the share that are two people; of the pairs known to be one person, the share left apart; and how
 * many pairs of unknown truth (faces from two sources: two face-api photos, or one and the model package) were put together.
 */
export function knownPairErrors(faces: { truth: number; set: string; group: number | null }[]) {
  let together = 0;
  let wrong = 0;
  let same = 0;
  let sameTogether = 0;
  let unknownTogether = 0;
  const unknownPairs = new Map<string, number>();
  for (let i = 0; i < faces.length; i++)
    for (let j = i + 1; j < faces.length; j++) {
      const a = faces[i]!;
      const b = faces[j]!;
      const isTogether = a.group !== null && a.group === b.group;
      if (a.truth === b.truth) {
        same++;
        if (isTogether) {
          sameTogether++;
          together++;
        }
      } else if (a.set === b.set) {
        if (isTogether) {
          together++;
          wrong++;
        }
      } else if (isTogether) {
        unknownTogether++;
        const key = `${a.truth}~${b.truth}`;
        unknownPairs.set(key, (unknownPairs.get(key) ?? 0) + 1);
      }
    }
  return {
    wrong: together === 0 ? 0 : wrong / together,
    wrongPairs: wrong,
    apart: same === 0 ? 0 : (same - sameTogether) / same,
    unknownTogether,
    /** Faces (truth ids) of two sets put together, with how many pairs of their photos. */
    unknownPairs: [...unknownPairs].map(([k, n]) => `${k} (${n})`),
  };
}

async function labelledSet(log: (...a: unknown[]) => void) {
  const finder = createFaceFinder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-quality-'));
  const faces: LabelledFace[] = [];
  const names: string[] = [];
  let photo = 0;
  let modelMs = 0;
  let calls = 0;
  try {
    let person = 0;
    for (const picture of PICTURES) {
      const original = path.join(dir, `original-${picture.name}`);
      await picture.make(sharp(picture.file)).jpeg().toFile(original);
      const { width, height } = await sharp(original).metadata();
      const found = await finder.find(original);
      for (const face of found.faces) {
        // a face cut by the edge of a tile may be the same person as one in the next tile: left out
        const edge = 0.01;
        if (face.box.x < edge || face.box.y < edge || face.box.x + face.box.width > 1 - edge || face.box.y + face.box.height > 1 - edge)
          continue;
        // the face with as much again around it
        const cx = (face.box.x + face.box.width / 2) * width!;
        const cy = (face.box.y + face.box.height / 2) * height!;
        const side = Math.max(face.box.width * width!, face.box.height * height!) * 2;
        const left = Math.max(0, Math.round(cx - side / 2));
        const top = Math.max(0, Math.round(cy - side / 2));
        const region = { left, top, width: Math.min(width! - left, Math.round(side)), height: Math.min(height! - top, Math.round(side)) };
        const closer = {
          left: Math.round(region.width * 0.12),
          top: Math.round(region.height * 0.12),
          width: Math.round(region.width * 0.76),
          height: Math.round(region.height * 0.76),
        };
        const variants = [
          (s: Sharp) => s,
          (s: Sharp) => s.flop().modulate({ brightness: 1.2 }),
          (s: Sharp) => s.resize(Math.max(96, Math.round(region.width * 0.6))),
          (s: Sharp) => s.modulate({ brightness: 0.75 }),
          (s: Sharp) => s.extract(closer),
        ];
        for (const [v, make] of variants.entries()) {
          const file = path.join(dir, `p${person}-v${v}.jpg`);
          await make(sharp(original).extract(region)).jpeg().toFile(file);
          const t = performance.now();
          const seen = await finder.find(file);
          modelMs += performance.now() - t;
          calls++;
          // the largest face is the one cut out
          const main = [...seen.faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
          if (main) faces.push({ truth: person, set: picture.set, photo: photo++, embedding: main.embedding });
        }
        names.push(`${picture.name}#${person}`);
        person++;
      }
    }
    log(
      `quality: ${person} faces of ${PICTURES.length} pictures, ${faces.length} found again in ${calls} photos made of them (${(modelMs / calls).toFixed(0)} ms a photo): ${names.join(' ')}`,
    );
    return { faces, people: person, photos: calls };
  } finally {
    await finder.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Each face in turn, as faces.find places a new one. */
function incremental(faces: LabelledFace[]) {
  // photos shuffled the same way each run, so a person's photos do not come one after another
  const order = [...faces].sort((a, b) => ((a.photo * 7919) % 101) - ((b.photo * 7919) % 101) || a.photo - b.photo);
  const centroids: Centroid[] = [];
  const truthOfPerson = new Map<number, number>();
  const setOfTruth = new Map(faces.map((f) => [f.truth, f.set]));
  const seen = new Set<number>();
  const out: { truth: number; set: string; group: number | null }[] = [];
  let asked = 0;
  let askedRight = 0;
  /** Asked about someone known to be another person (a face of the same picture, or of the model package's). */
  let askedWrong = 0;
  /** Each question: the face (truth id) → the face that made the person asked about, and how alike. */
  const questions: string[] = [];
  let unsuggested = 0;
  let again = 0;
  for (const face of order) {
    const place = placeFace(face.embedding, centroids, new Set());
    const known = seen.has(face.truth);
    if (known) again++;
    if (place.kind === 'same') {
      addFace(
        centroids.find((k) => k.personId === place.personId)!,
        face.embedding,
      );
      out.push({ truth: face.truth, set: face.set, group: place.personId });
    } else if (place.kind === 'ask') {
      asked++;
      const about = truthOfPerson.get(place.personId)!;
      questions.push(`${face.truth}→${about} (${place.similarity.toFixed(2)})`);
      if (about === face.truth) askedRight++;
      else if (setOfTruth.get(about) === face.set) askedWrong++;
      out.push({ truth: face.truth, set: face.set, group: null });
    } else {
      const personId = centroids.length + 1;
      centroids.push(centroidOf(personId, face.embedding, 1));
      truthOfPerson.set(personId, face.truth);
      if (known) unsuggested++;
      out.push({ truth: face.truth, set: face.set, group: personId });
    }
    seen.add(face.truth);
  }
  return { ...knownPairErrors(out), asked, askedRight, askedWrong, questions, unsuggested, again };
}

/** The full regroup's arithmetic on the same faces. */
async function regrouped(faces: LabelledFace[]) {
  const clustering = createClustering();
  const asFace = (f: LabelledFace) => ({ id: f.photo, photoId: f.photo, hint: null, embedding: unitVector(f.embedding) });
  for (const f of faces) clustering.place(asFace(f));
  await clustering.merge(async () => {});
  for (const id of clustering.unsure) clustering.settle(asFace(faces.find((f) => f.photo === id)!));
  const groupOf = new Map<object, number>();
  const out = faces.map((f) => {
    const answer = clustering.answers.get(f.photo)!;
    if (!answer.cluster) return { truth: f.truth, set: f.set, group: null };
    const c = clustering.live(answer.cluster);
    if (!groupOf.has(c)) groupOf.set(c, groupOf.size);
    return { truth: f.truth, set: f.set, group: groupOf.get(c)! };
  });
  return knownPairErrors(out);
}

export async function measureQuality(log: (...a: unknown[]) => void): Promise<Row[]> {
  const set = await labelledSet(log);
  const one = incremental(set.faces);
  const all = await regrouped(set.faces);
  const pct = (x: number, digits: number) => `${(x * 100).toFixed(digits)} %`;
  for (const [how, r] of [
    ['one by one', one],
    ['regroup', all],
  ] as const)
    log(
      `quality, ${how}: wrong ${pct(r.wrong, 2)} (${r.wrongPairs} pairs), apart ${pct(r.apart, 1)};` +
        ` pairs of faces from two sources put together ${r.unknownTogether}: ${r.unknownPairs.join(', ') || 'none'}`,
    );
  log(
    `quality: asked ${one.asked}: ${one.askedRight} about the same face, ${one.askedWrong} about someone else,` +
      ` ${one.asked - one.askedRight - one.askedWrong} about a face from another source (may be the same person): ${one.questions.join(', ')}; unsuggested ${one.unsuggested} of ${one.again}`,
  );
  const label = `${set.people} faces × ${set.photos / set.people} photos`;
  const unknown = (n: number) => `; ${n} pairs of faces from two sources (maybe one person) put together, not counted`;
  return [
    {
      figure: `people quality (${label}): pairs wrongly together, one by one`,
      value: one.wrong * 100,
      unit: '%',
      goal: '≤ 1 %',
      pass: one.wrong <= 0.01,
      note: `${one.wrongPairs} pairs; pairs of one person left apart ${pct(one.apart, 1)}${unknown(one.unknownTogether)}`,
    },
    {
      figure: `people quality (${label}): faces of someone seen before left unsuggested`,
      value: one.unsuggested,
      unit: 'faces',
      goal: 'report',
      pass: null,
      note: `of ${one.again}; ${one.asked} asked about: ${one.askedRight} about the same face, ${one.askedWrong} about someone else, the rest about a face from another source (unknown)`,
    },
    {
      figure: `people quality (${label}): pairs wrongly together after a full regroup`,
      value: all.wrong * 100,
      unit: '%',
      goal: '≤ 1 %',
      pass: all.wrong <= 0.01,
      note: `${all.wrongPairs} pairs; pairs of one person left apart ${pct(all.apart, 1)}${unknown(all.unknownTogether)}`,
    },
  ];
}
