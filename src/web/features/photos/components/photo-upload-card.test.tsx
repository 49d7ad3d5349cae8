import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { Toaster } from '@web/components/ui/toaster';
import { photoFixture } from '@tests/helpers/photo-fixture';
import { stopUploads } from '../upload-queue';
import { PhotoUploadCard } from './photo-upload-card';

// tus at the boundary: each Upload made is recorded, and the test decides when it progresses and finishes.
const tus = vi.hoisted(() => ({ uploads: [] as { file: File; options: Record<string, unknown>; url: string | null }[] }));
vi.mock('tus-js-client', () => ({
  DetailedError: class DetailedError extends Error {},
  Upload: class Upload {
    url: string | null = null;
    constructor(
      readonly file: File,
      readonly options: Record<string, unknown>,
    ) {
      tus.uploads.push(this);
    }
    findPreviousUploads = () => Promise.resolve([]);
    resumeFromPreviousUpload = () => {};
    start = () => {};
    abort = () => Promise.resolve();
  },
}));

const MB = 1024 * 1024;
const VIDEO_MAX = 50 * MB;

function fileOfSize(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PhotoUploadCard />
      <Toaster />
    </QueryClientProvider>,
  );

describe('PhotoUploadCard (spec §2, §5 checks before sending; issue 16 videos)', () => {
  let xhrOpen: ReturnType<typeof vi.spyOn>;
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    tus.uploads.length = 0;
    xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => {});
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/capabilities') {
        return Promise.resolve(Response.json({ videoMaxBytes: VIDEO_MAX, videoProcessing: true, transcription: false }));
      }
      if (url === '/api/photos/videos' && init?.method === 'POST') {
        return Promise.resolve(Response.json(photoFixture(9, { mediaType: 'video', fileName: 'birthday.mp4' }), { status: 201 }));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderCard();
    // the server's video limit is known before a file is picked
    expect(await screen.findByText(/Videos too: MP4, MOV, WebM, M4V, 3GP, MKV, MTS, AVI and MPEG up to 50MB/)).toBeTruthy();
  });
  afterEach(() => {
    stopUploads(); // the queue is the tab's (upload-queue.ts): each test starts with none
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
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
    await vi.waitFor(() => expect(xhrOpen).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Waiting...')).toBeTruthy();
  });

  it('sends a picture as multipart and a video with tus, then makes the finished upload a video', async () => {
    await pick(fileOfSize('birthday.mp4', 'video/mp4', 20 * MB));
    await vi.waitFor(() => expect(tus.uploads).toHaveLength(1));
    expect(xhrOpen).not.toHaveBeenCalled(); // not the photos' multipart POST
    const upload = tus.uploads[0]!;
    expect(upload.file.name).toBe('birthday.mp4');
    expect(upload.options).toMatchObject({ endpoint: '/api/photos/video-uploads', removeFingerprintOnSuccess: true });
    expect(upload.options.chunkSize).toBeGreaterThanOrEqual(8 * MB);

    const options = upload.options as { onProgress: (sent: number, total: number) => void; onSuccess: () => void };
    await act(async () => options.onProgress(8 * MB, 20 * MB));
    expect(screen.getByText('Uploading... 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress of birthday.mp4' }).getAttribute('aria-valuenow')).toBe('40');

    upload.url = 'http://localhost/api/photos/video-uploads/0123456789abcdef0123456789abcdef';
    await act(async () => options.onSuccess());
    expect(await screen.findByText('Video uploaded successfully.')).toBeTruthy();
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/photos/videos');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ uploadId: '0123456789abcdef0123456789abcdef' });

    await pick(fileOfSize('beach.png', 'image/png', 100));
    await vi.waitFor(() => expect(xhrOpen).toHaveBeenCalledWith('POST', '/api/photos'));
    expect(tus.uploads).toHaveLength(1);
  });

  it("refuses a video over the server's limit, and one of an unknown kind, without sending them", async () => {
    await pick(fileOfSize('wedding.mov', 'video/quicktime', VIDEO_MAX + 1));
    expect(await screen.findByText('wedding.mov: Video must be 50MB or smaller')).toBeTruthy();
    await pick(fileOfSize('old.flv', 'video/x-flv', 100));
    expect(await screen.findByText('old.flv: Only MP4, MOV, WebM, M4V, 3GP, MKV, MTS, AVI and MPEG videos can be uploaded')).toBeTruthy();
    expect(tus.uploads).toHaveLength(0);
    expect(xhrOpen).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a finished upload", async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url === '/api/capabilities'
          ? Response.json({ videoMaxBytes: VIDEO_MAX, videoProcessing: true, transcription: false })
          : Response.json({ message: 'This file holds no video that can be read' }, { status: 400 }),
      ),
    );
    await pick(fileOfSize('clip.mkv', '', 100)); // no type: known by its name
    await vi.waitFor(() => expect(tus.uploads).toHaveLength(1));
    const upload = tus.uploads[0]!;
    upload.url = '/api/photos/video-uploads/0123456789abcdef0123456789abcdef';
    await act(async () => (upload.options as { onSuccess: () => void }).onSuccess());
    expect(await screen.findByText('This file holds no video that can be read')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
  });

  it('shows the uploads still going when it is shown again after the owner went to another page (decision 088)', async () => {
    await pick(fileOfSize('birthday.mp4', 'video/mp4', 20 * MB));
    await vi.waitFor(() => expect(tus.uploads).toHaveLength(1));
    const options = tus.uploads[0]!.options as { onProgress: (sent: number, total: number) => void };
    await act(async () => options.onProgress(4 * MB, 20 * MB));
    cleanup(); // another page: the card goes, the upload does not

    renderCard();
    expect(screen.getByText('birthday.mp4')).toBeTruthy();
    expect(screen.getByText('Uploading... 20%')).toBeTruthy();
    await act(async () => options.onProgress(10 * MB, 20 * MB));
    expect(screen.getByText('Uploading... 50%')).toBeTruthy();
    expect(tus.uploads).toHaveLength(1);
  });
});
