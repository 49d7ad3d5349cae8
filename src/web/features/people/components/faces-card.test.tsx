import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PeopleStatus } from '@shared/schemas/people';
import { Toaster } from '@web/components/ui/toaster';
import { FacesCard } from './faces-card';

/** A server whose status is `status`, and that answers a PUT of the settings with `after`. */
function renderCard(status: PeopleStatus, after?: PeopleStatus) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json(init?.method === 'PUT' ? after : status, { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FacesCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const looking: PeopleStatus = {
  available: true,
  enabled: true,
  photosTotal: 100_000,
  photosDone: 41_200,
  photosPending: 58_800,
  photosFailed: 0,
};

describe('FacesCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows how far finding faces has come, and when it is done', async () => {
    renderCard(looking);
    expect(await screen.findByText('Finding faces: 41,200 of 100,000 photos')).toBeTruthy();
    cleanup();
    renderCard({ ...looking, photosDone: 99_998, photosPending: 0, photosFailed: 2 });
    expect(await screen.findByText('All 100,000 photos looked at. 2 could not be looked at.')).toBeTruthy();
  });

  it('asks before turning it off, then turns it off', async () => {
    const fetchMock = renderCard(looking, { ...looking, enabled: false });
    const toggle = await screen.findByRole('switch', { name: 'Find faces in my photos' });
    await act(async () => fireEvent.click(toggle));
    expect(screen.getByRole('alertdialog', { name: 'Turn off face recognition?' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/people/settings', expect.anything());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/people/settings', expect.objectContaining({ method: 'PUT', body: '{"enabled":false}' })),
    );
    expect(await screen.findByText('Face recognition is off')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Find faces in my photos' }).getAttribute('aria-checked')).toBe('false');
  });
});
