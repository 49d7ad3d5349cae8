import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnItemPicker } from './own-item-picker';
import { contactFixture } from '@tests/helpers/contact-fixture';

const memory = (id: number) => ({ id, title: `Memory ${id}`, eventDate: '1990-06-01' });

function answer(url: string): Response {
  if (url.startsWith('/api/search?')) {
    const params = new URLSearchParams(url.split('?')[1]);
    const hit = { kind: 'memory', id: 77, title: { text: 'Summer at the lake', ranges: [] }, snippet: null, date: '1985-07-01' };
    return Response.json({
      groups: [{ kind: params.get('kind'), items: [{ ...hit, relationship: null, thumbnailUrl: null }], hasMore: false, nextCursor: null }],
    });
  }
  const cursor = new URLSearchParams(url.split('?')[1]).get('cursor');
  // Two pages: 1–60, then 61–70.
  return cursor
    ? Response.json({ items: Array.from({ length: 10 }, (_, i) => memory(61 + i)), nextCursor: null })
    : Response.json({ items: Array.from({ length: 60 }, (_, i) => memory(1 + i)), nextCursor: 'next' });
}

function Harness({ max, locked }: { max?: number; locked?: number[] }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  return (
    <>
      <OwnItemPicker
        kind="memory"
        enabled
        mode="many"
        selected={selected}
        onToggle={(id) => setSelected((old) => new Set(old.has(id) ? [...old].filter((x) => x !== id) : [...old, id]))}
        label="Your memories"
        empty="No memories yet."
        lockedIds={new Set(locked)}
        lockedNote="Already in this collection"
        max={max}
      />
      <output>{[...selected].join(',')}</output>
    </>
  );
}

// Role queries over 60 rows are slow in jsdom: find the row by its title, then its box.
const box = (title: string) => screen.getByText(title, { exact: true }).closest('label')!.querySelector('input')!;
const findBox = async (title: string) =>
  (await screen.findByText(title, { exact: true }, { timeout: 3000 })).closest('label')!.querySelector('input')!;

function renderPicker(props: { max?: number; locked?: number[] } = {}) {
  const fetchMock = vi.fn(async (url: string) => answer(url));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('OwnItemPicker', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows one page of the newest items and more on "Show more", never the whole list', async () => {
    const fetchMock = renderPicker();
    expect(await findBox('Memory 60')).toBeTruthy();
    expect(screen.queryByText('Memory 61')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/memories/page?limit=60']);

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await findBox('Memory 70')).toBeTruthy();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/memories/page?limit=60&cursor=next', expect.anything());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it('asks the search for what is typed, and keeps choices made before', async () => {
    const fetchMock = renderPicker();
    fireEvent.click(await findBox('Memory 3'));
    fireEvent.change(screen.getByLabelText('Find a memory'), { target: { value: 'lake' } });
    fireEvent.click(await findBox('Summer at the lake'));
    expect(fetchMock).toHaveBeenCalledWith('/api/search?q=lake&kind=memory', expect.anything());
    expect(screen.getByRole('status').textContent).toBe('3,77');
  });

  it('shows locked items as chosen and disabled, and refuses more than max', async () => {
    renderPicker({ max: 1, locked: [2] });
    const locked = await findBox('Memory 2');
    expect(locked.checked && locked.disabled).toBe(true);
    expect(screen.getAllByText('Already in this collection')).toHaveLength(1);
    fireEvent.click(box('Memory 5'));
    expect(box('Memory 6').disabled).toBe(true);
    expect(box('Memory 5').checked).toBe(true);
  });
});

const contact = contactFixture;

function answerContacts(url: string): Response {
  if (url.startsWith('/api/search?')) {
    const hit = (id: number, name: string) => ({
      kind: 'contact',
      id,
      title: { text: `${name} Lee`, ranges: [] },
      snippet: null,
      date: null,
      relationship: 'family',
      thumbnailUrl: null,
    });
    // 8 was deleted after the search found it
    return Response.json({ groups: [{ kind: 'contact', items: [hit(7, 'Dee'), hit(8, 'Eve')], hasMore: false, nextCursor: null }] });
  }
  if (url === '/api/contacts/7') return Response.json(contact(7, 'Dee', 'dee@example.com'));
  if (url === '/api/contacts/8') return Response.json({ message: 'Contact not found' }, { status: 404 });
  return Response.json({ items: [contact(1, 'Ada', 'ada@example.com'), contact(2, 'Bo', null), contact(3, 'Cy', null)], nextCursor: null });
}

function ContactHarness({ chosen }: { chosen: number[] }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set(chosen));
  const [emails, setEmails] = useState<string[]>([]);
  return (
    <>
      <OwnItemPicker
        kind="contact"
        enabled
        mode="many"
        selected={selected}
        onToggle={(id, item) => {
          setSelected((old) => new Set(old.has(id) ? [...old].filter((x) => x !== id) : [...old, id]));
          setEmails((old) => [...old, item.contact?.email ?? 'none']);
        }}
        label="Your contacts"
        empty="No contacts yet."
        unavailable={(item) => (item.contact?.email ? undefined : 'No e-mail address')}
      />
      <output>{emails.join(',')}</output>
    </>
  );
}

describe('OwnItemPicker for contacts', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderContacts(chosen: number[] = []) {
    const fetchMock = vi.fn(async (url: string) => answerContacts(url));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ContactHarness chosen={chosen} />
      </QueryClientProvider>,
    );
    return fetchMock;
  }

  it('reads a page of contacts by name, and refuses those the rule makes unavailable unless already chosen', async () => {
    const fetchMock = renderContacts([3]);
    expect((await findBox('Ada Lee')).disabled).toBe(false);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/contacts/page?limit=60']);
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(box('Bo Lee').disabled).toBe(true);
    expect(box('Cy Lee').checked && !box('Cy Lee').disabled).toBe(true);
    expect(screen.getAllByText('No e-mail address')).toHaveLength(2);
    fireEvent.click(box('Ada Lee'));
    expect(screen.getByRole('status').textContent).toBe('ada@example.com');
  });

  it('reads the contacts a search finds whole, leaving out one deleted since', async () => {
    const fetchMock = renderContacts();
    await findBox('Ada Lee');
    fireEvent.change(screen.getByLabelText('Find a contact'), { target: { value: 'lee' } });
    fireEvent.click(await findBox('Dee Lee'));
    expect(fetchMock).toHaveBeenCalledWith('/api/search?q=lee&kind=contact', expect.anything());
    expect(screen.queryByText('Eve Lee')).toBeNull();
    expect(screen.queryByText('Ada Lee')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('dee@example.com');
  });
});
