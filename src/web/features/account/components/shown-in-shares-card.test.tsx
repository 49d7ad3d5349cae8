import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Heir, Release } from '@shared/schemas/legacy';
import type { Collection, ShareLink } from '@shared/schemas/sharing';
import { Toaster } from '@web/components/ui/toaster';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { PrivacySettings } from './privacy-settings';

const collection = (id: number, title: string, linkCount: number): Collection => ({
  id,
  title,
  description: null,
  person: null,
  coverPhotoId: null,
  coverUrl: null,
  photoCount: 3,
  memoryCount: 0,
  documentCount: 0,
  linkCount,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const link = (id: number, over: Partial<ShareLink>): ShareLink => ({
  id,
  kind: 'public',
  contact: null,
  url: `https://heirloom.example/s/${id}`,
  hasPassword: false,
  includePlaces: false,
  includeNames: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  lastOpenedAt: null,
  viewCount: 0,
  ...over,
});

const release = (id: number, over: Partial<Release>): Release => ({
  id,
  heirId: 4,
  condition: 'after-death',
  target: { kind: 'collection', id: 1, title: 'Summers at the lake' },
  releaseAt: null,
  age: null,
  releasedAt: null,
  includeNames: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const heir = { id: 4, contactId: 9, name: 'Lily Martin' } as Heir;

const SLOW_AFTER_DELETE: Record<string, number> = { '/api/legacy/releases': 100, '/api/legacy/heirs': 300 };

function renderPrivacy() {
  const answers: Record<string, unknown> = {
    '/api/collections': [collection(1, 'Summers at the lake', 2), collection(2, 'Wedding', 1), collection(3, 'Private', 0)],
    '/api/collections/1/links': [
      link(11, { includePlaces: true }),
      link(12, { kind: 'personal', contact: { id: 9, name: 'Lily Martin', email: null }, includeNames: true }),
    ],
    '/api/collections/2/links': [link(21, { includePlaces: true, includeNames: true })],
    '/api/legacy/heirs': [heir],
    '/api/legacy/releases': [
      release(31, { target: { kind: 'memory', id: 5, title: 'How we met' }, condition: 'at-age', age: 18 }),
      release(32, { includeNames: false, target: { kind: 'photo', id: 6, title: 'IMG_0001.JPG' } }),
      release(33, { condition: 'now', target: { kind: 'collection', id: 1, title: 'Summers at the lake' } }), // the link above
      release(34, { condition: 'never', target: { kind: 'photo', id: 7, title: 'Kept back' } }),
    ],
  };
  let deletedAny = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      deletedAny = true;
      // gone from the lists read next, as on the server: its row leaves the screen
      const id = Number(url.split('/').pop());
      for (const [key, list] of Object.entries(answers))
        if (Array.isArray(list) && /\/(links|releases)$/.test(key)) answers[key] = list.filter((x: { id: number }) => x.id !== id);
      return new Response(null, { status: 204 });
    }
    // once something was deleted, some lists come back later than others (as a busy server answers): the
    // row is gone before every list the change touched has been read again
    if (deletedAny && url in SLOW_AFTER_DELETE) await new Promise((resolve) => setTimeout(resolve, SLOW_AFTER_DELETE[url]));
    return url in answers ? Response.json(answers[url]) : new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <PrivacySettings />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  const deleted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);
  return { answers, deleted };
}

/** Role queries are slow in jsdom on a busy machine: the lists may take more than the default second to show. */
const LOADED = { timeout: 5000 };

const rows = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' ').trim());

describe('Settings → Privacy', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLanguage('en', { remember: false });
  });

  it('lists the links that show places, and the links and Legacy Plan releases that show names', async () => {
    renderPrivacy();
    const places = await screen.findByRole('list', { name: 'Links that show places' }, LOADED);
    expect(rows(places)).toEqual(['Public link · Summers at the lakeRevoke', 'Public link · WeddingRevoke']);

    const names = await screen.findByRole('list', { name: 'Links and releases that show names' }, LOADED);
    // a release shared now is the personal link above, and one never released gives no names away
    expect(rows(names)).toEqual([
      'Lily Martin · Summers at the lakeRevoke',
      'Public link · WeddingRevoke',
      'Lily Martin (Legacy Plan, when they are 18) · How we metRemove',
    ]);
    expect(within(names).getByRole('link', { name: 'How we met' }).getAttribute('href')).toBe('/legacy');
    expect(within(names).getByRole('link', { name: 'Wedding' }).getAttribute('href')).toBe('/collections/2');
  });

  it('revokes a link or removes a release after asking, and says what stopped', async () => {
    const { deleted } = renderPrivacy();
    const names = await screen.findByRole('list', { name: 'Links and releases that show names' }, LOADED);
    fireEvent.click(within(names).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Remove How we met from what your Legacy Plan gives Lily Martin? They will not receive it.'),
    ).toBeTruthy();
    expect(deleted()).toEqual([]);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted()).toEqual(['/api/legacy/releases/31']));
    expect(await screen.findByText('Lily Martin will not receive How we met.')).toBeTruthy();

    fireEvent.click(within(names).getAllByRole('button', { name: 'Revoke' })[0]!);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(deleted()).toEqual(['/api/legacy/releases/31', '/api/collections/1/links/12']));
    expect(await screen.findByText('Lily Martin no longer opens Summers at the lake.')).toBeTruthy();
  });

  it('says when nothing shows names', async () => {
    const { answers } = renderPrivacy();
    cleanup();
    answers['/api/collections/1/links'] = [link(11, { includePlaces: true })];
    answers['/api/collections/2/links'] = [];
    answers['/api/legacy/releases'] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PrivacySettings />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('None of your links or releases shows names.', {}, LOADED)).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Links that show places' }, LOADED)).toBeTruthy();
  });

  it('speaks the page’s language: each row and question a sentence of its own, with the names as they are', async () => {
    await switchLanguage('de', { remember: false });
    renderPrivacy();
    const names = await screen.findByRole('list', { name: 'Links und Freigaben, die Namen zeigen' }, LOADED);
    expect(rows(names)).toEqual([
      'Lily Martin · Summers at the lakeWiderrufen',
      'Öffentlicher Link · WeddingWiderrufen',
      'Lily Martin (Nachlassplan, im Alter von 18 Jahren) · How we metEntfernen',
    ]);
    expect(within(names).getByRole('link', { name: 'How we met' }).getAttribute('href')).toBe('/legacy');
    fireEvent.click(within(names).getAllByRole('button', { name: 'Widerrufen' })[1]!);
    expect(await screen.findByText('Den öffentlichen Link zu Wedding widerrufen? Er öffnet die Sammlung dann nicht mehr.')).toBeTruthy();
  });
});
