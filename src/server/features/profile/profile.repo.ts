// Queries on the signed-in user's own row: profile fields and picture key.
import { eq } from 'drizzle-orm';
import type { User } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import type { Tx } from '../../lib/durable-files';
import { users } from '../../db/schema';
import { toUser } from '../../plugins/session.repo';

export type ProfileValues = Partial<
  Pick<typeof users.$inferInsert, 'firstName' | 'surname' | 'dateOfBirth' | 'mobileNumber' | 'cityOfBirth' | 'address' | 'gender'>
>;

export function createProfileRepo(db: Db) {
  return {
    async find(userId: number): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row && toUser(row);
    },

    async update(userId: number, values: ProfileValues): Promise<User | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
      return row && toUser(row);
    },

    async findPictureKey(userId: number): Promise<string | null> {
      const [row] = await db.select({ key: users.profilePicture }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.key ?? null;
    },

    /**
     * Point the user at a new picture and hand back the key it replaces. The row lock makes two racing
     * uploads queue up, so each one learns the key it really replaced and no file is orphaned.
     */
    async replacePictureKey(tx: Tx, userId: number, key: string, size: number) {
      const [before] = await tx.select({ key: users.profilePicture }).from(users).where(eq(users.id, userId)).for('update');
      if (!before) return undefined;
      const [row] = await tx.update(users).set({ profilePicture: key, profilePictureSize: size }).where(eq(users.id, userId)).returning();
      return { user: toUser(row!), previousKey: before.key };
    },
  };
}
export type ProfileRepo = ReturnType<typeof createProfileRepo>;
