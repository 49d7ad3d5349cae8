import type { Contact, ContactInput, ContactPageQuery, ContactPatch, Relationship } from '@shared/schemas/contacts';
import { pageLimit } from '@shared/schemas/paging';
import { badRequest, notFound } from '../../lib/errors';
import { shippedLanguages } from '../../lib/i18n';
import type { Db } from '../../db/client';
import type { TreeService } from '../tree/tree.service';

import { createContactsRepo, type ContactsRepo, type ContactValues } from './contacts.repo';

/** '' and null both mean "none": stored as null (the last name, which the data map keeps as text, as ''). */
const orNull = (value: string | null | undefined) => (value ? value : null);

function toValues(input: ContactInput): ContactValues {
  return {
    firstName: input.firstName,
    lastName: input.lastName ?? '',
    email: orNull(input.email),
    phoneNumber: orNull(input.phoneNumber),
    address: orNull(input.address),
    birthday: orNull(input.birthday),
    relationship: input.relationship,
    familyRelation: orNull(input.familyRelation),
    notes: orNull(input.notes),
    language: orNull(input.language),
  };
}

/** Only the fields a PATCH carries; a field left out stays as it is. */
function toChanges(patch: ContactPatch): Partial<ContactValues> {
  const changes: Partial<ContactValues> = {};
  if (patch.firstName !== undefined) changes.firstName = patch.firstName;
  if (patch.relationship !== undefined) changes.relationship = patch.relationship;
  if (patch.lastName !== undefined) changes.lastName = patch.lastName ?? '';
  for (const key of ['email', 'phoneNumber', 'address', 'birthday', 'familyRelation', 'notes', 'language'] as const) {
    if (patch[key] !== undefined) changes[key] = orNull(patch[key]);
  }
  return changes;
}

/** A contact's language must be one heirloom ships: mail to them is written from its catalogues. */
function checkLanguage(language: string | null | undefined) {
  if (language && !shippedLanguages().includes(language)) {
    throw badRequest('Please choose one of the languages offered', 'UNKNOWN_LANGUAGE');
  }
}

/** A family contact is placed in the family tree (issue 30) through the tree's service; without it, nowhere. */
export function createContactsService({ repo, tree }: { repo: ContactsRepo; tree?: Pick<TreeService, 'placeContact'> }) {
  async function placed<T extends Contact>(userId: number, contact: T): Promise<T> {
    if (tree && contact.relationship === 'family') await tree.placeContact(userId, contact);
    return contact;
  }

  async function reread(userId: number, id: number) {
    const contact = await repo.findOwned(userId, id);
    if (!contact) throw notFound('Contact not found');
    return contact;
  }

  return {
    list: (userId: number, relationship?: Relationship) => repo.listByOwner(userId, relationship),

    /** The contacts a page at a time (issue 15); the same order and filter as list, and `q` finds them by name. */
    page: (userId: number, query: ContactPageQuery) =>
      repo.pageByOwner(userId, { relationship: query.relationship, nameHolds: query.q }, query.cursor, pageLimit(query)),

    /** One contact (a search result opens it even when its page is not loaded). */
    get: reread,

    async create(userId: number, input: ContactInput, { importId }: { importId?: number } = {}) {
      checkLanguage(input.language);
      const created = await repo.insert(userId, { ...toValues(input), importId: importId ?? null });
      // an archive brings its own tree (family.ged): an imported contact is not placed again
      const place = <T extends Contact>(contact: T) => (importId === undefined ? placed(userId, contact) : contact);
      if (!created.email) return place(created);
      await repo.relink(userId, [created.email]);
      return place(await reread(userId, created.id));
    },

    async update(userId: number, id: number, patch: ContactPatch) {
      checkLanguage(patch.language);
      const result = await repo.update(userId, id, toChanges(patch));
      if (!result) throw notFound('Contact not found'); // also covers "belongs to someone else"
      const emails = [result.previousEmail, result.contact.email].filter((e): e is string => !!e);
      if (emails.length === 0) return placed(userId, result.contact);
      await repo.relink(userId, emails);
      return placed(userId, await reread(userId, id));
    },

    async remove(userId: number, id: number) {
      const removed = await repo.remove(userId, id);
      if (!removed) throw notFound('Contact not found');
      // The other side's link to this user rested on the removed contact.
      if (removed.email) await repo.relink(userId, [removed.email]);
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;

/**
 * A user's address was verified or changed: links rest on verified addresses (decision 011), so every link
 * that involves the user, or a contact holding one of `emails`, is computed again.
 */
export async function relinkContactsOf(db: Db, userId: number, emails: string[]) {
  await createContactsRepo(db).relink(userId, emails);
}
