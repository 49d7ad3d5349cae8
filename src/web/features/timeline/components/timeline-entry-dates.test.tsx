import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelinePhotoItem } from '@shared/schemas/timeline';
import { TimelineEntry } from './timeline-entry';

afterEach(cleanup);

const photo = (fields: Partial<TimelinePhotoItem>): TimelinePhotoItem => ({
  type: 'photo',
  id: 7,
  date: '1960-01-01T12:00:00.000Z',
  title: 'On the pier',
  fileName: 'scan.jpg',
  filePath: '/api/photos/image/7',
  description: null,
  mediaType: 'image',
  derivativeStatus: 'ready',
  video: null,
  ...fields,
});

describe('TimelineEntry dates as old photos have them (decision 067)', () => {
  it('shows a decade with the approximate mark', () => {
    render(<TimelineEntry item={photo({ datePrecision: 'decade', dateMargin: null })} />);
    expect(screen.getByText('1960s')).toBeTruthy();
    expect(screen.getByTitle('Date is approximate: 1960s')).toBeTruthy();
  });

  it('shows an about date with its margin', () => {
    render(<TimelineEntry item={photo({ date: '1955-01-01T12:00:00.000Z', datePrecision: 'about', dateMargin: 5 })} />);
    expect(screen.getByText('c. 1955 (± 5 years)')).toBeTruthy();
  });

  it('says Undated for a photo listed at its upload, never the upload day', () => {
    render(<TimelineEntry item={photo({ date: '2026-11-30T08:00:00.000Z', datePrecision: null })} />);
    expect(screen.getByText('Undated')).toBeTruthy();
    expect(screen.queryByText(/2026/)).toBeNull();
    expect(screen.queryByTitle(/approximate/)).toBeNull();
  });

  it('keeps a day-precise date as it always read, without a mark', () => {
    render(<TimelineEntry item={photo({ date: '2021-03-05T12:00:00.000Z', datePrecision: 'exact' })} />);
    expect(screen.getByText('March 5, 2021')).toBeTruthy();
    expect(screen.queryByTitle(/approximate/)).toBeNull();
  });
});
