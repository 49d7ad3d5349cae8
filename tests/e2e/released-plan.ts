import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, readMail } from './fixtures';

async function ok<T>(request: APIRequestContext, method: 'post' | 'put', url: string, data?: object): Promise<T> {
  const res = await request[method](url, data ? { data } : {});
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The signed-in owner's Legacy Plan through the API: two verifiers and no waiting time, and an heir with a key
 * code. `release()` has both verifiers confirm the death from their mails' links, so everything the owner
 * released to the heir is handed on at once, and waits for the heir's mail.
 */
export async function planWithHeir(request: APIRequestContext, heirFirstName = 'Amy') {
  const run = randomUUID().slice(0, 8);
  const email = (firstName: string) => `${firstName.toLowerCase()}-${run}@example.com`;
  const contact = (firstName: string) =>
    ok<{ id: number }>(request, 'post', '/api/contacts', {
      firstName,
      lastName: 'Smith',
      email: email(firstName),
      relationship: 'family',
    });
  const [martha, mickey, heirContact] = [await contact('Martha'), await contact('Mickey'), await contact(heirFirstName)];
  await ok(request, 'put', '/api/legacy/plan', {
    checkInMonths: 6,
    vetoDays: 0,
    verifierContactIds: [martha.id, mickey.id],
    verifiersRequired: 2,
  });
  const heir = await ok<{ id: number }>(request, 'post', '/api/legacy/heirs', { contactId: heirContact.id });
  const { keyCode } = await ok<{ keyCode: string }>(request, 'post', `/api/legacy/heirs/${heir.id}/key-code`);
  const release = async () => {
    for (const verifier of ['Mickey', 'Martha']) {
      const mail = await readMail(email(verifier), '/legacy/verify/');
      await ok(request, 'post', `/api/legacy/verify/${mail.link.split('/').pop()}`);
    }
    await readMail(email(heirFirstName), '/legacy');
  };
  return { heirId: heir.id, keyCode, heirName: `${heirFirstName} Smith`, release };
}
