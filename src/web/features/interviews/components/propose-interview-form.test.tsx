import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InterviewProposal } from '@shared/schemas/interviews';
import { ProposeInterviewForm } from './propose-interview-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const proposal: InterviewProposal = {
  id: 11,
  ownerId: 7,
  ownerName: 'Ada Lovelace',
  storytellerContactId: 3,
  storytellerName: 'Joe Elder',
  schedule: null,
  status: 'proposed',
  questions: [{ id: 1, text: 'Who taught you to swim?', status: 'waiting' }],
  createdAt: '2026-11-30T10:00:00.000Z',
};

function renderForm(onProposed = vi.fn()) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/interview-proposals/owners/7/storytellers') return json(200, [{ contactId: 3, name: 'Joe Elder' }]);
    if (url === '/api/interview-proposals' && init?.method === 'POST') return json(201, proposal);
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProposeInterviewForm owners={[{ ownerId: 7, ownerName: 'Ada Lovelace' }]} onProposed={onProposed} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the interview proposal form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the owner and their contacts by name, and proposes the chosen storyteller and questions', { timeout: 30_000 }, async () => {
    const onProposed = vi.fn();
    const fetchMock = renderForm(onProposed);
    const storyteller = screen.getByLabelText('Storyteller') as HTMLSelectElement;
    // by name only: no address reaches the form
    // a busy machine renders the long question library slowly
    expect(await within(storyteller).findByRole('option', { name: 'Joe Elder' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(storyteller).getByRole('option', { name: 'Ada Lovelace (telling their own story)' })).toBeTruthy();
    expect(storyteller.textContent).not.toContain('@');

    fireEvent.click(screen.getByRole('button', { name: 'Propose the interview' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one question');

    fireEvent.change(storyteller, { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('All questions at once'));
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'Who taught you to swim?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Propose the interview' }));

    await waitFor(() => expect(onProposed).toHaveBeenCalledWith(proposal), { timeout: 10_000 });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      ownerId: 7,
      storytellerContactId: 3,
      schedule: null,
      questions: [{ text: 'Who taught you to swim?' }],
    });
  });
});
