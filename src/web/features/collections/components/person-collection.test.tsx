import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '@shared/schemas/people';
import { NewCollectionDialog } from './new-collection-dialog';
import { PublicLinkDialog } from './public-link-dialog';

const person = (id: number, name: string | null, over: Partial<Person> = {}): Person => ({
  id,
  name,
  contactId: null,
  faceCount: 4,
  coverUrl: null,
  coverBox: null,
  hidden: false,
  onThisDay: true,
  ...over,
});
const people = [
  person(1, 'Rose Martin'),
  person(2, 'Tom Martin'),
  person(3, 'Passer-by', { hidden: true }),
  person(4, null, { faceCount: 1 }),
];

function renderWith(ui: React.ReactNode) {
  const posted: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { title?: string; personId?: number };
      posted.push({ url, body });
      if (url === '/api/collections')
        return Response.json(
          { id: 9, title: body.title, person: body.personId ? { id: body.personId, name: 'Rose Martin' } : null },
          { status: 201 },
        );
      return Response.json({ id: 1, url: 'http://heirloom.test/s/abcdefghijklmnopqrstuvwxyz' }, { status: 201 });
    }
    if (url === '/api/people?named=true') return Response.json({ items: people.filter((p) => p.name), nextCursor: null });
    if (url === '/api/people?named=false') return Response.json({ items: people.filter((p) => !p.name), nextCursor: null });
    if (url === '/api/people?q=Tom') return Response.json({ items: [people[1]], nextCursor: null });
    if (url === '/api/people/2') return Response.json(people[1]);
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
  return posted;
}

describe('a collection of every photo of a person', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is chosen in the new collection dialog: a person (never a hidden one) names it until the owner does', async () => {
    const onCreated = vi.fn();
    const posted = renderWith(<NewCollectionDialog onCreated={onCreated} />);
    fireEvent.click(screen.getByRole('button', { name: 'New collection' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Every photo of a person (it keeps itself up to date)' }));
    const box = await screen.findByRole('combobox', { name: 'Person' });
    fireEvent.focus(box);
    const list = within(screen.getByRole('listbox', { name: 'People to choose from' }));
    await list.findByRole('option', { name: 'Rose Martin' });
    await list.findByRole('option', { name: 'Someone not yet named, in 1 photo' });
    expect(list.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
      'Rose Martin',
      'Tom Martin',
      'Someone not yet named, in 1 photo',
    ]);
    const choose = async (name: string) => {
      fireEvent.click(box);
      fireEvent.click(await list.findByRole('option', { name }));
    };

    // nobody chosen: said, and nothing sent
    fireEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText('Choose the person whose photos it holds.')).toBeTruthy();
    // typing asks the server for the named people whose name holds the text
    fireEvent.change(box, { target: { value: 'Tom' } });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/people?q=Tom', expect.anything()));
    await waitFor(() => expect(list.getAllByRole('option').map((o) => o.getAttribute('aria-label'))[0]).toBe('Tom Martin'));
    fireEvent.click(list.getByRole('option', { name: 'Tom Martin' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Every photo of Tom Martin');
    fireEvent.change(box, { target: { value: '' } });
    await choose('Rose Martin');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Every photo of Rose Martin');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Grandma' } });
    await choose('Tom Martin');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Grandma'); // the owner's title stays
    await choose('Rose Martin');

    fireEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posted).toEqual([{ url: '/api/collections', body: { title: 'Grandma', description: null, personId: 1 } }]);
  });

  it('an ordinary collection sends no person', async () => {
    const posted = renderWith(<NewCollectionDialog onCreated={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'New collection' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Summer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({ title: 'Summer', description: null });
  });

  it('opens at once with the person asked for from their page', async () => {
    const done = vi.fn();
    const posted = renderWith(<NewCollectionDialog onCreated={vi.fn()} forPersonId={2} onPersonDone={done} />);
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Every photo of Tom Martin'));
    expect(await screen.findByText('Chosen: Tom Martin')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveProperty('value', 'Tom Martin');
    fireEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ personId: 2, title: 'Every photo of Tom Martin' });
    expect(done).toHaveBeenCalled();
  });
});

describe('Include names', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is off unless ticked, beside Include places, and says what it shows', async () => {
    const posted = renderWith(<PublicLinkDialog collectionId={5} />);
    fireEvent.click(screen.getByRole('button', { name: 'Public link' }));
    const names = screen.getByRole('checkbox', { name: 'Include names' }) as HTMLInputElement;
    expect(names.checked).toBe(false);
    expect(screen.getByText('The names of the people in the photos are shown only when this is ticked.').id).toBe(
      names.getAttribute('aria-describedby'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ kind: 'public', includePlaces: false, includeNames: false });

    cleanup();
    const again = renderWith(<PublicLinkDialog collectionId={5} />);
    fireEvent.click(screen.getByRole('button', { name: 'Public link' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include names' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(again).toHaveLength(1));
    expect(again[0]).toEqual({
      url: '/api/collections/5/links',
      body: expect.objectContaining({ includePlaces: false, includeNames: true }),
    });
  });
});
