import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedCollection, SharedWithMe } from '@shared/schemas/sharing';
import { SharedWithMeCollection } from './shared-with-me-collection';
import { SharedWithMeList } from './shared-with-me-list';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderWith(ui: ReactNode, answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string) => answer(url));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const received: SharedWithMe = [
  {
    ownerName: 'Ada Byron',
    collections: [
      {
        grantId: 4,
        title: 'Lake',
        description: null,
        coverUrl: '/api/shared-with-me/4/photos/1/thumbnail',
        itemCount: 1,
        sharedAt: '2026-11-20T10:00:00.000Z',
      },
      { grantId: 9, title: 'Letters', description: 'Old ones', coverUrl: null, itemCount: 12, sharedAt: '2026-10-02T10:00:00.000Z' },
    ],
  },
  {
    ownerName: 'Charles Babbage',
    collections: [{ grantId: 5, title: 'Engines', description: null, coverUrl: null, itemCount: 3, sharedAt: '2026-09-01T10:00:00.000Z' }],
  },
];

describe('Shared with me', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists each person's collections with their size and date, each leading to its view", async () => {
    renderWith(<SharedWithMeList />, () => json(200, received));
    const ada = await screen.findByRole('region', { name: 'From Ada Byron' });
    const links = within(ada).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/shared-with-me/4', '/shared-with-me/9']);
    expect(links[0]?.textContent).toContain('1 item · Shared November 20, 2026');
    expect(links[1]?.textContent).toContain('12 items');
    expect(within(screen.getByRole('region', { name: 'From Charles Babbage' })).getByRole('heading', { name: 'Engines' })).toBeTruthy();
  });

  it('says when nothing has been shared yet', async () => {
    renderWith(<SharedWithMeList />, () => json(200, []));
    expect(await screen.findByRole('heading', { name: 'Nothing has been shared with you yet.' })).toBeTruthy();
  });

  it('shows a shared collection with the link view, and says so when it is no longer shared', async () => {
    const collection: SharedCollection = {
      title: 'Letters',
      description: null,
      ownerName: 'Ada Byron',
      includePlaces: false,
      includeNames: false,
      expiresAt: null,
      coverUrl: null,
      photos: [],
      memories: [],
      documents: [
        {
          id: 2,
          name: 'letter.pdf',
          description: 'From 1843',
          mimeType: 'application/pdf',
          fileSize: 1024,
          url: '/api/shared-with-me/9/documents/2',
        },
      ],
      downloadAllUrl: '/api/shared-with-me/9/download',
    };
    renderWith(<SharedWithMeCollection grantId={9} />, (url) =>
      url === '/api/shared-with-me/9' ? json(200, collection) : json(404, { message: 'Not found' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Letters' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/api/shared-with-me/9/documents/2');
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('heading', { name: /Photos/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Shared with me' }).getAttribute('href')).toBe('/shared-with-me');
    cleanup();

    renderWith(<SharedWithMeCollection grantId={10} />, () => json(404, { message: 'Not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This collection is not shared with you any more.' })).toBeTruthy();
  });
});
