import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimelineSummary } from '@shared/schemas/timeline';
import { TimelineView } from './timeline-view';

const counts = { photo: 2, memory: 0, document: 0, total: 2 };
const summary: TimelineSummary = { totals: counts, years: [{ year: 2019, ...counts, months: [{ month: 7, ...counts }] }] };

describe('TimelineView filtered by a person', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the counts and the open year of that person’s photos only, beside the filter it is given', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/timeline/summary')
        ? Response.json(summary)
        : Response.json({ year: 2019, month: null, items: [], nextCursor: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <TimelineView person={3} personFilter={<span>Person: Rose Martin</span>} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Person: Rose Martin')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/timeline/period'))).toBe(true));
    const asked = fetchMock.mock.calls.map(([url]) => new URLSearchParams(String(url).split('?')[1]));
    expect(asked.map((params) => params.get('person'))).toEqual(asked.map(() => '3'));
  });
});
