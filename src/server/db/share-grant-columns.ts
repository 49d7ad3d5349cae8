// A grant as the shared view reads it (ShareGrant): its collection's title and cover, its owner's name, and what
// it lets the recipient see. Selected by every grant the shared view serves — links, heirs' releases, care.
import { sql } from 'drizzle-orm';
import { collections, grants, users } from './schema';

export const shareGrantColumns = {
  id: grants.id,
  ownerId: grants.userId,
  collectionId: collections.id,
  photoId: grants.photoId,
  memoryId: grants.memoryId,
  vaultFileId: grants.vaultFileId,
  personId: collections.personId,
  title: collections.title,
  description: collections.description,
  coverPhotoId: collections.coverPhotoId,
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.surname}`,
  includePlaces: grants.includePlaces,
  includeNames: grants.includeNames,
  passwordHash: grants.passwordHash,
  expiresAt: grants.expiresAt,
  createdAt: grants.createdAt,
};
