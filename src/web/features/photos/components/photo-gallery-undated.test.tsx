import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoFixture } from '@tests/helpers/photo-fixture';
import { queryKeys } from '@web/lib/query-keys';
import { PhotoGallery } from './photo-gallery';

const HINT = 'Select them and choose Set date to date many at once.';

describe('PhotoGallery Undated chip', () => {
  let undatedLeft: number[];
  let pageUrls: string[];
  let queryClient: QueryClient;

  beforeEach(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly onResize: ResizeObserverCallback) {}
        observe(target: Element) {
          const entry = { target, contentRect: { width: 1000, height: 300 } } as unknown as ResizeObserverEntry;
          this.onResize([entry], this as unknown as ResizeObserver);
        }
        disconnect() {}
        unobserve() {}
      },
    );
    undatedLeft = [2, 3];
    pageUrls = [];
    const dated = photoFixture(1, { fileName: 'porch.jpg', dateTaken: '2024-01-05T10:00:00.000Z' });
    const undated = (id: number) => photoFixture(id, { fileName: `scan-${id}.jpg`, dateTaken: null, dateTakenPrecision: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/photos/months')) return Response.json({ months: [{ month: '2024-01', count: 3 }] });
        if (url.startsWith('/api/photos/undated-count')) return Response.json({ count: undatedLeft.length });
        pageUrls.push(url);
        const items = url.includes('undated=true') ? undatedLeft.map(undated) : [dated, ...undatedLeft.map(undated)];
        return Response.json({ items, nextCursor: null });
      }),
    );
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/photos']}>
          <PhotoGallery />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows only the undated photos with a hint, and refreshes once some are dated', async () => {
    const grid = within(await screen.findByRole('tabpanel', { name: 'Grid' }));
    await grid.findByRole('button', { name: 'View porch.jpg' });
    const chip = await screen.findByRole('button', { name: /^Undated\s*\d+$/ });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(chip.textContent).toContain('2');
    expect(screen.queryByText(HINT)).toBeNull();

    fireEvent.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(grid.queryByRole('button', { name: 'View porch.jpg' })).toBeNull());
    await grid.findByRole('button', { name: 'View scan-2.jpg' });
    expect(grid.getByRole('button', { name: 'View scan-3.jpg' })).toBeTruthy();
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(pageUrls.some((url) => url.includes('undated=true'))).toBe(true);

    // a Set date reads the photos again (useBulkPhotoAction invalidates every photo query): the dated one leaves
    undatedLeft = [3];
    await queryClient.invalidateQueries({ queryKey: queryKeys.photos.all });
    await waitFor(() => expect(grid.queryByRole('button', { name: 'View scan-2.jpg' })).toBeNull());
    expect(grid.getByRole('button', { name: 'View scan-3.jpg' })).toBeTruthy();

    fireEvent.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    await grid.findByRole('button', { name: 'View porch.jpg' });
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
