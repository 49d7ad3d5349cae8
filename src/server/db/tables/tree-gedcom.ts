import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { importStatusEnum } from './enums';
import { imports } from './operations';
import { users } from './accounts';
import { treePersons } from './tree';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A GEDCOM file being read into an account's family tree (issue 30). The file's bytes wait here, inside the
 * database, until the job has read them: a crash or a restart finds them with the row, and they are cleared
 * when the job ends either way. `tree_persons.import_id` names the import that created a person.
 */
export const treeGedcomImports = pgTable(
  'tree_gedcom_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: importStatusEnum('status').default('queued').notNull(),
    fileName: text('file_name').notNull(),
    source: bytea('source'),
    personsDone: integer('persons_done').default(0).notNull(),
    personsTotal: integer('persons_total').default(0).notNull(),
    /** What was added and the warnings by line (src/shared/schemas/tree-gedcom.ts), once the job has ended. */
    report: jsonb('report'),
    error: text('error'),
    /** `error` as its message and values (decision 083), so each reader gets it in their language; null: as written. */
    errorSentence: jsonb('error_sentence'),
    /** The heirloom archive import (`imports`) whose family.ged this is; its retries and failures remove what this added. */
    archiveImportId: integer('archive_import_id').references(() => imports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('tree_gedcom_imports_user_idx').on(t.userId, t.createdAt)],
);

/** An imported person who may be someone already in the tree (same name and birth year): the owner decides. */
export const treeMatchSuggestions = pgTable(
  'tree_match_suggestions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    importId: integer('import_id').references(() => treeGedcomImports.id, { onDelete: 'set null' }),
    importedId: integer('imported_id')
      .notNull()
      .references(() => treePersons.id, { onDelete: 'cascade' }),
    existingId: integer('existing_id')
      .notNull()
      .references(() => treePersons.id, { onDelete: 'cascade' }),
    status: text('status').default('pending').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tree_match_suggestions_pair_idx').on(t.importedId, t.existingId),
    index('tree_match_suggestions_user_idx').on(t.userId, t.status),
    check('tree_match_suggestions_status', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);
