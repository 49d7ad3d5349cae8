// Contacts queries: every read and write is owner-scoped; rows become DTOs here and nowhere else.
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Contact, Relationship } from '@shared/schemas/contacts';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { keysetPage, type Keyset } from '../../lib/keyset';

type ContactRow = Omit<typeof contacts.$inferSelect, 'searchVector'>;
// search_vector (the search slice's, decision 030) is never read here: a list would carry every row's lexemes for nothing.
const { searchVector: _searchVector, ...contactColumns } = getTableColumns(contacts);
/** What the service stores: every optional field present, null when not given. */
export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'ownerId' | 'linkedUserId' | 'createdAt' | 'updatedAt'>;

/** What a page of contacts keeps: one relationship, and the names that hold some text. */
export interface ContactFilter {
  relationship?: Relationship;
  nameHolds?: string;
}

/**
 * The paged list's order, the same as listByOwner's: by first name, then last name, ignoring case, in the names'
 * collation (decision 080: "Ärzte" with the A's), as contacts_owner_name_page_idx holds them.
 */
const FIRST_NAME_ORDER = sql`lower(${contacts.firstName}) COLLATE heirloom_names`;
const LAST_NAME_ORDER = sql`lower(${contacts.lastName}) COLLATE heirloom_names`;
const CONTACT_KEYSET: Keyset = {
  list: 'contacts',
  direction: 'asc',
  keys: [
    { expr: FIRST_NAME_ORDER, kind: 'text' },
    { expr: LAST_NAME_ORDER, kind: 'text' },
  ],
  id: contacts.id,
};

export function createContactsRepo(db: Db) {
  const owned = (ownerId: number, id: number) => and(eq(contacts.id, id), eq(contacts.ownerId, ownerId));

  return {
    async listByOwner(ownerId: number, relationship?: Relationship) {
      const rows = await db
        .select(contactColumns)
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), relationship && eq(contacts.relationship, relationship)))
        .orderBy(asc(FIRST_NAME_ORDER), asc(LAST_NAME_ORDER), asc(contacts.id));
      return rows.map(toContact);
    },
    /** One page of listByOwner, after `cursor` (issue 15); with `nameHolds` only the contacts whose name holds it. */
    async pageByOwner(ownerId: number, filter: ContactFilter, cursor: string | undefined, limit: number) {
      const page = keysetPage(CONTACT_KEYSET, cursor, limit);
      const { relationship, nameHolds } = filter;
      const rows = await db
        .select({ ...contactColumns, ...page.columns })
        .from(contacts)
        .where(
          and(
            eq(contacts.ownerId, ownerId),
            relationship && eq(contacts.relationship, relationship),
            // the full name as shown ("Rose Martin"), letter case and accents aside ("Muller" and "Mueller" find
            // "Müller"); strpos inside, so % and _ are plain letters
            nameHolds === undefined
              ? undefined
              : sql`heirloom_name_holds(${contacts.firstName} || ' ' || ${contacts.lastName}, ${nameHolds})`,
            page.where,
          ),
        )
        .orderBy(...page.orderBy)
        .limit(page.fetch);
      const { rows: kept, nextCursor } = page.finish(rows, (r) => r.id);
      return { items: kept.map(toContact), nextCursor };
    },
    async findOwned(ownerId: number, id: number) {
      const [row] = await db.select().from(contacts).where(owned(ownerId, id)).limit(1);
      return row && toContact(row);
    },
    async insert(ownerId: number, values: ContactValues) {
      const [row] = await db
        .insert(contacts)
        .values({ ...values, ownerId })
        .returning();
      return toContact(row!);
    },
    /** Changes the given fields; the old email is returned too, since links depend on it. */
    async update(ownerId: number, id: number, values: Partial<ContactValues>) {
      const [before] = await db.select({ email: contacts.email }).from(contacts).where(owned(ownerId, id)).limit(1);
      if (!before) return undefined;
      const [row] = await db
        .update(contacts)
        .set({ ...values, updatedAt: new Date() })
        .where(owned(ownerId, id))
        .returning();
      return row && { contact: toContact(row), previousEmail: before.email };
    },
    async remove(ownerId: number, id: number) {
      const [row] = await db.delete(contacts).where(owned(ownerId, id)).returning({ email: contacts.email });
      return row;
    },

    /**
     * Recompute linkedUserId for every contact that involves `ownerId` or a user registered under one of
     * `emails`: a contact is linked to the registered user with its email only when that user has verified
     * the address and also has the contact's owner among their contacts by email (mutual). One statement, so it is consistent with itself;
     * the later of two racing writers always sees both rows.
     */
    async relink(ownerId: number, emails: string[]) {
      const lowered = [...new Set(emails.map((e) => e.toLowerCase()))].map((e) => sql`${e}`);
      await db.execute(sql`
        WITH affected AS (
          SELECT ${ownerId}::int AS id
          UNION
          SELECT u.id FROM users u WHERE lower(u.email) = ANY(ARRAY[${sql.join(lowered, sql`, `)}]::text[])
        ),
        target AS (
          SELECT c.id,
            (SELECT u.id FROM users u
              JOIN users o ON o.id = c.owner_id
              WHERE lower(u.email) = lower(c.email)
                AND u.email_verified_at IS NOT NULL -- an unproven address may belong to anyone
                AND u.id <> c.owner_id
                AND EXISTS (
                  SELECT 1 FROM contacts back
                  WHERE back.owner_id = u.id AND lower(back.email) = lower(o.email)
                )
              LIMIT 1) AS linked
          FROM contacts c
          WHERE c.owner_id IN (SELECT id FROM affected)
             OR lower(c.email) IN (SELECT lower(u.email) FROM users u WHERE u.id IN (SELECT id FROM affected))
        )
        UPDATE contacts SET linked_user_id = target.linked
        FROM target
        WHERE contacts.id = target.id AND contacts.linked_user_id IS DISTINCT FROM target.linked
      `);
    },
  };
}
export type ContactsRepo = ReturnType<typeof createContactsRepo>;

/** The only place a contacts row becomes a Contact. */
function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    ownerId: row.ownerId,
    linkedUserId: row.linkedUserId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: row.address,
    birthday: row.birthday,
    relationship: row.relationship,
    familyRelation: row.familyRelation,
    notes: row.notes,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
