// The people and faces of an heirloom archive (decision 059) written back: every query carries the owner. A photo's
// faces, the people first seen in them, its labels and its face status are written in one transaction, so a try
// that dies leaves a photo either with all of them or with none (and the next try removes the photo anyway).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ExportFace, ExportPerson } from '@shared/export-format';
import type { Db } from '../../db/client';
import { faces, people, photos } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A face of the archive, its person already looked up (undefined: not named in this archive). */
export interface FaceToImport {
  box: ExportFace['box'];
  source: ExportFace['source'];
  person: Omit<ExportPerson, 'id'> | null;
  /** The archive's id of its person: people made for one photo are the same people in the next. */
  archivedPersonId: number | null;
}

export function createPeopleImportRepo(db: Db) {
  return {
    /**
     * A photo this import created gets the archive's faces (and the people they are, made on their first face) and
     * its labels. With faces, the photo is marked looked at ('done'): the model would otherwise replace the boxes
     * it did not find itself (decision 059), and so never adds a second face on the same spot.
     * `known` maps the archive's person ids to the ones made by earlier photos; the ids made here are returned.
     */
    async savePhoto(
      userId: number,
      photoId: number,
      input: { faces: FaceToImport[]; labels: string[] | undefined },
      known: ReadonlyMap<number, number>,
    ): Promise<Map<number, number>> {
      return db.transaction(async (tx) => {
        const made = new Map<number, number>();
        const [photo] = await tx
          .select({ id: photos.id })
          .from(photos)
          .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
          .for('update');
        if (!photo) return made;
        if (input.faces.length > 0) {
          // the model looked at the photo in the moment since it was created: the archive's faces replace what it
          // found, as the model itself replaces its earlier findings, and the unnamed people it made for them go
          const replaced = await tx
            .delete(faces)
            .where(and(eq(faces.userId, userId), eq(faces.photoId, photoId), inArray(faces.source, ['detected', 'imported'])))
            .returning({ personId: faces.personId });
          const orphans = replaced.flatMap((f) => (f.personId === null ? [] : [f.personId]));
          if (orphans.length > 0)
            await tx
              .delete(people)
              .where(and(eq(people.userId, userId), inArray(people.id, orphans), isNull(people.name), eq(people.faceCount, 0)));
        }
        for (const face of input.faces) {
          const personId = await personFor(tx, userId, face, known, made);
          await tx.insert(faces).values({
            userId,
            photoId,
            personId,
            boxX: face.box.x,
            boxY: face.box.y,
            boxWidth: face.box.width,
            boxHeight: face.box.height,
            source: face.source,
          });
        }
        const changes = {
          ...(input.labels !== undefined && { labels: input.labels }),
          ...(input.faces.length > 0 && { faceStatus: 'done' as const }),
        };
        if (Object.keys(changes).length > 0)
          await tx
            .update(photos)
            .set(changes)
            .where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
        return made;
      });
    },

    /**
     * Before a try begins again (or an import is given up): the people this import made, found as those made
     * since it was started whose every face is in a photo it created. They go before the photos do, while their
     * faces still say whose they were; a person with a face anywhere else stays.
     */
    async removePeopleOf(userId: number, importId: number) {
      await db.execute(sql`
        DELETE FROM people p
        WHERE p.user_id = ${userId}
          AND p.created_at >= (SELECT i.created_at FROM imports i WHERE i.id = ${importId} AND i.user_id = ${userId})
          AND EXISTS (
            SELECT 1 FROM faces f JOIN photos ph ON ph.id = f.photo_id
            WHERE f.user_id = ${userId} AND f.person_id = p.id AND ph.import_id = ${importId})
          AND NOT EXISTS (
            SELECT 1 FROM faces f JOIN photos ph ON ph.id = f.photo_id
            WHERE f.user_id = ${userId} AND f.person_id = p.id AND ph.import_id IS DISTINCT FROM ${importId})`);
    },
  };
}

async function personFor(
  tx: Tx,
  userId: number,
  face: FaceToImport,
  known: ReadonlyMap<number, number>,
  made: Map<number, number>,
): Promise<number | null> {
  if (face.archivedPersonId === null || !face.person) return null;
  const id = known.get(face.archivedPersonId) ?? made.get(face.archivedPersonId);
  if (id !== undefined) return id;
  const { name, contactId, hidden, onThisDay } = face.person;
  const [row] = await tx.insert(people).values({ userId, name, contactId, hidden, onThisDay }).returning({ id: people.id });
  made.set(face.archivedPersonId, row!.id);
  return row!.id;
}

export type PeopleImportRepo = ReturnType<typeof createPeopleImportRepo>;
