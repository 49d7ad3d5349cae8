import { test as base, expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export interface TestUser {
  firstName: string;
  surname: string;
  email: string;
  password: string;
}

export function newTestUser(): TestUser {
  return { firstName: 'Rose', surname: 'Tyler', email: `e2e-${randomUUID()}@example.com`, password: 'Bad-Wolf-2005!' };
}

/** signIn(): a fresh user per test, registered and logged in through the real API (page.request shares cookies). */
export const test = base.extend<{ signIn: () => Promise<TestUser> }>({
  signIn: async ({ page }, use) => {
    await use(async () => {
      const user = newTestUser();
      const reg = await page.request.post('/api/register', {
        data: { ...user, dateOfBirth: '1980-04-01', confirmPassword: user.password },
      });
      expect(reg.status(), await reg.text()).toBe(201);
      const login = await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
      expect(login.ok(), await login.text()).toBeTruthy();
      return user;
    });
  },
});

export { expect };
