import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Face, Person } from '@shared/schemas/people';
import { Toaster } from '@web/components/ui/toaster';
import { FacesInPhoto } from './faces-in-photo';
import { FacesOnPicture } from './faces-on-picture';

const rose: Person = {
  id: 3,
  name: 'Rose Martin',
  contactId: null,
  faceCount: 4,
  coverUrl: null,
  coverBox: null,
  hidden: false,
  onThisDay: true,
};
const faces: Face[] = [
  { id: 11, box: { x: 0.2, y: 0.1, width: 0.25, height: 0.3 }, personId: 3, source: 'detected' },
  { id: 12, box: { x: 0.6, y: 0.15, width: 0.2, height: 0.2 }, personId: null, source: 'manual' },
];
const drawnFace: Face = { id: 13, box: { x: 0.2, y: 0.2, width: 0.2, height: 0.3 }, personId: null, source: 'manual' };

function renderFaces() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return Response.json(drawnFace, { status: 201 });
    if (init?.method === 'PATCH' || init?.method === 'DELETE') return new Response(null, { status: 204 });
    if (url === '/api/photos/7/faces') return Response.json(faces);
    if (url === '/api/people/3') return Response.json(rose);
    if (url.startsWith('/api/people')) return Response.json({ items: url.includes('named=false') ? [] : [rose], nextCursor: null });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <FacesOnPicture photoId={7} image={<img alt="At the lake" />} personHref={(id) => `/people/${id}`} />
        <FacesInPhoto photoId={7} personHref={(id) => `/people/${id}`} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof renderFaces>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([url, init]) => [url, JSON.parse(String(init?.body ?? 'null'))]);

describe('faces in the photo viewer', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws each face’s box where it is, named and linked to the person’s page; "People" shows them without hovering', async () => {
    renderFaces();
    const onPicture = within(screen.getByRole('group', { name: 'Faces in this photo' }));
    const link = await onPicture.findByRole('link', { name: 'Rose Martin' });
    expect(link.getAttribute('href')).toBe('/people/3');
    const box = link.closest('div')!;
    expect(box.style.left).toBe('20%');
    expect(box.style.top).toBe('10%');
    expect(box.style.width).toBe('25%');
    expect(box.style.height).toBe('30%');
    // hidden until the pointer is over the picture (CSS), or shown with the People button (a phone)
    expect(box.className).toContain('invisible');
    fireEvent.click(screen.getByRole('button', { name: 'People' }));
    expect(box.className).not.toContain('invisible');
    expect(onPicture.getByText('Not named yet')).toBeTruthy();

    // the list beside the picture names them too
    const list = within(screen.getByRole('region', { name: 'People in this photo' }));
    expect(list.getByRole('link', { name: 'Rose Martin' }).getAttribute('href')).toBe('/people/3');
  });

  it('draws a box with the pointer, sends it as fractions of the picture, then names it by a typed name', async () => {
    const fetchMock = renderFaces();
    await screen.findAllByRole('link', { name: 'Rose Martin' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a face' }));
    const area = screen.getByTestId('draw-face');
    area.getBoundingClientRect = () => ({
      left: 100,
      top: 50,
      width: 400,
      height: 200,
      right: 500,
      bottom: 250,
      x: 100,
      y: 50,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(area, { clientX: 180, clientY: 90, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(area, { clientX: 220, clientY: 120, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(area, { clientX: 260, clientY: 150, pointerId: 1, pointerType: 'touch' });

    await waitFor(() => expect(sent(fetchMock, 'POST')).toHaveLength(1));
    const [[url, body]] = sent(fetchMock, 'POST') as [[string, { box: Face['box'] }]];
    expect(url).toBe('/api/photos/7/faces');
    expect(body.box.x).toBeCloseTo(0.2);
    expect(body.box.y).toBeCloseTo(0.2);
    expect(body.box.width).toBeCloseTo(0.2);
    expect(body.box.height).toBeCloseTo(0.3);

    fireEvent.change(await screen.findByLabelText('Who is this?'), { target: { value: 'Grandpa Joe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH')).toEqual([['/api/faces/13', { name: 'Grandpa Joe' }]]));
  });

  it('ignores a click that draws no box, and moves a face to someone the owner already has', async () => {
    const fetchMock = renderFaces();
    await screen.findAllByRole('link', { name: 'Rose Martin' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a face' }));
    const area = screen.getByTestId('draw-face');
    area.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      width: 400,
      height: 200,
      right: 400,
      bottom: 200,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(area, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(area, { clientX: 101, clientY: 101, pointerId: 1 });
    expect(sent(fetchMock, 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Change who this is: Not named yet' }));
    const who = screen.getByRole('combobox', { name: 'Who is this?' });
    fireEvent.change(who, { target: { value: 'rose' } });
    // the owner's named people are found as one types, and picked with the keyboard
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/people?q=rose', expect.anything()));
    await screen.findByRole('option', { name: 'Rose Martin' });
    fireEvent.keyDown(who, { key: 'ArrowDown' });
    fireEvent.keyDown(who, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH')).toEqual([['/api/faces/12', { personId: 3 }]]));
  });

  it('removes a face after asking', async () => {
    const fetchMock = renderFaces();
    await screen.findAllByRole('link', { name: 'Rose Martin' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the face of Rose Martin' }));
    expect(sent(fetchMock, 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove face' }));
    await waitFor(() => expect(sent(fetchMock, 'DELETE')).toEqual([['/api/faces/11', null]]));
    expect(await screen.findByText('Face removed')).toBeTruthy();
  });
});
