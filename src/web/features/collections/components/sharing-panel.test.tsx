import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '@shared/schemas/contacts';
import type { ShareLink } from '@shared/schemas/sharing';
import { SharingPanel } from './sharing-panel';
import { contactFixture } from '@tests/helpers/contact-fixture';

const publicLink: ShareLink = {
  id: 4,
  includeNames: false,
  kind: 'public',
  contact: null,
  url: 'http://heirloom.test/s/abcdefghijklmnopqrstuvwxyz',
  hasPassword: true,
  includePlaces: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastOpenedAt: null,
  viewCount: 3,
};
const personalLink: ShareLink = { ...publicLink, id: 5, kind: 'personal', contact: { id: 1, name: 'Ada Byron', email: 'ada@example.com' } };

const contact = contactFixture;

function renderPanel(links: ShareLink[], contacts: Contact[] = []) {
  const calls: { method: string; url: string }[] = [];
  let current = links;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'GET' && url === '/api/collections/2/links') return Response.json(current);
      if (method === 'GET' && url === '/api/contacts/page?limit=60') return Response.json({ items: contacts, nextCursor: null });
      if (method === 'DELETE') {
        current = current.filter((l) => !url.endsWith(`/links/${l.id}`));
        return new Response(null, { status: 204 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SharingPanel collectionId={2} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('SharingPanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says a collection without links is private', async () => {
    renderPanel([]);
    expect(await screen.findByText('Private: nobody else can see this collection.')).toBeTruthy();
  });

  it('lists each link with its recipient, flags and counts', async () => {
    renderPanel([publicLink, personalLink]);
    const row = await screen.findByRole('listitem', { name: 'Public link' });
    expect(within(row).getByText('Password')).toBeTruthy();
    expect(within(row).queryByText('Places included')).toBeNull();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Not yet')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Ada Byron' })).toBeTruthy();
  });

  it('revokes a link only after the confirmation', async () => {
    const calls = renderPanel([publicLink]);
    const row = await screen.findByRole('listitem', { name: 'Public link' });
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: '/api/collections/2/links/4' }));
    expect(await screen.findByText('Private: nobody else can see this collection.')).toBeTruthy();
  });

  it('shows contacts without an e-mail address, or with a link already, as unavailable with the reason', async () => {
    renderPanel([personalLink], [contact(1, 'Ada', 'ada@example.com'), contact(2, 'Bo', null), contact(3, 'Cy', 'cy@example.com')]);
    await screen.findByRole('listitem', { name: 'Ada Byron' });
    fireEvent.click(screen.getByRole('button', { name: 'Add people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add people' });
    const bo = await within(dialog).findByRole('radio', { name: /Bo Lee/ });
    expect((bo as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('No e-mail address: add one on their contact card first')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: /Ada Lee/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: /Cy Lee/ }) as HTMLInputElement).disabled).toBe(false);
    expect(within(dialog).getByText(/receive a personal link by e-mail/)).toBeTruthy();
  });
});
