import type { LoginInput, RegisterInput } from '@shared/schemas/auth';
import { conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import type { AuthRepo } from './auth.repo';
import { toUser } from '../../plugins/session.repo';
import { createLoginThrottle } from './login-throttle';

const INVALID_CREDENTIALS = 'Invalid email or password';

export function createAuthService({ repo, maxFailures }: { repo: AuthRepo; maxFailures: number }) {
  const throttle = createLoginThrottle(maxFailures);

  return {
    async register(input: RegisterInput) {
      const user = await repo.insertUser({
        firstName: input.firstName,
        surname: input.surname,
        email: input.email.trim(),
        dateOfBirth: input.dateOfBirth,
        mobileNumber: input.mobileNumber || null,
        password: await hashPassword(input.password),
        gender: input.gender ?? null,
        cityOfBirth: input.cityOfBirth || null,
        address: input.address || null,
      });
      if (!user) throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
      return user;
    },

    /** Unknown email and wrong password answer identically, in about the same time. */
    async login(input: LoginInput) {
      if (throttle.isBlocked(input.email)) {
        throw tooManyRequests('Too many failed attempts for this account. Please wait 15 minutes and try again.');
      }
      const row = await repo.findCredentials(input.email);
      const ok = await verifyPassword(row?.password ?? (await dummyPasswordHash()), input.password);
      if (!row || !ok) {
        throttle.recordFailure(input.email);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      throttle.reset(input.email);
      return toUser(row);
    },

    /** Checks a signed-in user's password (password change, account deletion). */
    async checkPassword(userId: number, password: string) {
      const row = await repo.findCredentialsById(userId);
      return !!row && (await verifyPassword(row.password, password));
    },

    async changePassword(userId: number, newPassword: string) {
      await repo.updatePassword(userId, await hashPassword(newPassword));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
