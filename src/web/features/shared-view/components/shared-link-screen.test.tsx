import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARING_MESSAGES, type SharedCollection } from '@shared/schemas/sharing';
import { SharedLinkScreen } from './shared-link-screen';

const TOKEN = 'T0k3n_-abcdefghijklmnopqrstuvwxyz0123456789';
const BASE = `/api/shared/${TOKEN}`;

const collection: SharedCollection = {
  title: 'Summers at the lake',
  description: 'Every July,\nfrom 1998 on.',
  ownerName: 'Ada Byron',
  includePlaces: false,
  includeNames: false,
  expiresAt: '2027-03-05T12:00:00.000Z',
  coverUrl: `${BASE}/photos/1/thumbnail`,
  photos: [1, 2, 3].map((id) => ({
    id,
    title: id === 2 ? null : `Photo ${id}`,
    description: null,
    dateTaken: '2012-07-14T10:00:00.000Z',
    fileName: `img-${id}.jpg`,
    width: 800,
    height: 600,
    location: null,
    cameraInfo: null,
    thumbnailUrl: `${BASE}/photos/${id}/thumbnail`,
    displayUrl: `${BASE}/photos/${id}/display`,
    downloadUrl: `${BASE}/photos/${id}/download`,
    videoUrl: null,
    durationMs: null,
    people: [],
  })),
  memories: [
    {
      id: 7,
      title: 'The boat',
      content: 'Grandpa rowed.\nWe sang.',
      eventDate: '2012-07-15',
      tags: ['family', 'summer'],
      location: null,
      attachments: [
        { id: 1, fileName: 'shore.jpg', mimeType: 'image/jpeg', fileSize: 2048, url: `${BASE}/attachments/1` },
        { id: 2, fileName: 'song.mp3', mimeType: 'audio/mpeg', fileSize: 4096, url: `${BASE}/attachments/2` },
        { id: 3, fileName: 'notes.pdf', mimeType: 'application/pdf', fileSize: 1536, url: `${BASE}/attachments/3` },
      ],
    },
  ],
  documents: [],
  downloadAllUrl: `${BASE}/download`,
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function renderScreen(answer: (url: string, init?: RequestInit) => Response, token = TOKEN) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SharedLinkScreen token={token} />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return fetchMock;
}

describe('SharedLinkScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the collection read-only, asking the server for the link only', async () => {
    const fetchMock = renderScreen(() => json(200, collection));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summers at the lake' })).toBeTruthy();
    expect(screen.getByText('Shared by Ada Byron')).toBeTruthy();
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Available until March 5, 2027')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download all' }).getAttribute('href')).toBe(`${BASE}/download`);
    // three thumbnails, named by title or file name
    expect(screen.getAllByRole('button', { name: /^View / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'View Photo 1',
      'View img-2.jpg',
      'View Photo 3',
    ]);
    const memory = screen.getByRole('article', { name: 'The boat' });
    expect(within(memory).getByText(/Grandpa rowed\./).textContent).toBe('Grandpa rowed.\nWe sang.');
    expect(within(memory).getByRole('img', { name: 'shore.jpg' })).toBeTruthy();
    expect(memory.querySelector('audio > source')?.getAttribute('src')).toBe(`${BASE}/attachments/2`);
    expect(
      within(memory)
        .getByRole('link', { name: /notes\.pdf/ })
        .getAttribute('href'),
    ).toBe(`${BASE}/attachments/3`);
    // an empty section is left out
    expect(screen.queryByRole('heading', { name: /Documents/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'heirloom' }).getAttribute('href')).toBe('/');
    expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(new Set([BASE]));
  });

  it('opens a photo in the viewer, moves with buttons and arrow keys, and offers the original', async () => {
    renderScreen(() => json(200, collection));
    fireEvent.click(await screen.findByRole('button', { name: 'View Photo 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Photo 1' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(`${BASE}/photos/1/display`);
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`${BASE}/photos/1/download`);
    expect(within(dialog).getByRole('button', { name: 'Previous photo' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByRole('heading', { name: 'img-2.jpg' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByRole('heading', { name: 'Photo 3' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' }); // the last photo stays
    expect(within(dialog).getByRole('heading', { name: 'Photo 3' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(within(dialog).getByRole('heading', { name: 'img-2.jpg' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // focus returns to the thumbnail of the photo last shown
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View img-2.jpg' })));
  });

  it('asks for the password, says when it is wrong or when to wait, and opens with the right one', async () => {
    let unlocked = false;
    let tries = 0;
    const fetchMock = renderScreen((url, init) => {
      if (url === `${BASE}/unlock`) {
        tries += 1;
        const { password } = JSON.parse(String(init?.body)) as { password: string };
        if (tries === 2) return json(429, { message: 'Too many attempts', code: 'RATE_LIMITED' }, { 'Retry-After': '30' });
        if (password !== 'open sesame') return json(401, { message: SHARING_MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' });
        unlocked = true;
        return new Response(null, { status: 204 });
      }
      return unlocked ? json(200, collection) : json(401, { message: SHARING_MESSAGES.passwordRequired, code: 'PASSWORD_REQUIRED' });
    });
    expect(await screen.findByRole('heading', { level: 1, name: SHARING_MESSAGES.passwordRequired })).toBeTruthy();

    const submit = async (password: string) => {
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open' })));
    };
    await submit('');
    expect(await screen.findByText('Enter the password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith(`${BASE}/unlock`, expect.anything());

    await submit('guess');
    expect((await screen.findByRole('alert')).textContent).toBe(SHARING_MESSAGES.wrongPassword);
    await submit('guess again');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many tries. Please wait 30 seconds and try again.');
    await submit('open sesame');
    expect(await screen.findByRole('heading', { level: 1, name: 'Summers at the lake' })).toBeTruthy();
  });

  it('says an expired link has expired', async () => {
    renderScreen(() => json(410, { message: SHARING_MESSAGES.linkExpired, code: 'LINK_EXPIRED' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired.' })).toBeTruthy();
    expect(screen.getByText('Ask the person who shared it with you for a new link.')).toBeTruthy();
  });

  it('says an unknown or revoked link does not work any more', async () => {
    renderScreen(() => json(404, { message: 'Not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work any more.' })).toBeTruthy();
  });

  it('does not ask the server about a token that cannot be a link', async () => {
    const fetchMock = renderScreen(() => json(200, collection), 'short');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work any more.' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers to try again when the server cannot answer', async () => {
    let calls = 0;
    renderScreen(() => (++calls === 1 ? json(500, { message: 'Internal error' }) : json(200, collection)));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summers at the lake' })).toBeTruthy();
  });
});
