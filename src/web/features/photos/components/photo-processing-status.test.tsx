import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { PhotoProcessingStatus } from './photo-processing-status';

function renderWith(counts: { pending: number; failed: number }[]) {
  let calls = 0;
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/photos/processing') return new Response(JSON.stringify(counts[Math.min(calls++, counts.length - 1)]));
    if (url === '/api/photos/retry-failed') return new Response(JSON.stringify({ queued: 3 }));
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PhotoProcessingStatus />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('PhotoProcessingStatus (Settings → Maintenance)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says nothing when every photo is processed', async () => {
    const fetchMock = renderWith([{ pending: 0, failed: 0 }]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('uses the singular for one photo', async () => {
    renderWith([{ pending: 1, failed: 1 }]);
    expect(await screen.findByText('1 photo could not be processed')).toBeTruthy();
    expect(screen.getByText('1 photo is still being processed')).toBeTruthy();
  });

  it('retries the failed photos, toasts the result and reads the counts again', async () => {
    const fetchMock = renderWith([
      { pending: 0, failed: 3 },
      { pending: 3, failed: 0 },
    ]);
    expect(await screen.findByText('3 photos could not be processed')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('3 photos queued for processing again')).toBeTruthy();
    expect(await screen.findByText('3 photos are still being processed')).toBeTruthy();
    expect(screen.queryByText('3 photos could not be processed')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/photos/retry-failed', expect.objectContaining({ method: 'POST' }));
  });
});
