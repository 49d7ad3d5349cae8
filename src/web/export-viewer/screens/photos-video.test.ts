// The archive's offline viewer with a video in it (issue 16): the thumbnail carries the play mark and the
// length, and the viewer plays the archive's own file, poster first.
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportPhoto, HeirloomExport } from '@shared/export-format';
import { loadArchive } from '../archive';
import { photoThumb } from '../parts';
import { photoViewerScreen } from './photos';

const photo = (id: number, fields: Partial<ExportPhoto>): ExportPhoto => ({
  id,
  path: `originals/photos/2021/${id}.jpg`,
  fileName: `${id}.jpg`,
  mimeType: 'image/jpeg',
  size: 10,
  sha256: '0'.repeat(64),
  title: null,
  description: null,
  dateTaken: '2021-06-01T10:00:00.000Z',
  location: null,
  cameraInfo: null,
  tags: [],
  width: 320,
  height: 240,
  memoryId: null,
  uploadedAt: '2021-06-02T10:00:00.000Z',
  previews: { thumbnail: `viewer/previews/photos/2021/${id}.jpg.thumb.webp`, display: null },
  ...fields,
});

const archive = (photos: ExportPhoto[]) =>
  loadArchive({ photos, memories: [], documents: [], collections: [], contacts: [] } as unknown as HeirloomExport);

const clip = photo(2, {
  path: 'originals/photos/2021/First steps.MOV',
  fileName: 'IMG_0042.MOV',
  mimeType: 'video/quicktime',
  title: 'First steps',
  mediaType: 'video',
  durationMs: 42_000,
  previews: {
    thumbnail: 'viewer/previews/photos/2021/First steps.MOV.thumb.webp',
    display: 'viewer/previews/photos/2021/First steps.MOV.poster.jpg',
    video: 'viewer/previews/photos/2021/First steps.MOV.play.mp4',
  },
});

describe('the offline viewer and videos', () => {
  let leave: (() => void) | undefined;
  afterEach(() => leave?.());

  it("marks a video's thumbnail with a play sign and its length, and a picture's with nothing", () => {
    const thumb = photoThumb(clip);
    expect(thumb.querySelector('.badge')?.textContent).toBe('▶Video, 0:42');
    expect(photoThumb(photo(1, {})).querySelector('.badge')).toBeNull();
  });

  it('plays the playable copy of a video, with its poster, and names it', () => {
    const screen = photoViewerScreen(archive([photo(1, {}), clip]), 2);
    leave = screen.leave;
    const video = (screen.node as HTMLElement).querySelector('video')!;
    expect(video.getAttribute('src')).toBe('viewer/previews/photos/2021/First%20steps.MOV.play.mp4');
    expect(video.getAttribute('poster')).toBe('viewer/previews/photos/2021/First%20steps.MOV.poster.jpg');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('aria-label')).toBe('First steps, June 1, 2021');
    expect((screen.node as HTMLElement).querySelector('img.full')).toBeNull();
    expect(screen.node.textContent).toContain('Video, 0:42');
  });

  it('plays the original itself when there is no copy, and knows a video by its type in an older archive', () => {
    const older = photo(3, {
      path: 'originals/photos/2021/beach.mp4',
      mimeType: 'video/mp4',
      previews: { thumbnail: null, display: null },
    });
    const screen = photoViewerScreen(archive([older]), 3);
    leave = screen.leave;
    const video = (screen.node as HTMLElement).querySelector('video')!;
    expect(video.getAttribute('src')).toBe('originals/photos/2021/beach.mp4');
    expect(video.hasAttribute('poster')).toBe(false);
    expect(photoThumb(older).querySelector('.badge')?.textContent).toBe('▶Video');
  });
});
