// The face model on this machine, for real (decision 057): small pictures from the model's own package, a copy
// of one made here (mirrored, brighter, smaller) as "another photo of the same person", and a broken file.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceFinder, type FaceFinder } from './face-finder';
import type { FoundFace } from './face-model';

const assets = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'assets');
const ONE_FACE = path.join(assets, 'screenshot-faceid.jpg');
const MANY_PEOPLE = path.join(assets, 'samples.jpg');

function cosine(a: number[], b: number[]) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / Math.sqrt(na * nb);
}

const inPicture = (face: FoundFace) =>
  face.box.x >= 0 &&
  face.box.y >= 0 &&
  face.box.width > 0 &&
  face.box.height > 0 &&
  face.box.x + face.box.width <= 1 &&
  face.box.y + face.box.height <= 1;

describe('finding faces', () => {
  let finder: FaceFinder;
  let dir: string;

  beforeAll(() => {
    finder = createFaceFinder();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-faces-'));
  });
  afterAll(async () => {
    await finder.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds the face in a portrait, with a box inside the picture and an embedding that knows the same face in another copy', async () => {
    const portrait = await finder.find(ONE_FACE);
    expect(portrait.faces).toHaveLength(1);
    const face = portrait.faces[0]!;
    expect(inPicture(face)).toBe(true);
    expect(face.embedding).toHaveLength(1024);

    const copy = path.join(dir, 'mirrored.jpg');
    await sharp(ONE_FACE).flop().modulate({ brightness: 1.2 }).resize(600).toFile(copy);
    const again = await finder.find(copy);
    expect(again.faces).toHaveLength(1);
    expect(cosine(face.embedding, again.faces[0]!.embedding)).toBeGreaterThan(0.85);

    const others = await finder.find(MANY_PEOPLE);
    expect(others.faces.length).toBeGreaterThan(0);
    expect(others.faces.every(inPicture)).toBe(true);
    for (const other of others.faces) expect(cosine(face.embedding, other.embedding)).toBeLessThan(0.7);
    expect(others.labels.map((l) => l.label)).toContain('person');
  }, 120_000);

  it('finds no face where there is none, and says why a picture cannot be read without stopping', async () => {
    const plain = path.join(dir, 'plain.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 120, g: 160, b: 200 } } })
      .png()
      .toFile(plain);
    expect((await finder.find(plain)).faces).toEqual([]);

    const broken = path.join(dir, 'broken.jpg');
    fs.writeFileSync(broken, Buffer.concat([fs.readFileSync(ONE_FACE).subarray(0, 2000), Buffer.alloc(100)]));
    await expect(finder.find(broken)).rejects.toThrow(/Finding faces failed/);
    expect((await finder.find(ONE_FACE)).faces).toHaveLength(1); // the worker goes on
  }, 120_000);
});
