import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem, TimelinePhotoItem } from '@shared/schemas/timeline';
import { TimelineEntry } from './timeline-entry';

afterEach(cleanup);

describe('TimelineEntry (spec §2 Timeline)', () => {
  it("shows a photo without a title as 'Untitled Photo' with a lazy thumbnail", () => {
    render(
      <TimelineEntry
        item={{
          type: 'photo',
          id: 7,
          date: '2021-03-05T12:00:00.000Z',
          title: null,
          fileName: 'a.jpg',
          filePath: '/api/photos/image/7',
          description: 'At the lake',
          mediaType: 'image',
          derivativeStatus: 'ready',
          video: null,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Untitled Photo' })).toBeTruthy();
    expect(screen.getByText('March 5, 2021')).toBeTruthy();
    expect(screen.getByText('At the lake')).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Untitled Photo' });
    expect(img.getAttribute('src')).toBe('/api/photos/image/7?size=thumb');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it("lists a memory's attachments: images as thumbnails, other files as an icon with the name", () => {
    render(
      <TimelineEntry
        item={{
          type: 'memory',
          id: 3,
          date: '2019-07-14',
          title: 'Trip',
          content: 'We drove north.',
          attachments: [
            { type: 'photo', id: 'p-9', mimeType: 'image/jpeg', filePath: '/api/photos/image/9', fileName: 'coast.jpg' },
            { type: 'attachment', id: '4', mimeType: 'audio/mpeg', filePath: '/api/memories/3/attachments/4/file', fileName: 'song.mp3' },
            {
              type: 'attachment',
              id: '5',
              mimeType: 'image/heic',
              filePath: '/api/memories/3/attachments/5/file',
              fileName: 'iphone.heic',
            },
            { type: 'vault', id: 'v-6', mimeType: 'image/heic', filePath: '/api/vault/6', fileName: 'raw.heic' },
          ],
        }}
      />,
    );
    expect(screen.getByText('July 14, 2019')).toBeTruthy();
    expect(screen.getByText('Attachments (4)')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'coast.jpg' }).getAttribute('src')).toBe('/api/photos/image/9?size=thumb');
    expect(screen.queryByRole('img', { name: 'song.mp3' })).toBeNull();
    expect(screen.getByText('song.mp3')).toBeTruthy();
    // A memory's own HEIC is served as a JPEG copy; a vault HEIC is served as it is, so it shows as a file.
    expect(screen.getByRole('img', { name: 'iphone.heic' }).getAttribute('src')).toBe('/api/memories/3/attachments/5/file');
    expect(screen.queryByRole('img', { name: 'raw.heic' })).toBeNull();
    expect(screen.getByText('raw.heic')).toBeTruthy();
  });

  it("shows a document's original name and a 'View Document' link to the vault in a new tab", () => {
    render(
      <TimelineEntry
        item={{
          type: 'document',
          id: 12,
          date: '2020-01-02T08:00:00.000Z',
          fileName: 'stored.pdf',
          originalName: 'Deed.pdf',
          description: null,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Deed.pdf' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View Document' });
    expect(link.getAttribute('href')).toBe('/api/vault/12');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("shows 'Unknown content' for a type it does not know", () => {
    render(<TimelineEntry item={{ type: 'video', id: 1, date: '2020-01-01' } as unknown as TimelineItem} />);
    expect(screen.getByText('Unknown content')).toBeTruthy();
  });
});

/** The duration badge (a play icon, then "Video, 0:42" for a screen reader) saying exactly `text`. */
const badgeSays = (text: string) =>
  [...document.querySelectorAll('span')].some((span) => span.firstElementChild?.tagName === 'svg' && span.textContent === text);

const videoItem = (fields: Partial<TimelinePhotoItem> = {}): TimelinePhotoItem => ({
  type: 'photo',
  id: 12,
  date: '2021-03-05T12:00:00.000Z',
  title: 'First steps',
  fileName: 'IMG_0012.MOV',
  filePath: '/api/photos/image/12',
  description: null,
  mediaType: 'video',
  derivativeStatus: 'ready',
  video: { playback: 'ready', durationMs: 42_000, url: '/api/photos/video/12' },
  ...fields,
});

describe('TimelineEntry: a video (decision 038)', () => {
  it('shows its poster with the play mark and its length, and plays in place when clicked', () => {
    render(<TimelineEntry item={videoItem()} />);
    expect(badgeSays('Video, 0:42')).toBe(true);
    expect(screen.getByRole('img', { name: 'First steps' }).getAttribute('src')).toBe('/api/photos/image/12?size=thumb');
    expect(document.querySelector('video')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Play First steps' }));
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/photos/video/12');
    expect(video.getAttribute('poster')).toBe('/api/photos/image/12?mobile=true');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(screen.queryByRole('button', { name: 'Play First steps' })).toBeNull();
  });

  it('shows a placeholder, never a broken image, while the video has no poster, and says it is being prepared', () => {
    render(
      <TimelineEntry
        item={videoItem({
          title: null,
          derivativeStatus: 'pending',
          video: { playback: 'preparing', durationMs: null, url: '/api/photos/video/12' },
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Untitled Video' })).toBeTruthy();
    const placeholder = screen.getByRole('img', { name: 'Untitled Video' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('Preparing video…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Play/ })).toBeNull();
    expect(badgeSays('Video')).toBe(true); // the play mark, without a length yet
  });

  it('offers the original when the video cannot be played in a browser', () => {
    render(<TimelineEntry item={videoItem({ video: { playback: 'unavailable', durationMs: 5_000, url: '/api/photos/video/12' } })} />);
    expect(screen.getByText('This video cannot be played in the browser. Download the original to watch it.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download original' });
    expect(link.getAttribute('href')).toBe('/api/photos/12/original');
    expect(link.getAttribute('download')).toBe('IMG_0012.MOV');
    expect(document.querySelector('video')).toBeNull();
  });

  it("marks a memory's linked gallery video and links it to the video itself", () => {
    render(
      <TimelineEntry
        item={{
          type: 'memory',
          id: 3,
          date: '2019-07-14',
          title: 'Trip',
          content: 'We drove north.',
          attachments: [{ type: 'photo', id: 'p-12', mimeType: 'video/mp4', filePath: '/api/photos/image/12', fileName: 'boat.mp4' }],
        }}
      />,
    );
    expect(screen.getByRole('link', { name: /boat\.mp4/ }).getAttribute('href')).toBe('/api/photos/video/12');
    expect(badgeSays('Video')).toBe(true);
  });
});
