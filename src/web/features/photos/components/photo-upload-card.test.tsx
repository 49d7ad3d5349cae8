import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { Toaster } from '@web/components/ui/toaster';
import { PhotoUploadCard } from './photo-upload-card';

function fileOfSize(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('PhotoUploadCard (spec §2, §5 checks before sending)', () => {
  let xhrOpen: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => {});
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PhotoUploadCard />
        <Toaster />
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const pick = (...files: File[]) => act(async () => fireEvent.change(screen.getByLabelText('Photo files'), { target: { files } }));

  it('shows the spec texts', () => {
    expect(screen.getByText('Drag & drop a photo here, or click to select')).toBeTruthy();
    expect(screen.getByText('Supports JPEG, PNG, GIF, WebP, HEIC/HEIF up to 10MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Photo' })).toBeTruthy();
  });

  it('refuses a photo over 10MB without sending it', async () => {
    await pick(fileOfSize('huge.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1));
    expect(await screen.findByText('huge.jpg: Photo must be 10MB or smaller')).toBeTruthy();
    expect(xhrOpen).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a photo without sending it', async () => {
    await pick(fileOfSize('story.pdf', 'application/pdf', 100));
    expect(await screen.findByText('story.pdf: Only JPEG, PNG, GIF, WebP and HEIC/HEIF photos can be uploaded')).toBeTruthy();
    expect(xhrOpen).not.toHaveBeenCalled();
  });

  it('accepts a HEIC the browser gives no type, and queues several photos one after another', async () => {
    await pick(fileOfSize('IMG_1.HEIC', '', 100), fileOfSize('IMG_2.jpg', 'image/jpeg', 100));
    expect(await screen.findByText('IMG_1.HEIC')).toBeTruthy();
    expect(screen.getByText('IMG_2.jpg')).toBeTruthy();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    // the second waits for the first (whose request never answers here)
    expect(xhrOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Waiting...')).toBeTruthy();
  });
});
