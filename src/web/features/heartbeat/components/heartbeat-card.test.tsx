import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Heartbeat } from '@shared/schemas/heartbeat';
import { Toaster } from '@web/components/ui/toaster';
import { HeartbeatCard } from './heartbeat-card';

const none: Heartbeat = { url: null, lastCallAt: null, lastOkAt: null, lastError: null };

function renderCard(answerToPut: (url: string | null) => Heartbeat) {
  const puts: Array<string | null> = [];
  let current = none;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const { url } = JSON.parse(String(init.body)) as { url: string | null };
        puts.push(url);
        current = answerToPut(url);
      }
      return Response.json(current);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <HeartbeatCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return puts;
}

const LOADED = { timeout: 5000 };

describe('Settings → A watch from outside', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses what is not a web address before asking the server, then saves and says the monitor answered', async () => {
    const puts = renderCard((url) => ({ url, lastCallAt: '2026-11-30T08:00:00Z', lastOkAt: '2026-11-30T08:00:00Z', lastError: null }));
    const input = await screen.findByLabelText("Your monitor's push address", undefined, LOADED);
    fireEvent.change(input, { target: { value: 'hc-ping.com/abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and call it now' }));
    expect(await screen.findByText('Enter the address your monitor gives, starting with https://')).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(input, { target: { value: 'https://hc-ping.com/abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and call it now' }));
    expect(await screen.findByText('Your monitor answered', undefined, LOADED)).toBeTruthy();
    expect(puts).toEqual(['https://hc-ping.com/abc']);
    expect(screen.getByText(/^Your monitor last answered /)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stop the heartbeat' }));
    await waitFor(() => expect(puts).toEqual(['https://hc-ping.com/abc', null]));
    expect(await screen.findByText('Heartbeat stopped')).toBeTruthy();
  });

  it('keeps an address whose monitor did not answer, and says why', async () => {
    renderCard((url) => ({ url, lastCallAt: '2026-11-30T08:00:00Z', lastOkAt: null, lastError: 'Nothing answered at that address' }));
    const input = await screen.findByLabelText("Your monitor's push address", undefined, LOADED);
    fireEvent.change(input, { target: { value: 'https://status.example.org/api/push/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and call it now' }));
    expect(await screen.findByText('Saved, but your monitor did not answer', undefined, LOADED)).toBeTruthy();
    expect(screen.getByText(/failed: Nothing answered at that address\. heirloom keeps calling every hour\.$/)).toBeTruthy();
  });
});
