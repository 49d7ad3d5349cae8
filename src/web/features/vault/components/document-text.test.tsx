import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VaultFileDetails } from '@shared/schemas/vault';
import { DocumentText } from './document-text';

const base: VaultFileDetails = {
  id: 7,
  memoryId: null,
  fileName: 'a.pdf',
  originalName: 'Will.pdf',
  fileSize: 1000,
  mimeType: 'application/pdf',
  description: null,
  uploadedAt: '2026-11-29T10:00:00.000Z',
  lastAccessedAt: null,
  text: '',
  textStatus: 'pending',
  textError: null,
};

function renderText(details: Partial<VaultFileDetails>) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ ...base, ...details }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <p id="name">Will.pdf</p>
      <DocumentText fileId={7} nameId="name" />
    </QueryClientProvider>,
  );
  return fetch;
}

const show = () => fireEvent.click(screen.getByRole('button', { name: 'Show text' }));

describe('DocumentText', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the text only when opened, and shows the words read, scrollable, until hidden', async () => {
    const fetch = renderText({ textStatus: 'done', text: 'Last will and testament\n\nof Rose Martin' });
    expect(fetch).not.toHaveBeenCalled();
    show();
    const words = await screen.findByRole('region', { name: 'Text of Will.pdf' });
    expect(words.textContent).toBe('Last will and testament\n\nof Rose Martin');
    expect(fetch).toHaveBeenCalledWith('/api/vault/7/details', expect.anything());
    expect(screen.getByRole('button', { name: 'Hide text' })).toHaveProperty('ariaExpanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide text' }));
    expect(screen.queryByRole('region', { name: 'Text of Will.pdf' })).toBeNull();
  });

  it('says the text is being read, and why it could not be', async () => {
    renderText({ textStatus: 'pending' });
    show();
    expect(await screen.findByText('Reading the text…')).toBeTruthy();
    cleanup();
    renderText({ textStatus: 'failed', textError: 'This PDF is damaged, so heirloom could not read its words.' });
    show();
    expect(await screen.findByText('This PDF is damaged, so heirloom could not read its words.')).toBeTruthy();
    cleanup();
    renderText({ textStatus: 'done', text: '' });
    show();
    expect(await screen.findByText('No words were found in this document.')).toBeTruthy();
    cleanup();
    renderText({ textStatus: 'off' });
    show();
    expect(await screen.findByText('This heirloom server is set not to read the words in documents.')).toBeTruthy();
  });
});
