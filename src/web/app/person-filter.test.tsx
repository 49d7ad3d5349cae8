import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '@shared/schemas/people';
import { PersonFilter } from '@web/features/people/components/person-filter';
import { PhotoGallery } from '@web/features/photos/components/photo-gallery';
import { usePersonParam } from './use-person-param';

const rose: Person = {
  id: 3,
  name: 'Rose Martin',
  contactId: null,
  faceCount: 2,
  coverUrl: null,
  coverBox: null,
  hidden: false,
  onThisDay: true,
};

function Gallery() {
  const { person, setPerson } = usePersonParam();
  const location = useLocation();
  return (
    <>
      <output aria-label="Address">{location.search}</output>
      <PhotoGallery person={person} personFilter={<PersonFilter personId={person} onChange={setPerson} />} />
    </>
  );
}

function renderAt(url: string) {
  const fetchMock = vi.fn(async (requested: string) => {
    if (requested.startsWith('/api/photos/months')) return Response.json({ months: [{ month: '2019-07', count: 1 }] });
    if (requested.startsWith('/api/photos/page')) return Response.json({ items: [], nextCursor: null });
    if (requested === '/api/people/3') return Response.json(rose);
    if (requested.startsWith('/api/people')) return Response.json({ items: [rose], nextCursor: null });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Gallery />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const pagesAsked = (fetchMock: ReturnType<typeof renderAt>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/photos/page'));

describe('the gallery filtered by a person (?person=)', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the photos of the person the address names, says who, and goes back to everyone with ×', async () => {
    const fetchMock = renderAt('/photos?person=3&photo=9');
    expect(await screen.findByText('Person: Rose Martin')).toBeTruthy();
    await waitFor(() => expect(pagesAsked(fetchMock)).toHaveLength(1));
    expect(new URLSearchParams(pagesAsked(fetchMock)[0]!.split('?')[1]).get('person')).toBe('3');
    expect((await screen.findAllByText('No photos of this person.')).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: "Show everyone's photos" }));
    // the address loses the person (and the open photo), and every photo is asked for
    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(''));
    await waitFor(() => expect(pagesAsked(fetchMock)).toHaveLength(2));
    expect(new URLSearchParams(pagesAsked(fetchMock)[1]!.split('?')[1]).get('person')).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Show the photos of a person' })).toBeTruthy();
  });

  it('ignores a person id that cannot be one', async () => {
    const fetchMock = renderAt('/photos?person=abc');
    await waitFor(() => expect(pagesAsked(fetchMock)).toHaveLength(1));
    expect(pagesAsked(fetchMock)[0]).not.toContain('person=');
  });
});
