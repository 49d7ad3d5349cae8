import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '@shared/schemas/people';
import { Toaster } from '@web/components/ui/toaster';
import { PersonScreen } from './person-screen';

const box = { x: 0.2, y: 0.1, width: 0.3, height: 0.4 };
const unnamed: Person = {
  id: 1,
  name: null,
  contactId: null,
  faceCount: 3,
  coverUrl: '/api/photos/image/9?size=thumb',
  coverBox: box,
  hidden: false,
  onThisDay: true,
};
const other: Person = { ...unnamed, id: 2, name: 'Rose Martin', faceCount: 40 };
const contact: Record<string, unknown> = { id: 5, firstName: 'Rose', lastName: 'Martin', relationship: 'family' };

function renderScreen({ person = unnamed, together = [] as unknown[], memories = [] as unknown[] } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') return Response.json({ ...unnamed, ...(JSON.parse(String(init.body)) as object) });
    if (init?.method === 'POST') return Response.json(other);
    if (url === '/api/people/1') return Response.json(person);
    if (url.startsWith('/api/people/1/photos')) return Response.json({ items: [], nextCursor: null });
    if (url === '/api/people/1/together') return Response.json(together);
    if (url === '/api/people/1/memories') return Response.json(memories);
    if (url === '/api/contacts/5') return Response.json(contact);
    if (url.startsWith('/api/contacts/page?limit=20'))
      return Response.json({ items: url.includes('q=Zed') ? [] : [contact], nextCursor: null });
    if (url === '/api/people?named=true') return Response.json({ items: [other], nextCursor: null });
    if (url === '/api/people?named=false')
      return Response.json({ items: [unnamed, { ...unnamed, id: 4, faceCount: 1 }], nextCursor: null });
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onMerged = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PersonScreen
          id={1}
          notFound={<p>Not found</p>}
          thumbnail={(photo) => <span>photo {photo.id}</span>}
          memoryHref={(memoryId) => `/memories?memory=${memoryId}`}
          onMerged={onMerged}
        />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock, onMerged };
}

const sent = (fetchMock: ReturnType<typeof vi.fn>, url: string, method: string, body: string) =>
  expect(fetchMock).toHaveBeenCalledWith(url, expect.objectContaining({ method, body }));

describe('PersonScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names a person by typing, or by one of the contacts', async () => {
    const { fetchMock } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Someone not yet named' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Grandma  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save name' })));
    await waitFor(() => sent(fetchMock, '/api/people/1', 'PATCH', '{"name":"Grandma"}'));

    const box = await screen.findByRole('combobox', { name: 'Contact' });
    expect(box.getAttribute('placeholder')).toBe('Not one of my contacts');
    fireEvent.focus(box);
    const list = within(screen.getByRole('listbox', { name: 'Contacts to choose from' }));
    const family = within(await list.findByRole('group', { name: 'Family' }));
    await act(async () => fireEvent.click(family.getByRole('option', { name: 'Rose Martin' })));
    await waitFor(() => sent(fetchMock, '/api/people/1', 'PATCH', '{"contactId":5}'));
    expect(await screen.findByText('Contact saved')).toBeTruthy();
    // only the first page of contacts was asked for, never the whole contact book
    expect(fetchMock).toHaveBeenCalledWith('/api/contacts/page?limit=20', expect.anything());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/contacts', expect.anything());
  });

  it('finds a contact by asking the server as the owner types, and unlinks one', async () => {
    const { fetchMock } = renderScreen({ person: { ...unnamed, name: 'Rose Martin', contactId: 5 } });
    const box = await screen.findByRole('combobox', { name: 'Contact' });
    await waitFor(() => expect(box).toHaveProperty('value', 'Rose Martin'));
    fireEvent.change(box, { target: { value: 'Zed' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('No contact is named like “Zed”.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/contacts/page?limit=20&q=Zed', expect.anything());

    fireEvent.change(box, { target: { value: 'Ro' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/contacts/page?limit=20&q=Ro', expect.anything()));
    await screen.findByRole('option', { name: 'Rose Martin' });
    fireEvent.keyDown(box, { key: 'ArrowDown' }); // "Not one of my contacts" comes first
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    await waitFor(() => sent(fetchMock, '/api/people/1', 'PATCH', '{"contactId":null}'));
  });

  it('leaves a person out of On This Day, and says so', async () => {
    const { fetchMock } = renderScreen();
    const toggle = await screen.findByRole('switch', { name: 'Show in On This Day' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(toggle));
    await waitFor(() => sent(fetchMock, '/api/people/1', 'PATCH', '{"onThisDay":false}'));
  });

  it('merges a person into the one they are the same as, named or not, and says where they went', async () => {
    const { fetchMock, onMerged } = renderScreen();
    const same = await screen.findByRole('combobox', { name: 'The same person as' });
    expect(screen.getByRole('button', { name: 'Merge' })).toHaveProperty('disabled', true);
    fireEvent.focus(same);
    expect(same.getAttribute('aria-expanded')).toBe('true');
    // everyone but this person: the named by name, the unnamed by their face
    const list = within(screen.getByRole('listbox', { name: 'People to choose from' }));
    await list.findByRole('option', { name: 'Rose Martin' });
    expect(list.getByRole('option', { name: 'Someone not yet named, in 1 photo' })).toBeTruthy();
    expect(list.queryByRole('option', { name: 'Someone not yet named, in 3 photos' })).toBeNull();
    fireEvent.click(list.getByRole('option', { name: 'Rose Martin' }));
    expect(same.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Merge' })));
    await waitFor(() => sent(fetchMock, '/api/people/1/merge', 'POST', '{"intoId":2}'));
    expect(onMerged).toHaveBeenCalledWith(2);
  });

  it("shows the contact's relation and birthday, who is seen with them, and the memories that name them", async () => {
    const rose = { ...unnamed, name: 'Rose Martin', contactId: 5 };
    const { fetchMock } = renderScreen({
      person: rose,
      together: [{ person: { ...other, id: 3, name: 'Albert Martin' }, photoCount: 12 }],
      memories: [{ id: 7, title: 'The wedding', content: 'Rose Martin wore her mother’s dress.', eventDate: '1962-06-02' }],
    });
    contact.birthday = '1931-04-14';
    contact.familyRelation = 'Grandmother';
    expect(await screen.findByText('Grandmother · Born April 14, 1931')).toBeTruthy();
    const link = await screen.findByRole('link', { name: /The wedding/ });
    expect(link.getAttribute('href')).toBe('/memories?memory=7');
    expect(screen.getByRole('heading', { name: 'Memories that name Rose Martin' })).toBeTruthy();

    const albert = await screen.findByRole('button', { name: /Albert Martin.*12 photos/ });
    await act(async () => fireEvent.click(albert));
    expect(albert.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Photos with Albert Martin' })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/people/1/photos?sortBy=dateTaken&with=3', expect.anything()));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show every photo' })));
    expect(screen.getByRole('heading', { name: 'Photos' })).toBeTruthy();
  });
});
