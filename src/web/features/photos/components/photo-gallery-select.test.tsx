import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { PhotoGallery } from './photo-gallery';
import { photoFixture } from '@tests/helpers/photo-fixture';

const photo = (id: number, fileName: string): Photo => photoFixture(id, { fileName });

function renderGallery(withAction: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/photos/months')
        ? Response.json({ months: [{ month: '2024-01', count: 3 }] })
        : Response.json({ items: [photo(1, 'porch.jpg'), photo(2, 'garden.jpg'), photo(3, 'attic.jpg')], nextCursor: null }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/photos']}>
        <PhotoGallery
          sharedIds={new Set([2])}
          selectionAction={
            withAction
              ? (ids, endSelection) => (
                  <button type="button" onClick={endSelection}>
                    Act on {ids.join(',') || 'nothing'}
                  </button>
                )
              : undefined
          }
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PhotoGallery Select mode', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
    // jsdom lays nothing out: a wide list, so the grid has its 4 columns
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
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('turns tiles into checkboxes and hands the chosen ids to the action, which can end Select mode', async () => {
    renderGallery(true);
    const grid = within(await screen.findByRole('tabpanel', { name: 'Grid' }));
    await grid.findByRole('button', { name: 'View porch.jpg' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(grid.queryByRole('button', { name: 'View porch.jpg' })).toBeNull();
    fireEvent.click(grid.getByRole('checkbox', { name: 'Select garden.jpg' }));
    fireEvent.click(grid.getByRole('checkbox', { name: 'Select porch.jpg' }));
    fireEvent.click(grid.getByRole('checkbox', { name: 'Select garden.jpg' }));
    const bar = within(screen.getByRole('region', { name: 'Selection' }));
    expect(bar.getByText('1 selected')).toBeTruthy();
    // shift-click: every photo from the last one clicked (porch) to this one, in the gallery's order
    fireEvent.click(grid.getByRole('checkbox', { name: 'Select attic.jpg' }), { shiftKey: true });
    expect(bar.getByText('3 selected')).toBeTruthy();
    fireEvent.click(grid.getByRole('checkbox', { name: 'Select porch.jpg' }));
    expect(bar.getByText('2 selected')).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: 'Act on 2,3' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
    expect(grid.getByRole('button', { name: 'View porch.jpg' })).toBeTruthy();
  });

  it('marks shared photos, and offers Select mode with the bulk actions even without an extra action', async () => {
    renderGallery(false);
    const grid = within(await screen.findByRole('tabpanel', { name: 'Grid' }));
    await grid.findByRole('button', { name: 'View porch.jpg' });
    expect(grid.getAllByText('Shared')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(grid.getByRole('checkbox', { name: 'Select porch.jpg' }));
    const bar = within(screen.getByRole('region', { name: 'Selection' }));
    expect(bar.getByText('1 selected')).toBeTruthy();
    expect(bar.getByRole('button', { name: 'Delete selected' })).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
  });

  it('starts Select mode with a photo held on touch; the next tap counts whether or not the press ended in a click', async () => {
    renderGallery(false);
    const grid = within(await screen.findByRole('tabpanel', { name: 'Grid' }));
    const garden = await grid.findByRole('button', { name: 'View garden.jpg' });
    vi.useFakeTimers();
    try {
      // jsdom's pointer events carry no pointerType: say it is a finger
      const touch = (type: string) => Object.assign(new Event(type, { bubbles: true }), { pointerType: 'touch', clientX: 5, clientY: 5 });
      act(() => void garden.dispatchEvent(touch('pointerdown')));
      act(() => void vi.advanceTimersByTime(500));
    } finally {
      vi.useRealTimers();
    }
    const bar = within(screen.getByRole('region', { name: 'Selection' }));
    expect(bar.getByText('1 selected')).toBeTruthy();
    expect(grid.getByRole('checkbox', { name: 'Select garden.jpg' }).getAttribute('aria-checked')).toBe('true');
    // this phone sent no click when the finger lifted: the next tap is a press and a click of its own
    const attic = grid.getByRole('checkbox', { name: 'Select attic.jpg' });
    fireEvent.pointerDown(attic);
    fireEvent.click(attic);
    expect(bar.getByText('2 selected')).toBeTruthy();
  });
});
