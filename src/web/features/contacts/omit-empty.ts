import type { ContactInput, ContactPatch } from '@shared/schemas/contacts';

const OPTIONAL = ['lastName', 'email', 'phoneNumber', 'address', 'birthday', 'familyRelation', 'notes', 'language'] as const;

/** spec §5: a new contact is sent with its first name and relationship, and the other fields only when given. */
export function omitEmpty(values: ContactInput): ContactInput {
  const result: ContactInput = { firstName: values.firstName, relationship: values.relationship };
  for (const key of OPTIONAL) {
    const value = values[key]?.trim();
    if (value) result[key] = value;
  }
  return result;
}

/** An edit sends every field of the form: a PATCH changes only what it carries, so an emptied field is sent as null. */
export function toPatch(values: ContactInput): ContactPatch {
  const patch: ContactPatch = { firstName: values.firstName, relationship: values.relationship };
  for (const key of OPTIONAL) patch[key] = values[key]?.trim() || null;
  return patch;
}

/** A saved contact as form values: null becomes '' so every input is controlled. */
export function toFormValues(
  contact: Partial<Record<keyof ContactInput, string | null | undefined>> & Pick<ContactInput, 'relationship'>,
): ContactInput {
  return {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    email: contact.email ?? '',
    phoneNumber: contact.phoneNumber ?? '',
    address: contact.address ?? '',
    birthday: contact.birthday ?? '',
    relationship: contact.relationship,
    familyRelation: contact.familyRelation ?? '',
    notes: contact.notes ?? '',
    language: contact.language ?? '',
  };
}
