// What a collection holds, said once. A collection holds the items the owner put in it (collection_items), or,
// when it is a person collection (collections.person_id, issue 29), every photo and video with a face of that
// person of its owner — read live, never copied, so it grows with every face found, drawn or named.
//
// The fragments take the columns they compare (a caller passes its own, aliased or not, or bound values).
import { sql, type SQL } from 'drizzle-orm';

/** Photo `photo` of owner `owner` has a face of person `person` (of the same owner). */
export const hasFaceOf = (photo: SQL | number, owner: SQL | number, person: SQL | number): SQL =>
  sql`EXISTS (SELECT 1 FROM faces f WHERE f.photo_id = ${photo} AND f.user_id = ${owner} AND f.person_id = ${person})`;

/** The order a person collection's photos are shown in, to its owner as to a share: by the day they were taken. */
export const personPhotoOrder = [sql`photos.date_taken ASC NULLS LAST`, sql`photos.title ASC`, sql`photos.id ASC`] as const;
