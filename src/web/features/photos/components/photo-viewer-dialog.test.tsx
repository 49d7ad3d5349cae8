import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { PhotoViewerDialog } from './photo-viewer-dialog';
import { photoFixture } from '@tests/helpers/photo-fixture';

const photo: Photo = photoFixture(7, {
  fileName: 'IMG_7.HEIC',
  fileSize: '2048',
  mimeType: 'image/heic',
  title: 'Harbour',
  dateTaken: '2019-08-01T10:00:00.000Z',
  location: '43.2965, 5.3698',
  cameraInfo: 'Apple iPhone 8',
  width: 4032,
  height: 3024,
  createdAt: '2020-01-01T00:00:00.000Z',
  updatedAt: '2020-01-01T00:00:00.000Z',
});

function renderViewer() {
  const onPrevious = vi.fn();
  const onNext = vi.fn();
  // the details' automatic labels can be removed: a mutation, so a query client
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PhotoViewerDialog photo={photo} timestamp={1} isMobile={false} onClose={() => {}} onPrevious={onPrevious} onNext={onNext} />
    </QueryClientProvider>,
  );
  return { onPrevious, onNext, dialog: screen.getByRole('dialog', { name: 'Harbour' }) };
}

describe('PhotoViewerDialog', () => {
  afterEach(cleanup);

  it('puts what the app passes for the faces over the picture and beside the details', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PhotoViewerDialog
          photo={photo}
          timestamp={1}
          isMobile={false}
          onClose={() => {}}
          faces={{
            picture: (shown, image) => <div data-testid={`faces-over-${shown.id}`}>{image}</div>,
            panel: (shown) => <p>People in photo {shown.id}</p>,
          }}
        />
      </QueryClientProvider>,
    );
    const over = screen.getByTestId(`faces-over-${photo.id}`);
    expect(over.querySelector('img')?.getAttribute('alt')).toBe('Harbour');
    expect(screen.getByText(`People in photo ${photo.id}`)).toBeTruthy();
  });

  it('steps with the arrow keys and the buttons', () => {
    const { onPrevious, onNext, dialog } = renderViewer();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(onNext).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(onPrevious).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: 'ArrowRight', shiftKey: true }); // a modified arrow is not ours
    expect(onNext).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(onNext).toHaveBeenCalledTimes(2);
  });

  it('turns the page on a sideways swipe, not on a tap or a mouse drag', () => {
    const { onPrevious, onNext } = renderViewer();
    const image = screen.getByRole('img', { name: 'Harbour' }).parentElement!;
    const swipe = (pointerType: string, fromX: number, toX: number, toY = 100) => {
      fireEvent.pointerDown(image, { pointerType, clientX: fromX, clientY: 100 });
      fireEvent.pointerUp(image, { pointerType, clientX: toX, clientY: toY });
    };
    swipe('touch', 300, 100); // finger moves left: the next photo
    expect(onNext).toHaveBeenCalledTimes(1);
    swipe('touch', 100, 300);
    expect(onPrevious).toHaveBeenCalledTimes(1);
    swipe('touch', 100, 120); // a tap
    swipe('touch', 100, 200, 400); // mostly downwards
    swipe('mouse', 300, 100);
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('shows the details: camera, coordinates with an OpenStreetMap link, file, size, and a truthful download', () => {
    renderViewer();
    const details = screen.getByRole('region', { name: 'Photo details' });
    expect(details.textContent).toContain('Apple iPhone 8');
    expect(details.textContent).toContain('43.2965, 5.3698');
    expect(details.textContent).toContain('2.00 KB · 4032 × 3024');
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=43.2965&mlon=5.3698#map=15/43.2965/5.3698',
    );
    // a HEIC is served as its JPEG display copy, and the button says so
    const download = screen.getByRole('link', { name: 'Download as JPEG' });
    expect(download.getAttribute('href')).toBe('/api/photos/image/7');
    expect(download.getAttribute('download')).toBe('IMG_7.jpg');
  });
});
