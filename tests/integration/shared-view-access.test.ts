// Walks every route Fastify registered under /api/shared and /api/shared-with-me (not a hand-kept list) and
// checks its rule through every way in: a link reaches its own collection's items and files and nothing else
// of the owner's; a revoked, expired or other collection's link reaches none of them; a signed-in recipient
// reaches the same and a stranger nothing. A route added without a rule here fails this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedCollection } from '@shared/schemas/sharing';
import { buildTestApp, type TestApp } from '@tests/helpers/server';
import { expireGrant, itemIdOf, makeShareWorld, tokenOf, type ShareWorld } from '@server/features/shared-view/shared-view.test-world';

/** What one collection looks like through one way in. */
interface Seen {
  base: string;
  headers: Record<string, string>;
  body: SharedCollection;
}

interface Rule {
  /** The route's answer for something of the collection. */
  url: (s: Seen) => string;
  /** Ids of the owner's other things (and of other collections) put where this route takes an id: all 404. */
  outside?: (s: Seen, w: ShareWorld, extra: { memoryItem: number; documentItem: number }) => string[];
}

/** By the route's path after its grant (/api/shared/:token or /api/shared-with-me/:grantId). */
const RULES: Record<string, Rule> = {
  '': { url: (s) => s.base },
  '/photos/:itemId/:size': {
    url: (s) => s.body.photos[0]!.downloadUrl,
    outside: (s, w, x) =>
      [w.photoId, w.plainPhotoId, w.outsidePhotoId, w.linkedPhotoId, x.memoryItem, x.documentItem, ...w.otherItemIds]
        .filter((id) => !s.body.photos.some((p) => p.id === id))
        .flatMap((id) => ['thumbnail', 'display', 'download'].map((size) => `${s.base}/photos/${id}/${size}`)),
  },
  '/attachments/:attachmentId': {
    url: (s) => s.body.memories[0]!.attachments[0]!.url,
    outside: (s, w) =>
      [w.outsideAttachmentId, w.linkedPhotoId, w.linkedVaultId, w.outsideVaultId, w.photoId]
        .filter((id) => id !== w.attachmentId)
        .map((id) => `${s.base}/attachments/${id}`),
  },
  '/documents/:itemId': {
    url: (s) => s.body.documents[0]!.url,
    outside: (s, w, x) =>
      [
        w.documentId,
        w.imageDocumentId,
        w.outsideVaultId,
        w.linkedVaultId,
        x.memoryItem,
        ...s.body.photos.map((p) => p.id),
        ...w.otherItemIds,
      ]
        .filter((id) => !s.body.documents.some((d) => d.id === id))
        .map((id) => `${s.base}/documents/${id}`),
  },
  '/download': { url: (s) => s.body.downloadAllUrl },
};

/** The one route that is not a read: it changes nothing but a cookie. */
const UNLOCK = 'POST /api/shared/:token/unlock';
const LIST = 'GET /api/shared-with-me';

const suffixOf = (url: string) => url.replace(/^\/api\/shared(-with-me)?\/:(token|grantId)/, '');

