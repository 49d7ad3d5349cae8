import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attachment, Memory } from '@shared/schemas/memories';
import { queryKeys } from '@web/lib/query-keys';
import { MemoryForm } from './memory-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const memory: Memory = {
  id: 12,
  userId: 1,
  title: 'Christmas 1980',
  content: 'We sat by the fire.',
  eventDate: '1980-12-24',
  isPublic: false,
  tags: [],
  location: null,
  attachments: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const voice: Attachment = {
  id: '31',
  fileName: 'Voice message 2026-11-26 14.03.webm',
  filePath: '/api/memories/12/attachments/31/file',
  fileSize: '20000',
  mimeType: 'audio/webm',
};
const photo: Attachment = { ...voice, id: '32', fileName: 'tree.jpg', mimeType: 'image/jpeg' };

function renderForm({ transcription, editing = false }: { transcription: boolean; editing?: boolean }) {
  const requests: Array<{ url: string; body?: BodyInit | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body });
      if (url === '/api/capabilities') return Response.json({ videoMaxBytes: 1, videoProcessing: false, transcription });
      if (url.endsWith('/attachments')) return Response.json([voice, photo]);
      if (url === '/api/memories/transcriptions') return Response.json({ text: 'Grandpa sang by the fire.' });
      if (url === '/api/memories/12/attachments/31/transcription') return Response.json({ text: 'Silent night, holy night.' });
      return Response.json([]);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryForm memory={editing ? memory : undefined} onDone={() => {}} onSavedWithFailedUpload={() => {}} />
    </QueryClientProvider>,
  );
  return { requests, queryClient };
}

async function pick(...files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Attachment files'), { target: { files } });
  });
  await waitFor(() => expect(screen.getByRole('list', { name: 'Selected files' }).textContent).toContain(files[0]!.name));
}

const story = () => (screen.getByPlaceholderText('Write your memory...') as HTMLTextAreaElement).value;

describe('MemoryForm transcription (decision 039)', () => {
  it('offers no Transcribe button when the server cannot transcribe', async () => {
    const { queryClient } = renderForm({ transcription: false, editing: true });
    await pick(new File(['RIFF'], 'interview.wav', { type: 'audio/wav' }));
    await screen.findByRole('list', { name: 'Existing attachments' });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.capabilities)?.status).toBe('success'));
    await act(async () => {}); // the answer rendered
    expect(screen.queryByRole('button', { name: /^Transcribe/ })).toBeNull();
  });

  it('transcribes a queued audio file and adds the words to the story as a new paragraph', async () => {
    const { requests } = renderForm({ transcription: true });
    fireEvent.change(screen.getByPlaceholderText('Write your memory...'), { target: { value: 'We sat by the fire.' } });
    // The picker takes MP3, WAV, OGG and M4A; a recording joins the same queue (decision 037).
    const recording = new File(['voice'], 'Grandpa sings.m4a', { type: 'audio/mp4' });
    await pick(recording, new File(['jpg'], 'cake.jpg', { type: 'image/jpeg' }));

    expect(screen.queryByRole('button', { name: 'Transcribe cake.jpg' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: `Transcribe ${recording.name}` }));

    await waitFor(() => expect(story()).toBe('We sat by the fire.\n\nGrandpa sang by the fire.'));
    expect(screen.getByRole('status').textContent).toBe('Added to the story on the Content tab, ready to edit.');
    const sent = requests.find((r) => r.url === '/api/memories/transcriptions')!.body as FormData;
    expect((sent.get('audio') as File).name).toBe(recording.name);
  });

  it('transcribes a saved audio attachment when editing, and not a photo', async () => {
    renderForm({ transcription: true, editing: true });
    const button = await screen.findByRole('button', { name: `Transcribe ${voice.fileName}` });
    expect(screen.queryByRole('button', { name: 'Transcribe tree.jpg' })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(story()).toBe('We sat by the fire.\n\nSilent night, holy night.'));
  });
});
