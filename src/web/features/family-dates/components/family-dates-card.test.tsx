import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FamilyDates } from '@shared/schemas/family-dates';
import { FamilyDatesCard } from './family-dates-card';

function renderCard(body: FamilyDates) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body)));
  vi.stubGlobal('fetch', fetchMock);
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <FamilyDatesCard familyPath="/family" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, container };
}

describe('FamilyDatesCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the week's dates and links to the family", async () => {
    const { fetchMock } = renderCard({
      from: '2026-11-30',
      days: 7,
      dates: [
        {
          kind: 'birthday',
          date: '2026-12-01',
          daysAway: 1,
          years: 8,
          living: true,
          treePersonIds: [4],
          contactId: null,
          text: 'Anna turns 8 tomorrow',
        },
        {
          kind: 'birthday',
          date: '2026-12-04',
          daysAway: 4,
          years: 100,
          living: false,
          treePersonIds: [2],
          contactId: null,
          text: 'Your grandmother Rose would have been 100 on Friday',
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Dates that matter' })).toBeTruthy();
    expect(screen.getByText('Anna turns 8 tomorrow')).toBeTruthy();
    expect(screen.getByText('Your grandmother Rose would have been 100 on Friday')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your family' }).getAttribute('href')).toBe('/family');
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/family-dates\?date=\d{4}-\d{2}-\d{2}&days=7$/);
  });

  it('shows nothing in a week without dates', async () => {
    const { fetchMock, container } = renderCard({ from: '2026-11-30', days: 7, dates: [] });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
  });
});