describe('access through links and Shared with me, on every registered route', () => {
  let t: TestApp;
  let w: ShareWorld;
  let extra: { memoryItem: number; documentItem: number };
  beforeAll(async () => {
    t = await buildTestApp();
    w = await makeShareWorld(t);
    extra = {
      memoryItem: await itemIdOf(t, w.collectionId, { memoryId: w.memoryId }),
      documentItem: await itemIdOf(t, w.collectionId, { vaultFileId: w.documentId }),
    };
  }, 60_000);
  afterAll(() => t.close());

  const routes = () =>
    t.app.registeredRoutes
      .filter((r) => r.method !== 'HEAD' && /^\/api\/shared(-with-me)?(\/|$)/.test(r.url))
      .map((r) => ({ method: r.method, url: r.url, key: `${r.method} ${r.url}` }));
  const readRoutes = () => routes().filter((r) => r.key !== UNLOCK && r.key !== LIST);

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  async function seen(base: string, headers: Record<string, string> = {}): Promise<Seen> {
    const res = await get(base, headers);
    expect(res.statusCode, `${base}: ${res.body}`).toBe(200);
    return { base, headers, body: res.json() as SharedCollection };
  }
  const viaLink = (token: string) => seen(`/api/shared/${token}`);
  const viaRecipient = () => seen(`/api/shared-with-me/${w.personalGrantId}`, { cookie: w.recipient.cookie });

  /** A fresh public link to the collection, for the cases that spoil it. */
  async function newLink() {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/collections/${w.collectionId}/links`,
      headers: { cookie: w.owner.cookie },
      payload: { kind: 'public' },
    });
    const made = res.json() as { id: number; url: string };
    return { id: made.id, token: tokenOf(made.url) };
  }

  it('has a rule for every route, and every route is a read but the unlock', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(10);
    const missing = all.filter((r) => r.key !== UNLOCK && r.key !== LIST && !(suffixOf(r.url) in RULES)).map((r) => r.key);
    expect(missing, 'routes without a rule: add one to RULES').toEqual([]);
    expect(all.filter((r) => r.method !== 'GET').map((r) => r.key)).toEqual([UNLOCK]);
  });

  it('a link and a signed-in recipient reach each of the collection’s items, and none of the owner’s other things', async () => {
    for (const way of [await viaLink(w.token), await viaLink(w.placesToken), await viaRecipient()]) {
      for (const route of readRoutes()) {
        if (!route.url.startsWith(way.base.startsWith('/api/shared-with-me') ? '/api/shared-with-me/' : '/api/shared/')) continue;
        const rule = RULES[suffixOf(route.url)]!;
        const ok = await get(rule.url(way), way.headers);
        expect(ok.statusCode, `${route.key} via ${way.base}: ${ok.body.slice(0, 200)}`).toBe(200);
        for (const url of rule.outside?.(way, w, extra) ?? []) {
          const res = await get(url, way.headers);
          expect(res.statusCode, `${route.key}: ${url}`).toBe(404);
          expect(res.json()).toEqual({ message: 'Not found' });
        }
      }
    }
  });

  it('another collection’s link reaches none of this collection’s items', async () => {
    const mine = await viaLink(w.token);
    const other = await viaLink(w.otherToken);
    for (const route of readRoutes().filter((r) => r.url.startsWith('/api/shared/'))) {
      const url = RULES[suffixOf(route.url)]!.url(mine).replace(mine.base, other.base);
      if (url === other.base || url === other.body.downloadAllUrl) continue; // its own page and zip: its own collection
      const res = await get(url);
      expect(res.statusCode, `${route.key}: ${url}`).toBe(404);
    }
  });

  it('a revoked link is 404 and an expired one 410 on every route, the unlock included', async () => {
    const revoked = await newLink();
    const expired = await newLink();
    const before = { revoked: await viaLink(revoked.token), expired: await viaLink(expired.token) };
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/${w.collectionId}/links/${revoked.id}`,
      headers: { cookie: w.owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
    await expireGrant(t, expired.id);
    for (const route of readRoutes().filter((r) => r.url.startsWith('/api/shared/'))) {
      const rule = RULES[suffixOf(route.url)]!;
      expect((await get(rule.url(before.revoked))).statusCode, `${route.key} revoked`).toBe(404);
      const res = await get(rule.url(before.expired));
      expect(res.statusCode, `${route.key} expired`).toBe(410);
      expect(res.json()).toMatchObject({ code: 'LINK_EXPIRED' });
    }
    const unlock = (token: string) => t.app.inject({ method: 'POST', url: `/api/shared/${token}/unlock`, payload: { password: 'x' } });
    expect((await unlock(revoked.token)).statusCode).toBe(404);
    expect((await unlock(expired.token)).statusCode).toBe(410);
  });

  it('Shared with me: a stranger and the owner get 404, nobody signed in 401, on every route', async () => {
    const way = await viaRecipient();
    const list = await get('/api/shared-with-me');
    expect(list.statusCode).toBe(401);
    for (const route of readRoutes().filter((r) => r.url.startsWith('/api/shared-with-me/'))) {
      const url = RULES[suffixOf(route.url)]!.url(way);
      expect((await get(url)).statusCode, `${route.key} signed out`).toBe(401);
      for (const who of [w.stranger, w.owner])
        expect((await get(url, { cookie: who.cookie })).statusCode, `${route.key} as another user`).toBe(404);
    }
  });

  it('a public link’s grant id is nobody’s Shared with me', async () => {
    for (const grantId of [w.linkId, w.placesLinkId]) {
      for (const who of [w.recipient, w.owner, w.stranger]) {
        expect((await get(`/api/shared-with-me/${grantId}`, { cookie: who.cookie })).statusCode).toBe(404);
      }
    }
  });

  it('a token never works as a grant id, nor a grant id as a token', async () => {
    expect((await get(`/api/shared/${w.personalGrantId}`)).statusCode).toBe(404);
    expect((await get(`/api/shared-with-me/${w.token}`, { cookie: w.recipient.cookie })).statusCode).toBe(404);
  });
});
