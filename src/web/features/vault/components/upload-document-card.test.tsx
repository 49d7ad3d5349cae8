import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MB } from '@shared/limits';
import { UploadDocumentCard } from './upload-document-card';

function renderCard(usedBytes: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/vault/usage') return new Response(JSON.stringify({ usedBytes, quotaBytes: 100 * MB }), { status: 200 });
      return new Response('{}', { status: 404 });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UploadDocumentCard />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** A File whose reported size is `size` without allocating it. */
function fileOfSize(name: string, size: number) {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const pick = (file: File) => fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload File' })));

describe('UploadDocumentCard', () => {
  let xhrOpen: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("asks for a file when none is picked ('Please select a file')", async () => {
    renderCard(0);
    await submit();
    await screen.findByText('Please select a file');
    expect(xhrOpen).not.toHaveBeenCalled();
  });

  it("refuses a file over 15MB before sending ('File size must not exceed 15MB')", async () => {
    renderCard(0);
    pick(fileOfSize('big.bin', 15 * MB + 1));
    await submit();
    await screen.findByText('File size must not exceed 15MB');
    expect(xhrOpen).not.toHaveBeenCalled();
  });

  it('refuses a file that would take the vault over 100MB, using the current usage', async () => {
    const queryClient = renderCard(95 * MB);
    await waitFor(() => expect(queryClient.getQueryData(['vault', 'usage'])).toBeDefined());
    pick(fileOfSize('scan.pdf', 5 * MB + 1));
    await submit();
    await screen.findByText('Upload would exceed total storage limit of 100MB');
    expect(xhrOpen).not.toHaveBeenCalled();
  });

  it('sends a file that exactly fills the quota', async () => {
    const queryClient = renderCard(95 * MB);
    await waitFor(() => expect(queryClient.getQueryData(['vault', 'usage'])).toBeDefined());
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    pick(fileOfSize('scan.pdf', 5 * MB));
    await submit();
    await waitFor(() => expect(xhrOpen).toHaveBeenCalledWith('POST', '/api/vault'));
    expect(screen.getByRole('button', { name: 'Uploading...' })).toHaveProperty('disabled', true);
  });
});
