import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CareSettings } from '@shared/schemas/care';
import { CareAccessCard } from './care-access-card';
import { CareOpenBanner } from './care-open-banner';

const empty: CareSettings = { caregivers: [], scope: { documents: false, collectionIds: [], contacts: false }, waitingDays: 7 };
const contacts = [
  { id: 4, firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
  { id: 5, firstName: 'Nell', lastName: 'Gwyn', email: null },
];
const collections = [{ id: 9, title: 'Medical papers' }];

function renderWith(ui: React.ReactNode, initial: CareSettings) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  let settings = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/contacts') return Response.json(contacts);
      if (url === '/api/collections') return Response.json(collections);
      if (method === 'PUT' && url === '/api/legacy/care') {
        const input = body as { caregivers: number[]; scope: CareSettings['scope']; waitingDays: number };
        settings = {
          caregivers: input.caregivers.map((id) => ({
            contactId: id,
            name: 'Ana Silva',
            email: 'ana@example.com',
            state: 'idle',
            askedAt: null,
            opensAt: null,
            openedAt: null,
          })),
          scope: input.scope,
          waitingDays: input.waitingDays,
        };
      }
      if (method === 'POST' && url === '/api/legacy/care/end') settings = { ...settings, caregivers: [] };
      return Response.json(settings);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return calls;
}

describe('CareAccessCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what care access is for, offers contacts with an address, and saves caregivers, scope and waiting time', async () => {
    const calls = renderWith(<CareAccessCard />, empty);
    expect(
      screen.getByText(
        'Care access is for when you are alive but cannot look after things — an illness, a hospital stay. Nothing meant for after your death is shown.',
      ),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Ana Silva/ }, { timeout: 5000 }));
    expect(screen.queryByRole('checkbox', { name: /Nell Gwyn/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'The documents in your vault' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Collection: Medical papers' }));
    fireEvent.change(screen.getByLabelText('Waiting time (days)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save care access' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      caregivers: [4],
      scope: { documents: true, collectionIds: [9], contacts: false },
      waitingDays: 3,
    });
  });

  it('refuses a waiting time over 30 days before sending anything', async () => {
    const calls = renderWith(<CareAccessCard />, empty);
    fireEvent.change(await screen.findByLabelText('Waiting time (days)'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save care access' }));
    expect(await screen.findByText('The waiting time is 0 to 30 days')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('tells the owner whose care access is open, and ends it', async () => {
    const open: CareSettings = {
      ...empty,
      caregivers: [
        {
          contactId: 4,
          name: 'Ana Silva',
          email: 'ana@example.com',
          state: 'open',
          askedAt: '2026-03-01T10:00:00.000Z',
          opensAt: '2026-03-04T10:00:00.000Z',
          openedAt: '2026-03-04T10:00:00.000Z',
        },
      ],
    };
    const calls = renderWith(<CareOpenBanner />, open);
    expect(await screen.findByText(/^Care access is open for Ana Silva since/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End care access' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End care access' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/legacy/care/end')).toBe(true));
    await waitFor(() => expect(screen.queryByText(/Care access is open/)).toBeNull());
  });
});
