import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerLinkStatus } from '@shared/schemas/interviews';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { AnswerScreen } from './answer-screen';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
const QUESTION = 'What is the first house you remember living in? Walk me through its rooms.';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderScreen(answer: () => Response, token = TOKEN) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AnswerScreen token={token} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const page = (status: AnswerLinkStatus) => ({
  question: QUESTION,
  storytellerFirstName: 'Margaret',
  ownerFirstName: 'Rose',
  status,
  expiresAt: '2027-02-28T10:00:00.000Z',
  language: 'en',
});

describe('the answer page', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    await switchLanguage('en', { remember: false });
  });

  it('shows the question in large type, who asks whom, and sends only once there is an answer', async () => {
    const fetchMock = renderScreen(() => json(200, page('open')));
    expect(await screen.findByRole('heading', { level: 1, name: QUESTION })).toBeTruthy();
    expect(screen.getByText('From Rose, for Margaret')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/answer/' + TOKEN, expect.anything());
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    // jsdom cannot record: the page says so and opens the writing field at once
    expect(screen.getByText('This browser cannot record sound. You can write your answer below.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your answer in writing'), { target: { value: 'A small house by the river.' } });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    for (const name of ['Skip this question', 'Pause the questions', 'Stop the interview'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it.each([
    ['answered', 'This question is done'],
    ['expired', 'This link has expired'],
    ['revoked', 'This link no longer works'],
    ['paused', 'The questions are paused'],
    ['stopped', 'The questions have ended'],
  ] as const)('a link that is %s says so in plain words', async (status, title) => {
    renderScreen(() => json(200, page(status)));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('an unknown link, or one cut short, says the link does not work', async () => {
    renderScreen(() => json(404, { message: 'Not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    cleanup();
    const fetchMock = renderScreen(() => json(200, page('open')), 'too-short');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks the storyteller’s language when this browser has not chosen one', async () => {
    const german = {
      ...page('open'),
      language: 'de',
      question: 'Was ist Ihre allererste Erinnerung? Wie alt waren Sie, und wer war dabei?',
    };
    renderScreen(() => json(200, german));
    expect(await screen.findByText('Von Rose, für Margaret', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: german.question })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
    expect(localStorage.getItem('heirloom.language')).toBeNull();
  });

  it('keeps the language this browser chose', async () => {
    localStorage.setItem('heirloom.language', 'en');
    renderScreen(() => json(200, { ...page('open'), language: 'de' }));
    expect(await screen.findByText('From Rose, for Margaret')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('From Rose, for Margaret')).toBeTruthy();
  });
});
