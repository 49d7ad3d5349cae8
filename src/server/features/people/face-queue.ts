// Finding the faces in an account's photos (issue 29), in the background on the one job queue: one job per
// account at a time, each looking at a batch of photos and queueing the next batch, so a library of 100,000
// photos is a chain of short jobs. A photo is 'pending' until its faces are saved, in one transaction with
// the faces, so a job that died (kill -9) is taken up again where it stopped: no photo is done twice, none is
// skipped. A picture that cannot be read is 'skipped'; finding faces never blocks or fails an upload.
import type { FastifyBaseLogger } from 'fastify';
import type { FaceFinder } from '../../ai/faces/face-finder';
import type { PictureFindings } from '../../ai/faces/face-model';
import type { FileStore } from '../../lib/file-store';
import type { JobQueue } from '../../lib/jobs';
import { derivativeKey } from '../photos/photos.service';
import { readNamedRegions, type NamedRegion } from '../../lib/face-regions';
import { addFace, centroidOf, matchRegions, placeFace, type Centroid } from './grouping';
import { createCentroidCache } from './centroid-cache';
import type { PeopleRepo, PhotoToScan } from './people.repo';

const FACES_JOB = 'faces.find';
/** Photos a job looks at: a few seconds of work at most, so a restart loses little. */
const BATCH = 10;
/** A chain of jobs that looked at this many photos (a backfill) ends with a full regroup (regroup.ts). */
const REGROUP_AFTER = 1_000;

class StoppingError extends Error {}

interface Options {
  jobs: JobQueue;
  repo: PeopleRepo;
  files: FileStore;
  finder: FaceFinder;
  log: FastifyBaseLogger;
  /** FACE_RECOGNITION=off: this server never runs the model (each account's setting stays as it is). */
  serverEnabled: boolean;
  /** A backfill is done: the account's faces are grouped again as a whole. */
  onBackfilled?: (userId: number) => Promise<void>;
}

