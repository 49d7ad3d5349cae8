import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnThisDay } from '@shared/schemas/on-this-day';
import type { Photo } from '@shared/schemas/photos';
import { OnThisDayCard } from './on-this-day-card';
import { photoFixture } from '@tests/helpers/photo-fixture';

const photo = (id: number, title: string): Photo =>
  photoFixture(id, {
    fileName: `${title}.jpg`,
    fileSize: '1000',
    title,
    dateTaken: '2022-06-15T12:00:00.000Z',
    width: null,
    height: null,
    createdAt: '2022-06-16T12:00:00.000Z',
    updatedAt: '2022-06-16T12:00:00.000Z',
  });

function renderCard(body: OnThisDay) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body)));
  vi.stubGlobal('fetch', fetchMock);
  const onOpenPhoto = vi.fn();
  const client = new QueryClient();
  const { container } = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OnThisDayCard
          renderPhoto={(p) => <span>thumb {p.title}</span>}
          onOpenPhoto={onOpenPhoto}
          contactPath={(b) => (b.relationship === 'family' ? '/family' : '/friends')}
          memoriesPath="/memories"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, onOpenPhoto, container, client };
}

describe('OnThisDayCard (dashboard)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks for the browser's own day and zone", async () => {
    const { fetchMock } = renderCard({ date: '2025-06-15', years: [], birthdays: [] });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/on-this-day');
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(url.searchParams.get('date')).toBe(today);
    expect(url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is absent when the day holds nothing', async () => {
    const { client, container } = renderCard({ date: '2025-06-15', years: [], birthdays: [] });
    // the answer has arrived (and was rendered: nothing)
    await waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('heading', { name: 'On this day' })).toBeNull();
  });

  it('shows each year with its photos and memories, and the birthdays ahead', async () => {
    const first = photo(11, 'Beach');
    const second = photo(12, 'Dunes');
    const { onOpenPhoto } = renderCard({
      date: '2025-06-15',
      years: [
        { year: 2022, yearsAgo: 3, photos: [first, second], photoCount: 30, memories: [], memoryCount: 0 },
        {
          year: 2024,
          yearsAgo: 1,
          photos: [],
          photoCount: 0,
          memories: [{ id: 5, title: 'First steps', eventDate: '2024-06-15' }],
          memoryCount: 1,
        },
      ],
      birthdays: [
        { contactId: 1, firstName: 'Ada', lastName: 'Lee', relationship: 'family', date: '2025-06-15', daysAway: 0, turns: 90 },
        // 20 June 2025 is a Friday
        { contactId: 2, firstName: 'Bo', lastName: '', relationship: 'friend', date: '2025-06-20', daysAway: 5, turns: 41 },
        { contactId: 3, firstName: 'Cy', lastName: 'Ng', relationship: 'friend', date: '2025-06-27', daysAway: 12, turns: 7 },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'On this day' })).toBeTruthy();

    const threeYears = screen.getByRole('region', { name: '3 years ago, 2022' });
    expect(within(threeYears).getByText('and 28 more photos that day')).toBeTruthy();
    fireEvent.click(within(threeYears).getByRole('button', { name: 'View Dunes' }));
    expect(onOpenPhoto).toHaveBeenCalledWith([first, second], 1);

    const lastYear = screen.getByRole('region', { name: '1 year ago, 2024' });
    expect(within(lastYear).getByRole('link', { name: 'First steps' }).getAttribute('href')).toBe('/memories');

    expect(screen.getByRole('link', { name: 'Ada Lee turns 90 today' }).getAttribute('href')).toBe('/family');
    expect(screen.getByRole('link', { name: 'Bo turns 41 on Friday' }).getAttribute('href')).toBe('/friends');
    expect(screen.getByRole('link', { name: 'Cy Ng turns 7 on June 27' })).toBeTruthy();
  });

  it('marks a video with its play sign and length, and opens it in the viewer like a photo (which plays it)', async () => {
    const clip = photoFixture(21, {
      title: 'First swim',
      mimeType: 'video/mp4',
      dateTaken: '2022-06-15T12:00:00.000Z',
      mediaType: 'video',
      video: { playback: 'ready', progress: null, durationMs: 75_000, url: '/api/photos/video/21', previewUrl: null },
    });
    const picture = photo(22, 'Sand');
    const { onOpenPhoto } = renderCard({
      date: '2025-06-15',
      years: [{ year: 2022, yearsAgo: 3, photos: [clip, picture], photoCount: 2, memories: [], memoryCount: 0 }],
      birthdays: [],
    });
    const open = await screen.findByRole('button', { name: 'View First swim' });
    const tiles = within(screen.getByRole('list', { name: 'Photos from 2022' })).getAllByRole('listitem');
    expect(tiles[0]!.textContent).toBe('thumb First swimVideo, 1:15');
    expect(tiles[1]!.textContent).toBe('thumb Sand');
    fireEvent.click(open);
    expect(onOpenPhoto).toHaveBeenCalledWith([clip, picture], 0);
  });
});
