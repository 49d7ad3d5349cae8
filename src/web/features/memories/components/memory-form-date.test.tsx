import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '@shared/schemas/memories';
import { MemoryForm } from './memory-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const memory: Memory = {
  id: 12,
  userId: 1,
  title: 'The lake house',
  content: 'Summers there.',
  eventDate: '1955-01-01',
  eventDatePrecision: 'about',
  eventDateMargin: 5,
  isPublic: false,
  tags: [],
  location: null,
  attachments: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function renderForm(editing?: Memory) {
  const sent: Array<{ url: string; method?: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST' || init?.method === 'PUT' || init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push({ url, method: init.method, body });
        return Response.json({ ...memory, ...body, id: 12 });
      }
      if (url === '/api/capabilities') return Response.json({ videoMaxBytes: 1, videoProcessing: false, transcription: false });
      return Response.json([]);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryForm memory={editing} onDone={() => {}} onSavedWithFailedUpload={() => {}} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('MemoryForm dates as the writer knows them (decision 067)', () => {
  it('saves a memory known only to a year', async () => {
    const sent = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Our first car' } });
    fireEvent.change(screen.getByPlaceholderText('Write your memory...'), { target: { value: 'A green Beetle.' } });
    fireEvent.change(screen.getByLabelText('How sure?'), { target: { value: 'year' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1962' } });
    expect(screen.getByText(/Shows as:/).textContent).toBe('Shows as: 1962');
    fireEvent.click(screen.getByRole('button', { name: 'Save Memory' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      title: 'Our first car',
      eventDate: '1962-01-01',
      eventDatePrecision: 'year',
      eventDateMargin: null,
    });
  });

  it('asks for the year when a rough date has none', async () => {
    const sent = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Our first car' } });
    fireEvent.change(screen.getByPlaceholderText('Write your memory...'), { target: { value: 'A green Beetle.' } });
    fireEvent.change(screen.getByLabelText('How sure?'), { target: { value: 'decade' } });
    fireEvent.change(screen.getByLabelText('Decade'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(await screen.findByText('Please enter a valid date')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('opens an about date with its give or take, and keeps it when saved', async () => {
    const sent = renderForm(memory);
    expect(screen.getByLabelText('How sure?')).toHaveProperty('value', 'about');
    expect(screen.getByLabelText('Year')).toHaveProperty('value', '1955');
    expect(screen.getByLabelText('Give or take')).toHaveProperty('value', '5');
    expect(screen.getByText(/Shows as:/).textContent).toBe('Shows as: c. 1955 (± 5 years)');
    fireEvent.click(screen.getByRole('button', { name: 'Update Memory' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ eventDate: '1955-01-01', eventDatePrecision: 'about', eventDateMargin: 5 });
  });
});
