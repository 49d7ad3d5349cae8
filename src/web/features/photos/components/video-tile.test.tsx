import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoVideo } from '@shared/schemas/photos';
import { photoFixture } from '@tests/helpers/photo-fixture';
import { PhotoImage } from './photo-image';
import { useVideoHoverPreview, VideoTileOverlay } from './video-tile';

const video = (fields: Partial<PhotoVideo>): PhotoVideo => ({
  playback: 'ready',
  progress: null,
  durationMs: 83_000,
  url: '/api/photos/video/5',
  previewUrl: null,
  ...fields,
});

describe('a video tile in the grid', () => {
  afterEach(cleanup);

  it('shows "Preparing video… N %" while the playable copy is made, and the length', () => {
    const { container } = render(<VideoTileOverlay video={video({ playback: 'preparing', progress: 40 })} />);
    expect(screen.getByText('Preparing video… 40 %')).toBeTruthy();
    expect(container.textContent).toContain('1:23');
  });

  it('says only "Preparing video…" while the progress is unknown', () => {
    render(<VideoTileOverlay video={video({ playback: 'preparing', progress: null })} />);
    expect(screen.getByText('Preparing video…')).toBeTruthy();
  });

  it('shows just the length once ready, or when it cannot be played here', () => {
    for (const playback of ['ready', 'unavailable'] as const) {
      const { container, unmount } = render(<VideoTileOverlay video={video({ playback })} />);
      expect(container.textContent).toBe('Video, 1:23');
      unmount();
    }
  });

  it('shows its poster once made, and a plain video mark (not a broken image) before', () => {
    const withPoster = photoFixture(5, { mediaType: 'video', video: video({}), title: 'Birthday' });
    const { rerender } = render(<PhotoImage photo={withPoster} size="thumb" timestamp={1} isMobile={false} />);
    expect(screen.getByRole('img', { name: 'Birthday' }).getAttribute('src')).toBe('/api/photos/image/5?size=thumb&t=1');
    rerender(<PhotoImage photo={{ ...withPoster, derivativeStatus: 'failed' }} size="thumb" timestamp={1} isMobile={false} />);
    const placeholder = screen.getByRole('img', { name: 'Birthday' });
    expect(placeholder.tagName).toBe('SPAN');
  });
});

describe('the hover preview of a ready video', () => {
  afterEach(cleanup);

  function Tile({ video: v, enabled = true }: { video: PhotoVideo; enabled?: boolean }) {
    const hover = useVideoHoverPreview(v, enabled);
    return (
      <div data-testid="tile" {...hover.handlers}>
        {hover.preview}
      </div>
    );
  }
  const ready = video({ playback: 'ready', previewUrl: '/api/photos/video/5?preview=true' });

  it('plays the muted preview while a mouse is over the tile, and loads nothing before', () => {
    const { container } = render(<Tile video={ready} />);
    expect(container.querySelector('video')).toBeNull();
    fireEvent.pointerEnter(screen.getByTestId('tile'), { pointerType: 'mouse' });
    const preview = container.querySelector('video')!;
    expect(preview.getAttribute('src')).toBe('/api/photos/video/5?preview=true');
    expect(preview.muted).toBe(true);
    fireEvent.pointerLeave(screen.getByTestId('tile'), { pointerType: 'mouse' });
    expect(container.querySelector('video')).toBeNull();
  });

  it('never starts on touch, in Select mode, or before the video is ready', () => {
    const cases = [
      { v: ready, enabled: true, pointerType: 'touch' },
      { v: ready, enabled: false, pointerType: 'mouse' },
      { v: video({ playback: 'preparing', previewUrl: null }), enabled: true, pointerType: 'mouse' },
    ];
    for (const { v, enabled, pointerType } of cases) {
      const { container, unmount } = render(<Tile video={v} enabled={enabled} />);
      fireEvent.pointerEnter(screen.getByTestId('tile'), { pointerType });
      expect(container.querySelector('video')).toBeNull();
      unmount();
    }
  });
});
