import type { Contact } from '@shared/schemas/contacts';

/** A family contact as the API answers it, for component tests; `email` defaults to firstname@example.com. */
export const contactFixture = (
  id: number,
  firstName: string,
  email: string | null = `${firstName.toLowerCase()}@example.com`,
): Contact => ({
  id,
  ownerId: 1,
  linkedUserId: null,
  firstName,
  lastName: 'Lee',
  email,
  phoneNumber: null,
  address: null,
  birthday: null,
  relationship: 'family',
  familyRelation: null,
  notes: null,
  language: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});
