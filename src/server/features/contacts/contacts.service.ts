import type { ContactInput, Relationship } from '@shared/schemas/contacts';
import { notFound } from '../../lib/errors';
import type { ContactsRepo, ContactValues } from './contacts.repo';

/** '' and missing both mean "not given": stored as null, so a PATCH that leaves a field out clears it. */
const orNull = (value: string | null | undefined) => (value ? value : null);

// PATCH sends the same fields as POST (spec §7) and the client omits empty ones (spec §5), so an update
// replaces the whole contact rather than merging: otherwise a cleared field could never be cleared.
function toValues(input: ContactInput): ContactValues {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: orNull(input.email),
    phoneNumber: orNull(input.phoneNumber),
    address: orNull(input.address),
    birthday: orNull(input.birthday),
    relationship: input.relationship,
    familyRelation: orNull(input.familyRelation),
    notes: orNull(input.notes),
  };
}

export function createContactsService({ repo }: { repo: ContactsRepo }) {
  async function reread(userId: number, id: number) {
    const contact = await repo.findOwned(userId, id);
    if (!contact) throw notFound('Contact not found');
    return contact;
  }

  return {
    list: (userId: number, relationship?: Relationship) => repo.listByOwner(userId, relationship),

    async create(userId: number, input: ContactInput) {
      const created = await repo.insert(userId, toValues(input));
      if (!created.email) return created;
      await repo.relink(userId, [created.email]);
      return reread(userId, created.id);
    },

    async update(userId: number, id: number, input: ContactInput) {
      const result = await repo.update(userId, id, toValues(input));
      if (!result) throw notFound('Contact not found'); // also covers "belongs to someone else"
      const emails = [result.previousEmail, result.contact.email].filter((e): e is string => !!e);
      if (emails.length === 0) return result.contact;
      await repo.relink(userId, emails);
      return reread(userId, id);
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
