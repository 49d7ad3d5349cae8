import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReachabilityEntry } from '@shared/schemas/reachability';
import { ReachabilitySection } from './reachability-section';

const entry = (name: string, over: Partial<ReachabilityEntry>): ReachabilityEntry => ({
  contactId: name.length,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  heir: true,
  verifier: false,
  status: 'not-asked',
  askedAt: null,
  lastConfirmedAt: null,
  pending: over.status === 'pending',
  bounced: over.status === 'bounced',
  ...over,
});

function renderWith(entries: ReachabilityEntry[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(entries)),
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReachabilitySection />
    </QueryClientProvider>,
  );
}

describe('After Life → Can heirloom still reach them?', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says where each address stands, and marks those that may be out of date', async () => {
    renderWith([
      entry('Tom King', { status: 'confirmed', askedAt: '2026-03-01T10:00:00Z', lastConfirmedAt: '2026-03-02T10:00:00Z' }),
      entry('Vera Lane', { verifier: true, heir: false, status: 'unconfirmed', askedAt: '2026-01-05T10:00:00Z' }),
      entry('Zed Moss', { status: 'bounced', askedAt: '2026-01-05T10:00:00Z' }),
      entry('Ann Bell', { verifier: true }),
    ]);
    const list = await screen.findByRole('list', { name: 'Addresses of heirs and verifiers' }, { timeout: 5000 });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Tom King · heir · tom@example.com' + 'Confirmed March 2, 2026',
      'Vera Lane · verifier · vera@example.com' + 'Not confirmed since heirloom asked on January 5, 2026: this address may be out of date',
      'Zed Moss · heir · zed@example.com' + 'Their mail server refused this address: it may be out of date',
      'Ann Bell · heir and verifier · ann@example.com' + 'Not asked yet: heirloom asks a week after someone is named, then once a year',
    ]);
  });

  it('is not shown when nobody is named yet', async () => {
    const { container } = renderWith([]);
    await vi.waitFor(() => expect(container.innerHTML).toBe('')); // not even the skeleton of a pending list
  });
});
