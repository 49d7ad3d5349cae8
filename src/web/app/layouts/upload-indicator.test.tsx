import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueueUploads, stopUploads } from '@web/features/photos/upload-queue';
import { UploadIndicator } from './upload-indicator';

// the files never finish here: the indicator is about the ones still going
vi.mock('@web/features/photos/upload-send', () => ({ sendUpload: () => new Promise(() => {}) }));

const renderAt = (pathname: string) =>
  render(
    <MemoryRouter initialEntries={[pathname]}>
      <UploadIndicator />
    </MemoryRouter>,
  );
const photo = (name: string) => ({ file: new File(['x'], name, { type: 'image/jpeg' }), isVideo: false });

describe('UploadIndicator (decision 088)', () => {
  afterEach(() => {
    stopUploads();
    cleanup();
  });

  it('says nothing while nothing uploads', () => {
    renderAt('/vault');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('tells how far the uploads are on another page, as a link back to them', () => {
    renderAt('/vault');
    act(() => enqueueUploads([photo('a.jpg'), photo('b.jpg')]));
    const link = screen.getByRole('link', { name: 'Uploading 1 of 2…' });
    expect(link.getAttribute('href')).toBe('/photos');
    expect(screen.getByRole('status').contains(link)).toBe(true);
  });

  it('stays quiet on the gallery, which shows the uploads itself', () => {
    renderAt('/photos');
    act(() => enqueueUploads([photo('a.jpg')]));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
