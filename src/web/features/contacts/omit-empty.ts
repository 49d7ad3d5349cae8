import type { ContactInput } from '@shared/schemas/contacts';

/**
 * spec §5: the client always sends firstName and lastName and omits the other fields when empty. The server
 * treats an update as the whole contact, so an omitted field is cleared.
 */
export function omitEmpty(values: ContactInput): ContactInput {
  const result: ContactInput = { firstName: values.firstName, lastName: values.lastName, relationship: values.relationship };
  const optional = ['email', 'phoneNumber', 'address', 'birthday', 'familyRelation', 'notes'] as const;
  for (const key of optional) {
    const value = values[key]?.trim();
    if (value) result[key] = value;
  }
  return result;
}

/** A saved contact as form values: null becomes '' so every input is controlled. */
export function toFormValues(contact: Partial<Record<keyof ContactInput, string | null | undefined>> & Pick<ContactInput, 'relationship'>): ContactInput {
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
  };
}
