// Findings of an outside attack, each a regression test named after it: every request gets the right 4xx,
// never a 5xx, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

describe('hostile requests', () => {
  let t: TestApp;
  let cookie: string;
  let memoryId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await signUp(t.app));
    const res = await t.app.inject({
      method: 'POST', url: '/api/memories', headers: { cookie },
      payload: { title: 'Picnic', content: 'By the lake', eventDate: '1999-07-04', isPublic: false, tags: [] },
    });
    memoryId = res.json().id;
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'DELETE' | 'PATCH', url: string) =>
    t.app.inject({ method, url, headers: { cookie }, ...(method === 'PATCH' ? { payload: {} } : {}) });

  describe('ids above 2³¹−1 are simply not found', () => {
    const huge = ['2147483648', '9999999999', '99999999999999999999'];
    for (const id of huge) {
      it(`answers 404 for id ${id} in every id position`, async () => {
        const urls: Array<['GET' | 'DELETE' | 'PATCH', string]> = [
          ['GET', `/api/memories/${id}/attachments`],
          ['GET', `/api/memories/${memoryId}/attachments/${id}/file`],
          ['DELETE', `/api/memories/${memoryId}/attachments/${id}`],
          ['DELETE', `/api/memories/${memoryId}/attachments/p-${id}`],
          ['DELETE', `/api/memories/${memoryId}/attachments/v-${id}`],
          ['PATCH', `/api/memories/${id}`],
          ['DELETE', `/api/photos/${id}`],
          ['GET', `/api/photos/image/${id}`],
          ['GET', `/api/vault/${id}`],
          ['DELETE', `/api/contacts/${id}`],
        ];
        for (const [method, url] of urls) {
          const res = await send(method, url);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toEqual({ message: expect.any(String) });
        }
      });
    }
  });

  describe('ids are read strictly', () => {
    const lookalikes = (n: number) => [`0x${n.toString(16)}`, `%2B${n}`, `${n}.0`, `${n}e0`, `%20${n}`, `0${n}`, `${n}%20`, `-${n}`, `${n}n`];
    it('does not take 0x4, +4, 4.0, 4e0, " 4" or 04 for id 4', async () => {
      expect((await send('GET', `/api/memories/${memoryId}/attachments`)).statusCode).toBe(200);
      for (const id of lookalikes(memoryId)) {
        const res = await send('GET', `/api/memories/${id}/attachments`);
        expect(res.statusCode, id).toBe(404);
      }
    });
  });
});