export function createFaceQueue({ jobs, repo, files, finder, log, serverEnabled, onBackfilled }: Options) {
  let stopped = false;
  const cache = createCentroidCache(repo);

  async function findIn(photo: PhotoToScan): Promise<PictureFindings | undefined> {
    try {
      // the mobile copy: a JPEG of at most 1,280 px for every photo (HEIC converted) and a video's poster frame;
      // an animated picture has only its first frame's thumbnail
      const copy = (await files.exists(derivativeKey(photo.key, 'mobile'))) ? 'mobile' : 'thumb';
      return await files.withLocalFile(derivativeKey(photo.key, copy), (path) => finder.find(path));
    } catch (err) {
      if (stopped) throw new StoppingError();
      log.warn({ err, photoId: photo.id }, 'Could not look for faces in a photo; it is skipped');
      return undefined;
    }
  }

  /** The named faces the photo's own metadata holds (not a video's). */
  async function regionsIn(photo: PhotoToScan): Promise<NamedRegion[]> {
    if (photo.isVideo) return [];
    try {
      return await files.withLocalFile(photo.key, (path) => readNamedRegions(path));
    } catch (err) {
      if (stopped) throw new StoppingError();
      log.warn({ err, photoId: photo.id }, 'Could not read the named faces in a photo');
      return [];
    }
  }

  async function save(userId: number, photoId: number, findings: PictureFindings, regions: NamedRegion[], centroids: Centroid[]) {
    await repo.transaction(async (tx) => {
      await repo.clearFound(tx, userId, photoId);
      const inPhoto = new Set<number>();
      /** People whose centroid this photo changed or made. */
      const touched: number[] = [];
      const grow = async (person: Centroid, embedding: readonly number[]) => {
        addFace(person, embedding);
        await repo.addToPerson(tx, person.personId, person.centroid, person.weight);
        touched.push(person.personId);
      };
      // A face the file names is that person's, with the model's embedding when the model found it too (the same
      // box): one face, not two.
      const matched = matchRegions(regions, findings.faces);
      for (const [i, region] of regions.entries()) {
        const person = await repo.personNamed(tx, userId, region.name);
        const found = matched.get(i);
        inPhoto.add(person.id);
        await repo.insertFace(tx, userId, photoId, { ...found, box: region.box }, { personId: person.id }, 'imported');
        if (!found) continue;
        let known = centroids.find((c) => c.personId === person.id);
        if (!known) {
          known = centroidOf(person.id, person.centroid ?? new Float32Array(found.embedding.length), person.centroidFaces);
          centroids.push(known);
        }
        await grow(known, found.embedding);
      }
      const taken = new Set(matched.values());
      for (const face of findings.faces) {
        if (taken.has(face)) continue;
        const place = placeFace(face.embedding, centroids, inPhoto);
        if (place.kind === 'same') {
          await grow(
            centroids.find((c) => c.personId === place.personId)!,
            face.embedding,
          );
          inPhoto.add(place.personId);
          await repo.insertFace(tx, userId, photoId, face, { personId: place.personId, similarity: place.similarity });
        } else if (place.kind === 'ask') {
          await repo.insertFace(tx, userId, photoId, face, {
            personId: null,
            suggestedPersonId: place.personId,
            similarity: place.similarity,
          });
        } else {
          const personId = await repo.newPerson(tx, userId, face.embedding);
          centroids.push(centroidOf(personId, face.embedding, 1));
          touched.push(personId);
          inPhoto.add(personId);
          await repo.insertFace(tx, userId, photoId, face, { personId });
        }
      }
      // 'person' says nothing a face box does not; the rest are the automatic labels
      const labels = findings.labels.map((l) => l.label).filter((label) => label !== 'person');
      await repo.finishPhoto(tx, userId, photoId, labels);
      await cache.wrote(tx, userId, centroids, touched);
    });
  }

  /** `scanned`: photos the chain of jobs before this one looked at. */
  async function scanBatch(userId: number, scanned: number) {
    if (!serverEnabled || !(await repo.isEnabled(userId))) return;
    const batch = await repo.nextToScan(userId, BATCH);
    if (batch.length === 0) return;
    // the account's people, read again only where someone changed them since the last batch
    const centroids = await repo.transaction((tx) => cache.read(tx, userId));
    try {
      for (const photo of batch) {
        if (stopped) throw new StoppingError();
        const findings = await findIn(photo);
        if (findings) await save(userId, photo.id, findings, await regionsIn(photo), centroids);
        else await repo.markPhoto(userId, photo.id, 'skipped');
      }
    } catch (err) {
      cache.forget(userId);
      throw err;
    }
    if (batch.length === BATCH) await queue(userId, scanned + batch.length);
    else if (scanned + batch.length >= REGROUP_AFTER) await onBackfilled?.(userId);
  }

  jobs.define<{ userId: number; scanned?: number }>({
    name: FACES_JOB,
    handler: ({ userId, scanned }) => scanBatch(userId, scanned ?? 0),
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
    oneQueuedPerKey: true,
  });

  async function queue(userId: number, scanned = 0) {
    if (!serverEnabled) return;
    await jobs.send(FACES_JOB, { userId, scanned }, { singletonKey: `faces-${userId}` });
  }

  return {
    queue,
    /** A photo's copies are ready (or it changed): look at it, with the rest of its owner's photos. */
    async photoChanged(photoId: number) {
      if (!serverEnabled) return; // called on every derivative change: no query where nothing would run
      const userId = await repo.ownerOf(photoId);
      if (userId !== undefined) await queue(userId);
    },
    /** At start: every account with photos still to look at. */
    async resume() {
      for (const userId of await repo.ownersWithPhotosToScan()) await queue(userId);
    },
    async close() {
      stopped = true;
      await finder.close();
    },
  };
}

export type FaceQueue = ReturnType<typeof createFaceQueue>;
