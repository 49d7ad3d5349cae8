import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { createdAt, searchVector, simpleVector, updatedAt } from './columns';
import { faceSourceEnum } from './enums';
import { users } from './accounts';
import { contacts, photos } from './library';

/**
 * A person in the owner's photos (issue 29): a group of faces, named by a contact or a typed name, or not yet.
 * `centroid` is the mean of its detected faces' embeddings, what a new face is compared with.
 */
export const people = pgTable(
  'people',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    hidden: boolean('hidden').default(false).notNull(),
    /** Off: On This Day leaves out the photos this person is in (the owner's late husband, for a while). */
    onThisDay: boolean('on_this_day').default(true).notNull(),
    centroid: real('centroid').array(),
    /** Faces of the centroid (detected ones): the weight of the running mean. */
    centroidFaces: integer('centroid_faces').default(0).notNull(),
    /** Every face that is this person's, kept with them: the list's order (named first, then the most seen). */
    faceCount: integer('face_count').default(0).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** A person is found by name in the header's search (decision 030's configurations). */
    searchVector: searchVector(simpleVector("coalesce(name, '')", 'A')),
  },
  (t) => [index('people_user_idx').on(t.userId), index('people_search_idx').using('gin', t.searchVector)],
);

/** A face in a photo: its box as fractions of the picture, its embedding, and who it is (or is suggested to be). */
export const faces = pgTable(
  'faces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    /** An uncertain match: the person the owner is asked about ("Is this Mum?"), with how alike they are. */
    suggestedPersonId: integer('suggested_person_id').references(() => people.id, { onDelete: 'set null' }),
    similarity: real('similarity'),
    boxX: real('box_x').notNull(),
    boxY: real('box_y').notNull(),
    boxWidth: real('box_width').notNull(),
    boxHeight: real('box_height').notNull(),
    score: real('score'),
    embedding: real('embedding').array(),
    source: faceSourceEnum('source').notNull(),
    /**
     * The owner said whose this detected face is (a "Yes", a face moved to someone, a merge): its person counts as
     * decided, and a full regroup keeps them with their faces (decision 057).
     */
    confirmed: boolean('confirmed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('faces_photo_idx').on(t.photoId),
    index('faces_user_person_idx').on(t.userId, t.personId),
    index('faces_user_suggested_idx').on(t.userId, t.suggestedPersonId),
    // a person removed (a merge, a regroup, the switch) sets these to null: found by index, not by reading every face;
    // in the detector's order, so a person's cover (their surest face) is the index's first entry, not a sort of
    // the 15,000 faces of the most seen person
    index('faces_person_idx')
      .on(t.personId, sql`${t.score} desc nulls last`, t.id)
      .where(sql`${t.personId} is not null`),
    index('faces_suggested_person_idx')
      .on(t.suggestedPersonId)
      .where(sql`${t.suggestedPersonId} is not null`),
    // the faces the owner is asked about, the likeliest first: the first page is read in this order, never sorted
    index('faces_asked_idx')
      .on(t.userId, sql`${t.similarity} desc nulls last`, t.id)
      .where(sql`${t.personId} is null and ${t.suggestedPersonId} is not null`),
  ],
);
