import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportJob, ImportJob, ServerFiles, TransferProgress } from '@shared/schemas/transfers';
import { queryKeys } from '@web/lib/query-keys';
import { describeProgress, formatTimeLeft } from './transfer-progress';
import { YourDataCard } from './your-data-card';

const idle: TransferProgress = { itemsDone: 0, itemsTotal: 0, bytesDone: 0, bytesTotal: 0, secondsLeft: null };

const exportJob = (over: Partial<ExportJob>): ExportJob => ({
  id: 7,
  status: 'queued',
  progress: idle,
  bytes: null,
  downloadUrl: null,
  error: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  ...over,
});

const importJob = (over: Partial<ImportJob>): ImportJob => ({
  id: 3,
  status: 'done',
  progress: idle,
  report: null,
  error: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:05:00.000Z',
  ...over,
});

/** The card's GETs answered from these lists; every other request fails as the server would for a bad path. */
function renderCard({
  exports = [] as ExportJob[],
  imports = [] as ImportJob[],
  mailConfigured = false,
  serverFiles = { enabled: false, files: [] } as ServerFiles,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
} = {}) {
  const answers: Record<string, unknown> = {
    '/api/exports': exports,
    '/api/imports': imports,
    '/api/imports/server-files': serverFiles,
    '/api/legacy/status': { mailConfigured },
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/imports' && init?.method === 'POST') return new Response(JSON.stringify({ id: 9 }), { status: 202 });
    return url in answers
      ? new Response(JSON.stringify(answers[url]), { status: 200 })
      : new Response('{"message":"Not found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={client}>
      <YourDataCard />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('progress wording', () => {
  it('says items, bytes and a rounded time left, leaving out what is not known yet', () => {
    expect(
      describeProgress({ itemsDone: 1204, itemsTotal: 3400, bytesDone: 1.2 * 1024 ** 3, bytesTotal: 3.4 * 1024 ** 3, secondsLeft: 235 }),
    ).toBe('1,204 of 3,400 items · 1.20 GB of 3.40 GB · about 4 minutes left');
    expect(describeProgress(idle)).toBe('');
    expect(formatTimeLeft(20)).toBe('less than a minute left');
    expect(formatTimeLeft(60)).toBe('about 1 minute left');
    expect(formatTimeLeft(3 * 3600)).toBe('about 3 hours left');
  });
});

describe('YourDataCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('promises an e-mail for a running export only when the server can send mail', async () => {
    const running = exportJob({
      status: 'running',
      progress: { itemsDone: 2, itemsTotal: 4, bytesDone: 512, bytesTotal: 1024, secondsLeft: 5 },
    });
    renderCard({ exports: [running] });
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('2 of 4 items · 512 Bytes of 1.00 KB · less than a minute left')).toBeTruthy();
    expect(await screen.findByText(/the export keeps going\. Come back here to download it\./)).toBeTruthy();
    expect(screen.queryByText(/e-mail you/)).toBeNull();
    cleanup();

    renderCard({ exports: [running], mailConfigured: true });
    expect(await screen.findByText(/we'll e-mail you when it is ready/)).toBeTruthy();
  });

  it('offers a ready export as a plain download link with its size and the day it is deleted', async () => {
    renderCard({
      exports: [
        exportJob({ status: 'ready', bytes: 3 * 1024 ** 2, downloadUrl: '/api/exports/7/download', expiresAt: '2026-12-02T12:00:00.000Z' }),
      ],
    });
    const link = await screen.findByRole('link', { name: 'Download (3.00 MB)' });
    expect(link.getAttribute('href')).toBe('/api/exports/7/download');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Kept until December 2, 2026, then deleted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export again' })).toBeTruthy();
  });

  it('says when the last archive was deleted, and offers a new export instead of a dead link', async () => {
    renderCard({ exports: [exportJob({ status: 'ready', bytes: 1024, downloadUrl: null, expiresAt: '2026-11-20T12:00:00.000Z' })] });
    expect(await screen.findByText('Your last export was deleted after 7 days. Start a new one to download it again.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export everything' })).toBeTruthy();
  });

  it('shows a failed export with its reason and starts a new one on Try again', async () => {
    const fetchMock = renderCard({ exports: [exportJob({ status: 'failed', error: 'The disk is full.' })] });
    expect(await screen.findByText('The export failed: The disk is full.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/exports' && init?.method === 'POST')).toBe(true),
    );
  });

  it("lists the report's counts and the first 20 refused files, counting the rest", async () => {
    const refused = Array.from({ length: 25 }, (_, i) => ({
      path: `Takeout/Google Photos/clip-${i}.mp4`,
      reason: 'Videos are not kept yet',
    }));
    renderCard({
      imports: [
        importJob({
          report: {
            format: 'google-takeout',
            imported: { photos: 12, memories: 0, attachments: 0, documents: 0, contacts: 0, collections: 1 },
            skipped: { count: 1, items: [{ path: 'Takeout/Google Photos/a-edited.jpg', reason: 'Same as a.jpg' }] },
            refused: { count: 30, items: refused },
          },
        }),
      ],
    });
    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(within(report).getByText('Import finished on November 25, 2026 (Google Photos Takeout).')).toBeTruthy();
    expect(within(report).getByText('12 photos')).toBeTruthy();
    expect(within(report).getByText('1 collection')).toBeTruthy();
    expect(within(report).queryByText(/memories/)).toBeNull();
    expect(within(report).getByText('Skipped: 1')).toBeTruthy();
    expect(within(report).getByText('Not imported: 30')).toBeTruthy();
    expect(within(report).getByText('Takeout/Google Photos/clip-19.mp4')).toBeTruthy();
    expect(within(report).queryByText('Takeout/Google Photos/clip-20.mp4')).toBeNull();
    expect(within(report).getByText('and 10 more')).toBeTruthy();
  });

  it('counts the people and named faces an heirloom archive brought back, and none when it had none', async () => {
    renderCard({
      imports: [
        importJob({
          report: {
            format: 'heirloom',
            imported: {
              photos: 3,
              memories: 0,
              attachments: 0,
              documents: 1,
              contacts: 1,
              collections: 0,
              people: 3,
              namedFaces: 1,
              interviews: 2,
            },
            skipped: { count: 0, items: [] },
            refused: { count: 0, items: [] },
          },
        }),
      ],
    });
    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(within(report).getByText('Import finished on November 25, 2026 (heirloom export).')).toBeTruthy();
    expect(within(report).getByText('3 people')).toBeTruthy();
    expect(within(report).getByText('1 named face')).toBeTruthy();
    expect(within(report).getByText('1 document')).toBeTruthy();
    // interviews come back paused: the report says so (decision 066)
    expect(within(report).getByText('2 interviews')).toBeTruthy();
    expect(within(report).getByText(/Imported interviews are paused/)).toBeTruthy();
    cleanup();

    renderCard({
      imports: [
        importJob({
          report: {
            format: 'heirloom',
            imported: { photos: 2, memories: 0, attachments: 0, documents: 0, contacts: 0, collections: 0, people: 0, namedFaces: 0 },
            skipped: { count: 0, items: [] },
            refused: { count: 0, items: [] },
          },
        }),
      ],
    });
    const plain = await screen.findByRole('region', { name: 'Import report' });
    expect(within(plain).getByText('2 photos')).toBeTruthy();
    expect(within(plain).queryByText(/people|named face|interview/)).toBeNull();
  });

  it("offers the server's import folder only when it is set up, and imports the chosen archives by name", async () => {
    renderCard();
    expect(await screen.findByLabelText('Archives to import (.zip)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import from the server' })).toBeNull();
    cleanup();

    const fetchMock = renderCard({
      serverFiles: {
        enabled: true,
        files: [
          { name: 'takeout-001.zip', size: 2 * 1024 ** 3, isFolder: false },
          { name: 'Takeout', size: 0, isFolder: true },
        ],
      },
    });
    const button = await screen.findByRole('button', { name: 'Import from the server' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('2.00 GB')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /takeout-001\.zip/ }));
    fireEvent.click(button);
    await vi.waitFor(() => {
      const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/imports' && init?.method === 'POST');
      expect(post?.[1]?.body).toBe(JSON.stringify({ serverFiles: ['takeout-001.zip'] }));
    });
  });

  it('refreshes the library once an import started here has finished, even one too quick to be seen running', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(queryKeys.photos.list(), []);
    client.setQueryData(queryKeys.memories.list, []);
    const imports: ImportJob[] = [];
    renderCard({ client, imports, serverFiles: { enabled: true, files: [{ name: 'export.zip', size: 10, isFolder: false }] } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /export\.zip/ }));
    expect(client.getQueryState(queryKeys.photos.list())?.isInvalidated).toBe(false);
    // the job has already finished by the time the list is read again
    imports.push(importJob({ id: 9, status: 'done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import from the server' }));
    await vi.waitFor(() => {
      expect(client.getQueryState(queryKeys.photos.list())?.isInvalidated).toBe(true);
      expect(client.getQueryState(queryKeys.memories.list)?.isInvalidated).toBe(true);
    });
  });
});
