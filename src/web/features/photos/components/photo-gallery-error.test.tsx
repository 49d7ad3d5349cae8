import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoGallery } from './photo-gallery';

function renderGalleryAnswering(answer: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.startsWith('/api/photos/months') ? Response.json({ months: [] }) : answer())),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/photos']}>
        <PhotoGallery />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PhotoGallery load failure (spec §2: red banner)', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says 'Error: ' and the error's message", async () => {
    renderGalleryAnswering(() => new Response('database unreachable', { status: 503, statusText: 'Service Unavailable' }));
    const grid = within(await screen.findByRole('tabpanel', { name: 'Grid' }));
    expect((await grid.findByRole('alert')).textContent).toBe('Error: 503: database unreachable');
  });

  it("says 'Error: Failed to load photos' when the error has no message", async () => {
    renderGalleryAnswering(() => Promise.reject(new TypeError('')));
    const grid = within(await screen.findByRole('tabpanel', { name: 'Grid' }));
    expect((await grid.findByRole('alert')).textContent).toBe('Error: Failed to load photos');
  });
});
