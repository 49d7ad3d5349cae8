import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FaceSuggestion, PeopleStatus, Person, PersonPage } from '@shared/schemas/people';
import { Toaster } from '@web/components/ui/toaster';
import { PeopleScreen } from './people-screen';

const box = { x: 0.2, y: 0.1, width: 0.3, height: 0.4 };
const person = (id: number, name: string | null, faceCount: number, hidden = false): Person => ({
  id,
  name,
  contactId: null,
  faceCount,
  coverUrl: `/api/photos/image/${id}?size=thumb`,
  coverBox: box,
  hidden,
  onThisDay: true,
});
const rose = person(1, 'Rose Martin', 40);

function renderScreen(answers: { status: PeopleStatus; people: PersonPage; suggestions: FaceSuggestion[] }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') return new Response(null, { status: 204 });
    if (url === '/api/people/status') return Response.json(answers.status);
    if (url === '/api/people/suggestions') return Response.json(answers.suggestions);
    return Response.json(answers.people);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PeopleScreen personHref={(id) => `/people/${id}`} settingsHref="/settings#photos" />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const on: PeopleStatus = { available: true, enabled: true, photosTotal: 10, photosDone: 10, photosPending: 0, photosFailed: 0 };

describe('PeopleScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the named and the unnamed, each with their face and how often they appear, and leaves out the hidden', async () => {
    renderScreen({
      status: on,
      people: { items: [rose, person(2, null, 12), person(3, null, 1, true)], nextCursor: null },
      suggestions: [],
    });
    const list = await screen.findByRole('list', { name: 'People' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Rose Martin\s*40 photos/ }).getAttribute('href')).toBe('/people/1');
    expect(screen.getByRole('link', { name: /Add a name\s*12 photos/ })).toBeTruthy();
  });

  it('asks about a face it was unsure of, and sends the answer', async () => {
    const fetchMock = renderScreen({
      status: on,
      people: { items: [rose], nextCursor: null },
      suggestions: [{ faceId: 77, photoId: 5, box, thumbnailUrl: '/api/photos/image/5?size=thumb', person: rose, similarity: 0.66 }],
    });
    expect(await screen.findByRole('heading', { name: 'Is this Rose Martin?' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes' })));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/faces/77', expect.objectContaining({ method: 'PATCH', body: '{"personId":1}' })),
    );
  });

  it('says where to turn face recognition on when it is off', async () => {
    renderScreen({ status: { ...on, enabled: false }, people: { items: [], nextCursor: null }, suggestions: [] });
    expect((await screen.findByRole('link', { name: 'Turn it on in Settings' })).getAttribute('href')).toBe('/settings#photos');
  });
});
