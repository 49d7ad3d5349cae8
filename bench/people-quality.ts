// The quality part of npm run bench:people (issue 29): a labelled set made here from the model's own package.
// Every face the model finds in its sample pictures is one person; each is cut out with room around it and
// made into several photos (as is, mirrored and brighter, smaller, darker, cropped closer), as
// src/server/ai/faces/face-finder.test.ts makes "another photo of the same person". Their faces are grouped one
// photo at a time as faces.find does (grouping.ts), and again by the full regroup's arithmetic
// (regroup-clusters.ts). Counted: pairs of faces put together that are two people, faces of someone already
// seen that were neither placed with them nor suggested, and how the suggestions went.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createFaceFinder } from '../src/server/ai/faces/face-finder';
import { addFace, centroidOf, placeFace, type Centroid } from '../src/server/features/people/grouping';
import { createClustering, unitVector } from '../src/server/features/people/regroup-clusters';
import type { Row } from './lib';
import { pairErrors } from './people-grouping';

const assets = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'assets');
/**
 * The pictures, each face in them a different person: the party photo at the foot of samples.jpg, taken twice as
 * large and cut in four (its faces are small), and the portrait of screenshot-faceid.jpg. The thumbnails along
 * the top of samples.jpg repeat people, so they are left out.
 */
const PARTY = { left: 0, top: 200, width: 1280, height: 958 };
const PICTURES = [
  ...[0, 1, 2, 3].map((tile) => ({
    name: `party-${tile}.jpg`,
    source: 'samples.jpg',
    make: (s: Sharp) =>
      s.extract({ left: PARTY.left + (tile % 2) * 640, top: PARTY.top + Math.floor(tile / 2) * 479, width: 640, height: 479 }).resize(1280),
  })),
  { name: 'portrait.jpg', source: 'screenshot-faceid.jpg', make: (s: Sharp) => s.resize(1024, 1024, { fit: 'inside' }) },
];

interface LabelledFace {
  truth: number;
  photo: number;
  embedding: number[];
}

async function labelledSet(log: (...a: unknown[]) => void) {
  const finder = createFaceFinder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-quality-'));
  const faces: LabelledFace[] = [];
  let photo = 0;
  let modelMs = 0;
  let calls = 0;
  try {
    let person = 0;
    for (const picture of PICTURES) {
      const original = path.join(dir, `original-${picture.name}`);
      await picture
        .make(sharp(path.join(assets, picture.source)))
        .jpeg()
        .toFile(original);
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
          if (main) faces.push({ truth: person, photo: photo++, embedding: main.embedding });
        }
        person++;
      }
    }
    log(`quality: ${person} people, ${faces.length} faces found in ${calls} photos (${(modelMs / calls).toFixed(0)} ms a photo)`);
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
  const seen = new Set<number>();
  const out: { truth: number; group: number | null }[] = [];
  let asked = 0;
  let askedRight = 0;
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
      out.push({ truth: face.truth, group: place.personId });
    } else if (place.kind === 'ask') {
      asked++;
      if (truthOfPerson.get(place.personId) === face.truth) askedRight++;
      out.push({ truth: face.truth, group: null });
    } else {
      const personId = centroids.length + 1;
      centroids.push(centroidOf(personId, face.embedding, 1));
      truthOfPerson.set(personId, face.truth);
      if (known) unsuggested++;
      out.push({ truth: face.truth, group: personId });
    }
    seen.add(face.truth);
  }
  return { ...pairErrors(out), asked, askedRight, unsuggested, again };
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
    if (!answer.cluster) return { truth: f.truth, group: null };
    const c = clustering.live(answer.cluster);
    if (!groupOf.has(c)) groupOf.set(c, groupOf.size);
    return { truth: f.truth, group: groupOf.get(c)! };
  });
  return pairErrors(out);
}

export async function measureQuality(log: (...a: unknown[]) => void): Promise<Row[]> {
  const set = await labelledSet(log);
  const one = incremental(set.faces);
  const all = await regrouped(set.faces);
  log(
    `quality: one by one wrong ${(one.wrong * 100).toFixed(2)} %, apart ${(one.apart * 100).toFixed(1)} %, asked ${one.asked} (${one.askedRight} right),` +
      ` unsuggested ${one.unsuggested} of ${one.again}; regroup wrong ${(all.wrong * 100).toFixed(2)} %, apart ${(all.apart * 100).toFixed(1)} %`,
  );
  const set_ = `${set.people} people × ${set.faces.length} faces`;
  return [
    {
      figure: `people quality (${set_}): pairs wrongly together, one by one`,
      value: one.wrong * 100,
      unit: '%',
      goal: '≤ 1 %',
      pass: one.wrong <= 0.01,
      note: `pairs of one person left apart ${(one.apart * 100).toFixed(1)} %`,
    },
    {
      figure: `people quality (${set_}): faces of someone seen before left unsuggested`,
      value: one.unsuggested,
      unit: 'faces',
      goal: 'report',
      pass: null,
      note: `of ${one.again}; ${one.asked} asked about, ${one.askedRight} of them rightly`,
    },
    {
      figure: `people quality (${set_}): pairs wrongly together after a full regroup`,
      value: all.wrong * 100,
      unit: '%',
      goal: '≤ 1 %',
      pass: all.wrong <= 0.01,
      note: `pairs of one person left apart ${(all.apart * 100).toFixed(1)} %`,
    },
  ];
}
