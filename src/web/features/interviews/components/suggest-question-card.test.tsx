import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuggestQuestionCard } from './suggest-question-card';

/** The card's three lists as the server answers them, by address. */
function renderCard(answers: { suggestable?: unknown[]; owners?: unknown[]; proposals?: unknown[] }) {
  const fetchMock = vi.fn(async (url: string) => {
    const body = url.endsWith('/for-me') ? answers.suggestable : url.endsWith('/owners') ? answers.owners : answers.proposals;
    return new Response(JSON.stringify(body ?? []));
  });
  vi.stubGlobal('fetch', fetchMock);
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <SuggestQuestionCard />
    </QueryClientProvider>,
  );
  return { fetchMock, container };
}

describe('SuggestQuestionCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is absent when there is nothing to offer', async () => {
    const { fetchMock, container } = renderCard({});
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });

  it('fetches its content when a relative runs an interview, and offers to suggest a question', async () => {
    renderCard({
      suggestable: [{ interviewId: 7, ownerName: 'Anna', storytellerName: 'Rose' }],
      owners: [{ ownerId: 2, ownerName: 'Anna' }],
    });
    expect(await screen.findByText('Ask the elders', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByLabelText("A question for Rose (Anna's interview)")).toBeTruthy();
    expect(screen.getByText("Propose an interview in Anna's heirloom. It starts once approved.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suggest' })).toBeTruthy();
  });
});
