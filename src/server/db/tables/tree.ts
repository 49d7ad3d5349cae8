import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, searchVector, simpleVector, updatedAt } from './columns';
import { users } from './accounts';
import { contacts } from './library';
import { people } from './people';

export const treeSexEnum = pgEnum('tree_sex', ['female', 'male', 'other', 'unknown']);
export const treeRelationKindEnum = pgEnum('tree_relation_kind', ['parent', 'partner']);
/** Parent links are birth, adoptive, step or foster; partners are married or partners (one column, checked by kind). */
export const treeRelationTypeEnum = pgEnum('tree_relation_type', ['birth', 'adoptive', 'step', 'foster', 'married', 'partners']);
export const partnershipEndEnum = pgEnum('partnership_end', ['divorce', 'separation', 'death']);

/**
 * A person of the family tree (issue 30): the owner, a contact, a person of the photos, or an ancestor who left
 * neither. Dates are tree dates (src/shared/tree/tree-date.ts), kept as the owner or the record wrote them.
 */
export const treePersons = pgTable(
  'tree_persons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isOwner: boolean('is_owner').default(false).notNull(),
    givenNames: text('given_names').default('').notNull(),
    surname: text('surname').default('').notNull(),
    birthSurname: text('birth_surname'),
    sex: treeSexEnum('sex').default('unknown').notNull(),
    gender: text('gender'),
    birthDate: text('birth_date'),
    birthPlace: text('birth_place'),
    /** Set (even to nothing) by a recorded death: `died` says whether there is one. */
    died: boolean('died').default(false).notNull(),
    deathDate: text('death_date'),
    deathPlace: text('death_place'),
    /** null: the tree decides (living unless dead or born over 110 years ago). */
    living: boolean('living'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    note: text('note'),
    /** The GEDCOM import that brought the person, and their record id in that file. */
    importId: integer('import_id'),
    gedcomId: text('gedcom_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: searchVector(
      simpleVector("coalesce(given_names, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(birth_surname, '')", 'A'),
    ),
  },
  (t) => [
    // in the names' collation (decision 080), as the list sorts
    index('tree_persons_user_idx').on(
      t.userId,
      sql`${t.surname} COLLATE heirloom_names`,
      sql`${t.givenNames} COLLATE heirloom_names`,
      t.id,
    ),
    uniqueIndex('tree_persons_owner_idx')
      .on(t.userId)
      .where(sql`${t.isOwner}`),
    uniqueIndex('tree_persons_contact_idx')
      .on(t.contactId)
      .where(sql`${t.contactId} is not null`),
    uniqueIndex('tree_persons_person_idx')
      .on(t.personId)
      .where(sql`${t.personId} is not null`),
    index('tree_persons_search_idx').using('gin', t.searchVector),
  ],
);

/** A parent–child link (`from` is the parent) or a partnership (`from` < `to`, so a pair is stored once). */
export const treeRelations = pgTable(
  'tree_relations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: treeRelationKindEnum('kind').notNull(),
    fromId: integer('from_id')
      .notNull()
      .references(() => treePersons.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => treePersons.id, { onDelete: 'cascade' }),
    type: treeRelationTypeEnum('type').notNull(),
    startDate: text('start_date'),
    endDate: text('end_date'),
    endReason: partnershipEndEnum('end_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tree_relations_pair_idx').on(t.userId, t.kind, t.fromId, t.toId),
    index('tree_relations_from_idx').on(t.fromId),
    index('tree_relations_to_idx').on(t.toId),
    check('tree_relations_not_self', sql`${t.fromId} <> ${t.toId}`),
    check('tree_relations_type_fits_kind', sql`(${t.kind} = 'parent') = (${t.type} in ('birth', 'adoptive', 'step', 'foster'))`),
  ],
);
