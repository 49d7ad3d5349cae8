import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { Toaster } from '@web/components/ui/toaster';
import { buildGalleryRows } from '../gallery-rows';
import { PhotoDetails } from './photo-details';
import { photoFixture } from '@tests/helpers/photo-fixture';

const scan: Photo = photoFixture(9, { fileName: 'scan-012.jpg', dateTaken: null, dateTakenPrecision: null });

describe('a photo dated as its owner knows it', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const patch = JSON.parse(String(init?.body)) as Partial<Photo>;
      return new Response(JSON.stringify({ ...scan, ...patch }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderDetails = (shown: Photo) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PhotoDetails photo={shown} />
        <Toaster />
      </QueryClientProvider>,
    );
  const sentPatch = () => JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)) as unknown;

  it('shows an undated scan as Undated, and dates it to a decade from the edit form', async () => {
    renderDetails(scan);
    const details = screen.getByRole('region', { name: 'Photo details' });
    expect(details.textContent).toContain('TakenUndated');

    fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByLabelText('Date taken')).toHaveProperty('value', '');
    fireEvent.change(screen.getByLabelText('How sure?'), { target: { value: 'decade' } });
    fireEvent.change(screen.getByLabelText('Decade'), { target: { value: '1960' } });
    expect(screen.getByText(/Shows as:/).textContent).toBe('Shows as: 1960s');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentPatch()).toEqual({
      description: '',
      location: '',
      tags: [],
      dateTaken: '1960-01-01T00:00:00.000Z',
      dateTakenPrecision: 'decade',
      dateTakenMargin: null,
    });
    expect(await screen.findByText('Photo details updated.')).toBeTruthy();
  });

  it('asks for a year before saving a rough date, and sends no date when it was left alone', async () => {
    renderDetails(scan);
    fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    fireEvent.change(screen.getByLabelText('How sure?'), { target: { value: 'about' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Please enter a valid date')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('How sure?'), { target: { value: 'day' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentPatch()).toEqual({ description: '', location: '', tags: [] });
  });

  it('shows an approximate date with its mark', () => {
    renderDetails({ ...scan, dateTaken: '1955-01-01T00:00:00.000Z', dateTakenPrecision: 'about', dateTakenMargin: 5 });
    const details = screen.getByRole('region', { name: 'Photo details' });
    expect(details.textContent).toContain('c. 1955 (± 5 years)');
    expect(within(details).getByTitle('Date is approximate: c. 1955 (± 5 years)')).toBeTruthy();
  });
});

describe('the gallery headings of rough dates', () => {
  it('head approximate photos with their period and undated ones with Undated, keeping the month for the scrubber', () => {
    const rows = buildGalleryRows(
      [
        photoFixture(5, { dateTaken: '2024-05-20T12:00:00Z', dateTakenPrecision: 'exact' }),
        photoFixture(4, { dateTaken: null, dateTakenPrecision: null, createdAt: '2024-05-10T12:00:00Z' }),
        photoFixture(3, { dateTaken: '1965-01-01T00:00:00.000Z', dateTakenPrecision: 'about', dateTakenMargin: null }),
        photoFixture(2, { dateTaken: '1960-01-01T00:00:00.000Z', dateTakenPrecision: 'decade' }),
        photoFixture(1, { dateTaken: '1960-01-01T00:00:00.000Z', dateTakenPrecision: 'decade' }),
      ],
      'dateTaken',
      4,
    );
    const headings = rows.filter((row) => row.kind === 'month');
    expect(headings.map((row) => [row.label, row.month, row.approximate])).toEqual([
      ['May 2024', '2024-05', false],
      ['Undated', '2024-05', false],
      ['c. 1965', '1965-01', true],
      ['1960s', '1960-01', true],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    expect(rows.at(-1)).toMatchObject({ kind: 'photos', label: '1960s' });
  });
});
