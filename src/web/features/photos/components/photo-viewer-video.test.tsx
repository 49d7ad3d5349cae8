import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo, PhotoVideo } from '@shared/schemas/photos';
import { photoFixture } from '@tests/helpers/photo-fixture';
import { PhotoViewerDialog } from './photo-viewer-dialog';

const videoPhoto = (video: Partial<PhotoVideo>, fields: Partial<Photo> = {}): Photo =>
  photoFixture(12, {
    title: 'First steps',
    fileName: 'IMG_0012.MOV',
    mimeType: 'video/quicktime',
    width: 1920,
    height: 1080,
    mediaType: 'video',
    video: { playback: 'ready', progress: null, durationMs: 3_725_000, url: '/api/photos/video/12', previewUrl: null, ...video },
    ...fields,
  });

function renderViewer(photo: Photo) {
  const onPrevious = vi.fn();
  const onNext = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PhotoViewerDialog photo={photo} timestamp={1} isMobile={false} onClose={() => {}} onPrevious={onPrevious} onNext={onNext} />
    </QueryClientProvider>,
  );
  return { onPrevious, onNext, dialog: screen.getByRole('dialog', { name: 'First steps' }) };
}

describe('the viewer of a video (decision 038)', () => {
  afterEach(cleanup);

  it("plays a ready video in the browser's player, poster first, loading only its metadata", () => {
    const { dialog } = renderViewer(videoPhoto({ playback: 'ready' }));
    const video = dialog.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/photos/video/12');
    expect(video.getAttribute('poster')).toBe('/api/photos/image/12?t=1&mobile=true');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(screen.queryByText(/Preparing video/)).toBeNull();
    // the details give its length, h:mm:ss past an hour, and the original
    expect(screen.getByRole('region', { name: 'Photo details' }).textContent).toContain('1:02:05');
    expect(screen.getByRole('link', { name: 'Download original' }).getAttribute('href')).toBe('/api/photos/12/original');
  });

  it('leaves the arrow keys to a focused video, and turns the page with them elsewhere', () => {
    const { dialog, onNext, onPrevious } = renderViewer(videoPhoto({ playback: 'ready' }));
    const video = dialog.querySelector('video')!;
    fireEvent.keyDown(video, { key: 'ArrowRight' });
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    expect(onNext).not.toHaveBeenCalled();
    expect(onPrevious).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('shows the poster and the progress while the video is being prepared, with no player yet', () => {
    const { dialog } = renderViewer(videoPhoto({ playback: 'preparing', progress: 40 }));
    expect(dialog.querySelector('video')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Preparing video… 40 %');
    expect(screen.getByRole('img', { name: 'First steps' }).getAttribute('src')).toBe('/api/photos/image/12?t=1&mobile=true');
  });

  it('offers the original when the video cannot be played in the browser', () => {
    const { dialog } = renderViewer(videoPhoto({ playback: 'unavailable' }, { derivativeStatus: 'failed' }));
    expect(dialog.querySelector('video')).toBeNull();
    expect(screen.getByText('This video cannot be played in the browser. Download the original to watch it.')).toBeTruthy();
    // no poster could be made: a plain video mark, never a broken image
    expect(screen.getByRole('img', { name: 'First steps' }).tagName).toBe('SPAN');
    const downloads = screen.getAllByRole('link', { name: 'Download original' });
    expect(downloads.length).toBeGreaterThan(0);
    for (const link of downloads) {
      expect(link.getAttribute('href')).toBe('/api/photos/12/original');
      expect(link.getAttribute('download')).toBe('IMG_0012.MOV');
    }
  });
});
