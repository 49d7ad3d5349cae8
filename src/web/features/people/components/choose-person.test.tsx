import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '@shared/schemas/people';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Toaster } from '@web/components/ui/toaster';
import { ChoosePerson } from './choose-person';

const someone = (id: number, name: string | null, faceCount = 2, hidden = false): Person => ({
  id,
  name,
  contactId: null,
  faceCount,
  coverUrl: `/api/photos/image/${id}?size=thumb`,
  coverBox: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
  hidden,
  onThisDay: true,
});
const face = { id: 50, box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 }, personId: null, source: 'detected' as const };

/** The server's answers: named people by search, the unnamed in two pages. */
/** `around`: what the chooser is shown in (a dialog); it then comes without the toasts, whose last ones would lie over it. */
function renderChooser(around?: (chooser: ReactNode) => ReactNode) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') return new Response(null, { status: 204 });
    const query = new URL(url, 'http://x').searchParams;
    if (query.get('named') === 'true') return Response.json({ items: [someone(1, 'Albert Martin')], nextCursor: null });
    if (query.get('q') === 'rose') return Response.json({ items: [someone(2, 'Rose Martin'), someone(3, 'Ambrose')], nextCursor: null });
    if (query.get('q')) return Response.json({ items: [], nextCursor: null });
    if (query.get('named') === 'false' && query.get('cursor') === 'next')
      return Response.json({ items: [someone(22, null, 1)], nextCursor: null });
    if (query.get('named') === 'false')
      return Response.json({ items: [someone(20, null, 9), someone(21, null, 4, true)], nextCursor: 'next' });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {around ? around(<ChoosePerson face={face} onDone={onDone} />) : <ChoosePerson face={face} onDone={onDone} />}
      {!around && <Toaster />}
    </QueryClientProvider>,
  );
  const patches = () =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url, init]) => [url, JSON.parse(String(init?.body))]);
  return { fetchMock, onDone, patches };
}

const listbox = () => within(screen.getByRole('listbox', { name: 'People to choose from' }));

describe('Who is this?', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('finds a named person on the server by part of their name, and picks them with the keyboard', async () => {
    const { fetchMock, patches, onDone } = renderChooser();
    const who = screen.getByRole('combobox', { name: 'Who is this?' });
    expect(document.activeElement).toBe(who);
    expect(who.getAttribute('aria-expanded')).toBe('true');
    await listbox().findByRole('option', { name: 'Albert Martin' });

    fireEvent.change(who, { target: { value: 'rose' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/people?q=rose', expect.anything()));
    await listbox().findByRole('option', { name: 'Ambrose' });
    expect(listbox().queryByRole('option', { name: 'Albert Martin' })).toBeNull();

    fireEvent.keyDown(who, { key: 'ArrowDown' });
    fireEvent.keyDown(who, { key: 'ArrowDown' });
    const ambrose = listbox().getByRole('option', { name: 'Ambrose' });
    expect(who.getAttribute('aria-activedescendant')).toBe(ambrose.id);
    expect(ambrose.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(who, { key: 'Enter' });
    expect(who.getAttribute('aria-expanded')).toBe('false');
    expect((who as HTMLInputElement).value).toBe('Ambrose');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([['/api/faces/50', { personId: 3 }]]));
    expect(await screen.findByText('This face is Ambrose.')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
  });

  it('shows the people not yet named by their face, more on asking, and says this face is one of them', async () => {
    const { fetchMock, patches } = renderChooser();
    const nine = await listbox().findByRole('option', { name: 'Someone not yet named, in 9 photos' });
    expect(nine.querySelector('img')?.getAttribute('src')).toBe('/api/photos/image/20?size=thumb');
    // a hidden person (a stranger in the background) is not offered
    expect(listbox().queryByRole('option', { name: 'Someone not yet named, in 4 photos' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show more faces' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/people?named=false&cursor=next', expect.anything()));
    fireEvent.click(await listbox().findByRole('option', { name: 'Someone not yet named, in 1 photo' }));
    expect(screen.getByText('Chosen: Someone not yet named, in 1 photo')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([['/api/faces/50', { personId: 22 }]]));
  });

  it('offers a name no one has yet as a new person, and Escape closes the list', async () => {
    const { patches } = renderChooser();
    const who = screen.getByRole('combobox', { name: 'Who is this?' });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(who, { target: { value: 'Grandpa Joe' } });
    expect(await listbox().findByRole('option', { name: 'New person: Grandpa Joe' })).toBeTruthy();
    expect(await screen.findByText('No one is named like “Grandpa Joe” yet.')).toBeTruthy();
    fireEvent.keyDown(who, { key: 'Escape' });
    expect(who.getAttribute('aria-expanded')).toBe('false');
    fireEvent.submit(who.closest('form')!);
    await waitFor(() => expect(patches()).toEqual([['/api/faces/50', { name: 'Grandpa Joe' }]]));
  });

  it('in the photo viewer, Escape closes the open list first and the viewer only after', async () => {
    const onOpenChange = vi.fn();
    renderChooser((chooser) => (
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogTitle>A photo</DialogTitle>
          <DialogDescription>June 2, 1962</DialogDescription>
          {chooser}
        </DialogContent>
      </Dialog>
    ));
    const who = await screen.findByRole('combobox', { name: 'Who is this?' });
    fireEvent.focus(who);
    expect(who.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(who, { key: 'Escape' });
    expect(who.getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.keyDown(who, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('passes axe with the list open, its options and groups named', async () => {
    renderChooser();
    await listbox().findByRole('option', { name: 'Someone not yet named, in 9 photos' });
    await listbox().findByRole('option', { name: 'Albert Martin' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
