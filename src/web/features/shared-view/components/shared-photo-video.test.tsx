import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SharedPhoto } from '@shared/schemas/sharing';
import { SharedPhotoGrid } from './shared-photo-grid';

const BASE = '/api/shared/T0k3n';
const shared = (id: number, fields: Partial<SharedPhoto> = {}): SharedPhoto => ({
  id,
  title: `Item ${id}`,
  description: null,
  dateTaken: null,
  fileName: `item-${id}.jpg`,
  width: 1280,
  height: 720,
  location: null,
  cameraInfo: null,
  thumbnailUrl: `${BASE}/photos/${id}/thumbnail`,
  displayUrl: `${BASE}/photos/${id}/display`,
  downloadUrl: `${BASE}/photos/${id}/download`,
  videoUrl: null,
  durationMs: null,
  people: [],
  ...fields,
});

describe("a shared link's video", () => {
  afterEach(cleanup);

  it('carries its length on the thumbnail and plays in the viewer with its display copy as poster', () => {
    const video = shared(2, { fileName: 'lake.mp4', videoUrl: `${BASE}/photos/2/video`, durationMs: 95_000 });
    render(<SharedPhotoGrid photos={[shared(1), video]} />);
    const tiles = screen.getAllByRole('listitem');
    expect(tiles[0]!.textContent).toBe(''); // a picture has no mark
    expect(tiles[1]!.textContent).toBe('Video, 1:35');

    fireEvent.click(screen.getByRole('button', { name: 'View Item 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Item 2' });
    const player = dialog.querySelector('video')!;
    expect(player.getAttribute('src')).toBe(`${BASE}/photos/2/video`);
    expect(player.getAttribute('poster')).toBe(`${BASE}/photos/2/display`);
    expect(player.hasAttribute('controls')).toBe(true);

    // its arrows seek; the dialog's turn the page
    fireEvent.keyDown(player, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'Item 2' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'Item 1' }).querySelector('video')).toBeNull();
    expect(screen.getByRole('img', { name: 'Item 1' }).getAttribute('src')).toBe(`${BASE}/photos/1/display`);
  });
});
