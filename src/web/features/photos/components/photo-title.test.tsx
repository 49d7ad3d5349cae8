import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { PhotoTitle } from './photo-title';
import { photoFixture } from '@tests/helpers/photo-fixture';

const photo: Photo = photoFixture(7, { fileName: 'IMG_0001.jpg' });

function Harness() {
  const [isEditing, setEditing] = useState(false);
  return (
    <>
      <PhotoTitle photo={photo} isEditing={isEditing} onEditingChange={setEditing} />
      <button type="button">elsewhere</button>
    </>
  );
}

describe('PhotoTitle (spec §2 inline title edit)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { title: string };
      return new Response(JSON.stringify({ ...photo, title: body.title }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness />
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const startEditing = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Edit title: IMG_0001.jpg' }));
    return screen.getByRole('textbox', { name: 'Photo title' });
  };
  const patchedTitles = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)).title);

  it('starts from the file name when there is no title', () => {
    expect(startEditing()).toHaveProperty('value', 'IMG_0001.jpg');
  });

  it('saves on Enter, once', async () => {
    const input = startEditing();
    fireEvent.change(input, { target: { value: '  Beach day ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/photos/7');
    expect(patchedTitles()).toEqual(['Beach day']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('cancels on Escape without a call', async () => {
    const input = startEditing();
    fireEvent.change(input, { target: { value: 'Never mind' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.blur(input);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit title: IMG_0001.jpg' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves when focus leaves the field (click outside)', async () => {
    const input = startEditing();
    fireEvent.change(input, { target: { value: 'Lake house' } });
    fireEvent.blur(input);
    await waitFor(() => expect(patchedTitles()).toEqual(['Lake house']));
  });

  it('cancels an empty title without a call', async () => {
    const input = startEditing();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByRole('textbox')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
