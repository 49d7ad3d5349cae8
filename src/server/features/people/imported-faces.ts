// The faces an heirloom archive brought back (decision 059) are given the model's embeddings: an archive carries
// boxes and names but no embeddings (they belong to the model), so without this a restored Rose has no centroid
// and every new photo of her becomes a new unnamed person. The import marks those photos looked at ('done'), so
// the face queue leaves their boxes alone; this job looks at each such photo once its copies exist, matches the
// archive's boxes with the faces the model finds there as XMP regions are matched (grouping.ts, matchRegions),
// and gives each matched face its embedding and its person's centroid that face. It adds and removes no face.
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FaceFinder } from '../../ai/faces/face-finder';
import type { Db } from '../../db/client';
import { faces, people, photos, users } from '../../db/schema';
import type { FileStore } from '../../lib/file-store';
import type { JobQueue } from '../../lib/jobs';
import { derivativeKey } from '../photos/photos.service';
import { addFace, centroidOf, matchRegions } from './grouping';

const JOB = 'faces.imported';
const BATCH = 10;

interface Options {
  db: Db;
  jobs: JobQueue;
  files: FileStore;
  finder: FaceFinder;
  log: FastifyBaseLogger;
  serverEnabled: boolean;
}

export function createImportedFaces({ db, jobs, files, finder, log, serverEnabled }: Options) {
  /**
   * An imported photo whose copies exist, with a face of someone that has no embedding and none that has one: a
   * photo this job has looked at (or the model has) has one unless the model found none of its faces.
   */
  const waiting = and(
    isNotNull(photos.importId),
    eq(photos.faceStatus, 'done'),
    eq(photos.derivativeStatus, 'ready'),
    sql`EXISTS (SELECT 1 FROM faces f WHERE f.user_id = ${photos.userId} AND f.photo_id = ${photos.id} AND f.person_id IS NOT NULL AND f.embedding IS NULL)`,
    sql`NOT EXISTS (SELECT 1 FROM faces f WHERE f.user_id = ${photos.userId} AND f.photo_id = ${photos.id} AND f.embedding IS NOT NULL)`,
  );

  async function lookAt(userId: number, photo: { id: number; key: string }) {
    let found;
    try {
      const copy = (await files.exists(derivativeKey(photo.key, 'mobile'))) ? 'mobile' : 'thumb';
      found = await files.withLocalFile(derivativeKey(photo.key, copy), (path) => finder.find(path));
    } catch (err) {
      log.warn({ err, photoId: photo.id }, 'Could not look for the faces of an imported photo');
      return;
    }
    await db.transaction(async (tx) => {
      const archived = await tx
        .select({ id: faces.id, personId: faces.personId, x: faces.boxX, y: faces.boxY, width: faces.boxWidth, height: faces.boxHeight })
        .from(faces)
        .where(and(eq(faces.userId, userId), eq(faces.photoId, photo.id), isNotNull(faces.personId), isNull(faces.embedding)))
        .orderBy(asc(faces.id));
      const boxes = archived.map((f) => ({ box: { x: f.x, y: f.y, width: f.width, height: f.height } }));
      for (const [i, face] of matchRegions(boxes, found.faces)) {
        const { id, personId } = archived[i]!;
        // only a face still without one: a second look (a retry) counts nothing twice
        const [set] = await tx
          .update(faces)
          .set({ embedding: face.embedding, score: face.score })
          .where(and(eq(faces.id, id), eq(faces.userId, userId), isNull(faces.embedding)))
          .returning({ id: faces.id });
        if (!set || personId === null) continue;
        const [person] = await tx
          .select({ centroid: people.centroid, weight: people.centroidFaces })
          .from(people)
          .where(and(eq(people.id, personId), eq(people.userId, userId)))
          .for('update');
        if (!person) continue;
        const centroid = centroidOf(
          personId,
          person.centroid ?? new Float32Array(face.embedding.length),
          person.centroid ? person.weight : 0,
        );
        addFace(centroid, face.embedding);
        await tx
          .update(people)
          .set({ centroid: Array.from(centroid.centroid), centroidFaces: centroid.weight, updatedAt: new Date() })
          .where(and(eq(people.id, personId), eq(people.userId, userId)));
      }
    });
  }

  async function run(userId: number, afterId: number) {
    if (!serverEnabled) return;
    const [user] = await db.select({ enabled: users.facesEnabled }).from(users).where(eq(users.id, userId));
    if (!user?.enabled) return;
    const batch = await db
      .select({ id: photos.id, key: photos.filePath })
      .from(photos)
      .where(and(eq(photos.userId, userId), waiting, gt(photos.id, afterId)))
      .orderBy(asc(photos.id))
      .limit(BATCH);
    for (const photo of batch) await lookAt(userId, photo);
    if (batch.length === BATCH) await queue(userId, batch.at(-1)!.id);
  }

  jobs.define<{ userId: number; afterId?: number }>({
    name: JOB,
    handler: ({ userId, afterId }) => run(userId, afterId ?? 0),
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
    oneQueuedPerKey: true,
  });

  async function queue(userId: number, afterId = 0) {
    if (!serverEnabled) return;
    await jobs.send(JOB, { userId, afterId }, { singletonKey: `faces-imported-${userId}-${afterId}` });
  }

  return {
    /** An import has put an archive's faces in the owner's photos: those whose copies exist are looked at now. */
    imported: (userId: number) => queue(userId),
    /** A photo's copies are ready: an imported one with faces waiting for embeddings is looked at. */
    async photoChanged(photoId: number) {
      if (!serverEnabled) return;
      const [row] = await db
        .select({ userId: photos.userId })
        .from(photos)
        .where(and(eq(photos.id, photoId), waiting));
      if (row) await queue(row.userId);
    },
  };
}

export type ImportedFaces = ReturnType<typeof createImportedFaces>;
