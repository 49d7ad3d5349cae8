import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { Toaster } from '@web/components/ui/toaster';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { openStreetMapUrl, PhotoDetails, placeCoordinates } from './photo-details';
import { photoFixture } from '@tests/helpers/photo-fixture';

const photo: Photo = photoFixture(7, {
  fileName: 'lighthouse.jpg',
  fileSize: '2048',
  description: 'At the lighthouse',
  location: 'Ploumanac’h',
  tags: ['summer', 'Brittany'],
});

describe('placeCoordinates', () => {
  it('reads "lat, long" in decimal degrees', () => {
    expect(placeCoordinates('48.8584, 2.2945')).toEqual({ lat: 48.8584, lon: 2.2945 });
    expect(placeCoordinates(' -33.9,151.2 ')).toEqual({ lat: -33.9, lon: 151.2 });
  });

  it('leaves place names and impossible coordinates alone', () => {
    expect(placeCoordinates('Paris')).toBeNull();
    expect(placeCoordinates('Paris, France')).toBeNull();
    expect(placeCoordinates('91, 10')).toBeNull();
    expect(placeCoordinates('10, 181')).toBeNull();
    expect(placeCoordinates(null)).toBeNull();
  });

  it('links to OpenStreetMap with a marker', () => {
    expect(openStreetMapUrl({ lat: 48.8584, lon: 2.2945 })).toBe(
      'https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=15/48.8584/2.2945',
    );
  });
});

describe('PhotoDetails', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const patch = JSON.parse(String(init?.body)) as Partial<Photo>;
      return new Response(
        JSON.stringify({ ...photo, ...patch, description: patch.description || null, location: patch.location || null }),
        {
          status: 200,
        },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderDetails = (shown: Photo = photo) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PhotoDetails photo={shown} />
        <Toaster />
      </QueryClientProvider>,
    );

  it('shows description and tags, and downloads the original under its own name', () => {
    renderDetails();
    const details = screen.getByRole('region', { name: 'Photo details' });
    expect(details.textContent).toContain('At the lighthouse');
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['summer', 'Brittany']);
    const original = screen.getByRole('link', { name: 'Download original' });
    expect(original.getAttribute('href')).toBe('/api/photos/7/original');
    expect(original.getAttribute('download')).toBe('lighthouse.jpg');
    expect(screen.queryByRole('link', { name: 'Download as JPEG' })).toBeNull();
  });

  it('says where a kept photo came from in the reader’s language, the day in their format', async () => {
    const kept = { ...photo, provenance: 'From Rose Martin’s legacy, released 2 May 2031' };
    renderDetails(kept);
    expect(screen.getByText('From Rose Martin’s legacy, released 2 May 2031')).toBeTruthy();
    cleanup();
    await switchLanguage('de', { remember: false });
    try {
      renderDetails(kept);
      expect(screen.getByText('Aus dem Nachlass von Rose Martin, freigegeben am 2. Mai 2031')).toBeTruthy();
    } finally {
      await switchLanguage('en', { remember: false });
    }
  });

  it('offers a HEIC both as its original and as a JPEG', () => {
    renderDetails({ ...photo, fileName: 'IMG_1.HEIC', mimeType: 'image/heic' });
    expect(screen.getByRole('link', { name: 'Download original' }).getAttribute('download')).toBe('IMG_1.HEIC');
    const jpeg = screen.getByRole('link', { name: 'Download as JPEG' });
    expect(jpeg.getAttribute('href')).toBe('/api/photos/image/7');
    expect(jpeg.getAttribute('download')).toBe('IMG_1.jpg');
  });

  it('saves description, tags and place as one PATCH and leaves edit mode', async () => {
    renderDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    const description = screen.getByLabelText('Description');
    expect(description).toHaveProperty('value', 'At the lighthouse');
    expect(screen.getByLabelText('Tags')).toHaveProperty('value', 'summer, Brittany');
    fireEvent.change(description, { target: { value: 'Grandma waving' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: ' summer, , family ,' } });
    fireEvent.change(screen.getByLabelText('Place'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/photos/7');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ description: 'Grandma waving', tags: ['summer', 'family'], location: '' });
    expect(await screen.findByText('Photo details updated.')).toBeTruthy();
    expect(screen.queryByLabelText('Description')).toBeNull();
  });

  it('shows the contract’s message for a bad tag and sends nothing', async () => {
    renderDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: `ok, ${'x'.repeat(200)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(/A tag must be at most/)).toBeTruthy();
    expect(screen.getByLabelText('Tags').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s message when saving fails, and stays in edit mode', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ message: 'Photo not found' }), { status: 404 }));
    renderDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Photo not found')).toBeTruthy();
    expect(screen.getByLabelText('Description')).toBeTruthy();
  });

  it('cancels without a request', () => {
    renderDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Description')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks the automatic labels apart from the tags, and removes a wrong one', async () => {
    renderDetails({ ...photo, labels: ['dog', 'boat'] });
    const labels = screen.getByRole('list', { name: 'Automatic labels' });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['dog', 'boat']);
    expect(screen.getByText('Found automatically')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the label boat' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual(['/api/photos/7', 'PATCH', { labels: ['dog'] }]);
    expect(await screen.findByText('Label removed')).toBeTruthy();
  });
});
