import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LegacyPlan, LegacyStatus } from '@shared/schemas/legacy';
import { localMidnightIso } from '../wording';
import { StatusCard } from './status-card';

const plan: LegacyPlan = { checkInMonths: 6, vetoDays: 14, verifiersRequired: 1, verifiers: [], pausedUntil: null };
const active: LegacyStatus = {
  configured: true,
  state: 'active',
  stateSince: null,
  lastCheckInAt: null,
  nextStepAt: localMidnightIso('2027-05-25'),
  pausedUntil: null,
  confirmations: 0,
  verifiersRequired: 1,
  vetoEndsAt: null,
  releasedAt: null,
  mailConfigured: true,
};

function renderCard(initial: LegacyStatus) {
  const calls: { method: string; url: string; body?: string }[] = [];
  let status = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body as string | undefined });
      if (url === '/api/legacy/status') return Response.json(status);
      if (url === '/api/legacy/plan') return Response.json(plan);
      if (method === 'POST' && url === '/api/legacy/veto') {
        status = active;
        return Response.json(status);
      }
      return Response.json(status);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <StatusCard />
    </QueryClientProvider>,
  );
  return calls;
}

describe('StatusCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers to cancel a pending release, and cancelling returns the plan to normal', async () => {
    const calls = renderCard({ ...active, state: 'veto', vetoEndsAt: localMidnightIso('2026-12-09'), confirmations: 1 });
    expect(await screen.findByText('Release pending — it happens on 9 December 2026 unless you cancel')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the release' }));
    expect(await screen.findByText('Active — next check-in mail on 25 May 2027')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/legacy/veto')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel the release' })).toBeNull();
  });

  it('pauses check-ins until a chosen day, keeping the rest of the plan', async () => {
    const calls = renderCard(active);
    fireEvent.click(await screen.findByRole('button', { name: 'I’m travelling' }));
    const day = new Date();
    day.setDate(day.getDate() + 30);
    const value = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    fireEvent.change(screen.getByLabelText('Back on'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Pause check-ins' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/legacy/plan');
    expect(JSON.parse(put.body!)).toEqual({
      checkInMonths: 6,
      vetoDays: 14,
      verifierContactIds: [],
      verifiersRequired: 1,
      pausedUntil: localMidnightIso(value),
    });
  });

  it('says so when the plan is not set up, without check-in buttons', async () => {
    renderCard({ ...active, configured: false, nextStepAt: null });
    expect(await screen.findByText(/^Not set up yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I’m still here' })).toBeNull();
  });

  it('warns that nobody is reached while no mail server is set up, and only then', async () => {
    renderCard({ ...active, mailConfigured: false });
    expect(await screen.findByText('heirloom cannot send e-mail yet')).toBeTruthy();
    cleanup();
    renderCard(active);
    await screen.findByText('Active — next check-in mail on 25 May 2027');
    expect(screen.queryByText('heirloom cannot send e-mail yet')).toBeNull();
  });
});
