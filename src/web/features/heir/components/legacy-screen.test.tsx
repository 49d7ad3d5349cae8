import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomBytes } from 'node:crypto';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyCodeFromBytes } from '@shared/key-code';
import { LEGACY_MESSAGES, type Received } from '@shared/schemas/legacy';
import type { SharedCollection } from '@shared/schemas/sharing';
import { heirPublicKey, sealLetter } from '@shared/sealed-letter';
import { LegacyScreen } from './legacy-screen';

const CODE = keyCodeFromBytes(randomBytes(17));
const OTHER_CODE = keyCodeFromBytes(randomBytes(17));

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const unauthorized = () => json(401, { message: 'Enter your key code first' });

type Answer = (url: string, init?: RequestInit) => Response | Promise<Response>;

function renderScreen(answer: Answer, initialCode = '') {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <LegacyScreen initialCode={initialCode} renderCollection={(c: SharedCollection) => <p>Collection view: {c.title}</p>} />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof renderScreen>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST');

async function enterCode(code: string) {
  const field = await screen.findByLabelText('Key code');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
}

const collection: SharedCollection = {
  title: 'Summers at the lake',
  description: null,
  ownerName: 'Ada Byron',
  includePlaces: false,
  includeNames: false,
  expiresAt: null,
  coverUrl: null,
  photos: [],
  memories: [],
  documents: [],
  downloadAllUrl: '/api/legacy/received/5/download',
};

async function receivedWithSealedLetter(code = CODE): Promise<Received> {
  const sealed = await sealLetter(
    {
      body: 'My dear Bea,\nthe garden is yours now.',
      attachments: [
        { name: 'roses.png', type: 'image/png', data: btoa('png bytes') },
        { name: 'song.webm', type: 'audio/webm', data: btoa('audio bytes') },
        { name: 'deed.pdf', type: 'application/pdf', data: btoa('%PDF') },
      ],
    },
    await heirPublicKey(code),
  );
  return {
    ownerName: 'Ada Byron',
    heirName: 'Bea',
    letters: [
      { id: 1, title: 'For Bea', body: null, photos: [], attachments: [], sealed, releasedAt: '2027-01-02T10:00:00.000Z' },
      {
        id: 2,
        title: 'A plain note',
        body: 'Look after the cat.',
        photos: [{ url: '/api/legacy/received/letters/2/photos/9', title: 'Our cat' }],
        attachments: [{ name: 'Voice message 2026-11-26 14.03.webm', type: 'audio/webm', data: btoa('voice bytes') }],
        sealed: null,
        releasedAt: '2027-01-02T10:00:00.000Z',
      },
    ],
    releases: [
      { grantId: 6, kind: 'photo', title: 'The old house', releasedAt: '2027-03-01T10:00:00.000Z', url: '/api/legacy/received/6' },
      {
        grantId: 5,
        kind: 'collection',
        title: 'Summers at the lake',
        releasedAt: '2027-01-02T10:00:00.000Z',
        url: '/api/legacy/received/5',
      },
      { grantId: 7, kind: 'letter', title: 'For Bea', releasedAt: '2027-01-02T10:00:00.000Z', url: '/api/legacy/received/7' },
    ],
    downloadAllUrl: '/api/legacy/received/download',
  };
}

describe('LegacyScreen', () => {
  let objectUrls = 0;
  beforeEach(() => {
    objectUrls = 0;
    URL.createObjectURL = vi.fn(() => `blob:test-${++objectUrls}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('gives every code the same neutral answer until something is released, and nothing more', async () => {
    const fetchMock = renderScreen((url) =>
      url === '/api/legacy/open' ? json(200, { released: false, message: LEGACY_MESSAGES.nothingReleased }) : unauthorized(),
    );
    await enterCode(CODE.toLowerCase().replace(/-/g, ' '));
    const answer = await screen.findByRole('status');
    expect(answer.textContent).toBe(LEGACY_MESSAGES.nothingReleased);
    expect(screen.queryByRole('alert')).toBeNull();
    // the code went out normalized, and the form stays for another try
    expect(JSON.parse(posts(fetchMock, '/api/legacy/open')[0]![1]!.body as string)).toEqual({ keyCode: CODE.replace(/-/g, '') });
    expect(screen.getByLabelText('Key code')).toBeTruthy();
  });

  it('catches a mistyped code by its check character without spending a try', async () => {
    const fetchMock = renderScreen(() => unauthorized());
    const wrong = CODE.slice(0, -1) + (CODE.endsWith('0') ? '1' : '0');
    await enterCode(wrong);
    expect((await screen.findByRole('alert')).textContent).toBe(LEGACY_MESSAGES.keyCodeInvalid);
    expect(posts(fetchMock, '/api/legacy/open')).toHaveLength(0);
  });

  it('groups the code in fours while it is typed', async () => {
    renderScreen(() => unauthorized());
    const field = (await screen.findByLabelText('Key code')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '7kq4m2zp1' } });
    expect(field.value).toBe('7KQ4-M2ZP-1');
  });

  it('says in words that a replaced code opens nothing and the new Legacy Kit is needed', async () => {
    renderScreen((url) =>
      url === '/api/legacy/open' ? json(410, { message: LEGACY_MESSAGES.keyCodeReplaced, code: 'KEY_CODE_REPLACED' }) : unauthorized(),
    );
    await enterCode(CODE);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This key code was replaced by a newer one, so it no longer opens anything. Ask for the new Legacy Kit.',
    );
    expect(screen.queryByText(LEGACY_MESSAGES.nothingReleased)).toBeNull();
  });

  it('says how long to wait when tries are throttled', async () => {
    renderScreen((url) => (url === '/api/legacy/open' ? json(429, { message: 'Too many' }, { 'Retry-After': '30' }) : unauthorized()));
    await enterCode(CODE);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many tries. Please wait 30 seconds and try again.');
  });

  it('opens a sealed letter in the browser with the code, shows letters first and the releases as a timeline', async () => {
    const received = await receivedWithSealedLetter();
    let isOpen = false;
    const fetchMock = renderScreen((url) => {
      if (url === '/api/legacy/open') {
        isOpen = true;
        return json(200, { released: true, ownerName: 'Ada Byron', heirName: 'Bea' });
      }
      if (url === '/api/legacy/received') return isOpen ? json(200, received) : unauthorized();
      if (url === '/api/legacy/received/5') return json(200, collection);
      return json(404, { message: 'Not found' });
    });
    await enterCode(CODE);

    const heading = await screen.findByRole('heading', { level: 1, name: 'From Ada Byron, for Bea' });
    expect(document.activeElement).toBe(heading);
    const sealedLetter = screen.getByRole('article', { name: 'For Bea' });
    expect(await within(sealedLetter).findByText(/the garden is yours now/)).toBeTruthy();
    expect(within(sealedLetter).getByRole('img', { name: 'roses.png' }).getAttribute('src')).toMatch(/^blob:test-/);
    expect(within(sealedLetter).getByLabelText('song.webm').tagName).toBe('AUDIO');
    expect(
      within(sealedLetter)
        .getByRole('link', { name: /deed\.pdf/ })
        .getAttribute('download'),
    ).toBe('deed.pdf');

    const plain = screen.getByRole('article', { name: 'A plain note' });
    expect(within(plain).getByText('Look after the cat.')).toBeTruthy();
    expect(within(plain).getByRole('img', { name: 'Our cat' })).toBeTruthy();
    // a plain letter's voice message (decision 039) plays like a sealed letter's
    expect(within(plain).getByLabelText('Voice message 2026-11-26 14.03.webm').tagName).toBe('AUDIO');

    // the timeline: oldest first, a letter's release is not repeated there
    const timeline = screen.getByRole('region', { name: 'What was released to you' });
    const items = within(timeline).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual(['Summers at the lake', 'The old house']);
    fireEvent.click(items[0]!);
    expect(await within(timeline).findByText('Collection view: Summers at the lake')).toBeTruthy();
    expect(items[0]!.getAttribute('aria-expanded')).toBe('true');

    expect(screen.getByRole('link', { name: 'Download everything' }).getAttribute('href')).toBe('/api/legacy/received/download');
    // the code went to the server once, to open; it is kept nowhere in the browser
    expect(posts(fetchMock, '/api/legacy/open')).toHaveLength(1);
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(fetchMock.mock.calls.some(([u]) => u.includes('/letters/1'))).toBe(false);
  });

  it('after a reload asks for the code again to open sealed letters, and refuses another heir’s code', async () => {
    const received = await receivedWithSealedLetter();
    renderScreen((url) => (url === '/api/legacy/received' ? json(200, received) : json(404, { message: 'Not found' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'From Ada Byron, for Bea' })).toBeTruthy();
    expect(screen.getByText(/Sealed letter — enter your key code above to open it/)).toBeTruthy();

    const field = screen.getByLabelText('Key code for sealed letters');
    fireEvent.change(field, { target: { value: OTHER_CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Open sealed letters' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/This key code does not open this letter/);
  });

  it('opens sealed letters with the code from the kit’s QR code when the page is already open', async () => {
    const received = await receivedWithSealedLetter();
    renderScreen((url) => (url === '/api/legacy/received' ? json(200, received) : json(404, { message: 'Not found' })), CODE);
    expect(await screen.findByText(/the garden is yours now/)).toBeTruthy();
  });

  it('Close forgets the page and the code and shows the form again', async () => {
    const received = await receivedWithSealedLetter();
    let isOpen = true;
    const fetchMock = renderScreen((url) => {
      if (url === '/api/legacy/close') {
        isOpen = false;
        return new Response(null, { status: 204 });
      }
      if (url === '/api/legacy/received') return isOpen ? json(200, received) : unauthorized();
      return json(404, { message: 'Not found' });
    }, CODE);
    expect(await screen.findByText(/the garden is yours now/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const field = (await screen.findByLabelText('Key code')) as HTMLInputElement;
    expect(posts(fetchMock, '/api/legacy/close')).toHaveLength(1);
    expect(screen.queryByText(/the garden is yours now/)).toBeNull();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalled());
    expect(field.value).toBe('');
  });
});
