import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EscrowSettingsInput, EscrowStatus, EscrowTarget, ReleaseKey } from '@shared/schemas/escrow';
import type { Heir } from '@shared/schemas/legacy';
import { Toaster } from '@web/components/ui/toaster';
import { EscrowBucketCard } from './escrow-bucket-card';

const stored: EscrowTarget = {
  kind: 's3',
  endpoint: 'https://s3.example.org',
  bucket: 'family-copies',
  region: 'eu-central-1',
  prefix: 'tylers/',
  accessKeyId: 'AKIAFAMILY',
  forcePathStyle: true,
  hasSecret: true,
  lastTestAt: null,
  lastTestError: null,
};

const heir = {
  email: null,
  language: null,
  dateOfBirth: null,
  hasKeyCode: true,
  keyCodeCreatedAt: null,
  createdAt: '2026-11-01T12:00:00.000Z',
};
const heirs: Heir[] = [
  { ...heir, id: 7, contactId: 21, name: 'Amy Smith', publicKey: 'B'.repeat(43) },
  { ...heir, id: 8, contactId: 22, name: 'Jackie Tyler', publicKey: null, hasKeyCode: false },
];
const releaseKey: ReleaseKey = {
  publicKey: 'A'.repeat(43),
  keyId: 'ABCD',
  threshold: 2,
  shareCount: 3,
  verifiers: [],
  createdAt: '2026-11-01T12:00:00.000Z',
  outdated: null,
};

const hour = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const status = (over: Partial<EscrowStatus> = {}): EscrowStatus => ({
  lastRunAt: ago(2 * hour),
  lastOkAt: ago(2 * hour),
  lastCheckAt: null,
  error: null,
  running: false,
  bundles: [
    {
      heirId: 7,
      heirName: 'Amy Smith',
      objectKey: 'tylers/a1b2.heirloom',
      bytes: 1536 * 1024,
      sha256: 'ab'.repeat(32),
      updatedAt: ago(2 * hour),
      checkedAt: null,
      checkError: 'The copy in the bucket is smaller than the one written.',
    },
  ],
  waiting: [{ heirId: 8, heirName: 'Jackie Tyler', reason: 'Make Jackie’s key code first.' }],
  ...over,
});

/** A fake server: the bucket as stored, and the status (none: a heirloom without the escrow run, 404). A run is
 * under way from its POST until the status has been read once more. */
function renderCard(target: EscrowTarget | null, before: EscrowStatus | null, after?: EscrowStatus) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  let current = target;
  let run: 'none' | 'running' | 'done' = 'none';
  const answer = (body: unknown, init?: ResponseInit) => Response.json(body, init);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/legacy/escrow' && method === 'PUT') {
        const input = (body as EscrowSettingsInput).target;
        current = input && {
          ...stored,
          ...input,
          hasSecret: true,
          prefix: input.prefix ?? '',
          region: input.region ?? 'us-east-1',
          forcePathStyle: input.forcePathStyle ?? true,
        };
      }
      if (url === '/api/legacy/escrow/run') {
        run = 'running';
        return answer({ ...before, running: true }, { status: 202 });
      }
      if (url === '/api/legacy/escrow/status') {
        if (!before) return answer({ message: 'Not Found' }, { status: 404 });
        if (run === 'running') {
          run = 'done';
          return answer({ ...before, running: true });
        }
        return answer(run === 'done' && after ? after : before);
      }
      if (url === '/api/legacy/heirs') return answer(heirs);
      if (url === '/api/legacy/release-key') return answer({ releaseKey });
      if (url === '/api/legacy/escrow/test')
        return answer({ ok: false, message: 'There is no bucket named “family-copies” at that address.' });
      return answer({ target: current });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EscrowBucketCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

const LOADED = { timeout: 5000 };
const puts = (calls: ReturnType<typeof renderCard>) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('After Life → Sealed copies kept elsewhere', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the secret key of a new bucket, saves it, tests it, and waits quietly for the copies’ status', async () => {
    const calls = renderCard(null, null);
    fireEvent.change(await screen.findByLabelText('Endpoint', undefined, LOADED), { target: { value: 'https://s3.example.org' } });
    fireEvent.change(screen.getByLabelText('Bucket'), { target: { value: 'family-copies' } });
    fireEvent.change(screen.getByLabelText('Folder (optional)'), { target: { value: 'tylers' } });
    fireEvent.change(screen.getByLabelText('Access key'), { target: { value: 'AKIAFAMILY' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bucket' }));
    expect(await screen.findByText('Enter the secret key')).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Secret key'), { target: { value: 'family-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bucket' }));
    await screen.findByText('Bucket saved');
    expect(puts(calls)).toEqual([
      {
        target: {
          kind: 's3',
          endpoint: 'https://s3.example.org',
          bucket: 'family-copies',
          region: 'us-east-1',
          prefix: 'tylers/',
          accessKeyId: 'AKIAFAMILY',
          secretAccessKey: 'family-secret',
          forcePathStyle: true,
        },
      },
    ]);
    await waitFor(() => expect((screen.getByLabelText('Secret key') as HTMLInputElement).value).toBe(''));

    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('It did not work: There is no bucket named “family-copies” at that address.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/legacy/escrow/status')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'In your bucket' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'On a USB stick' })).toBeTruthy();
  });

  it('keeps the stored secret, shows each heir’s copy and who waits, and makes the copies now until the run is done', async () => {
    const calls = renderCard(stored, status(), status({ lastCheckAt: ago(60_000) }));
    const copies = await screen.findByRole('list', { name: 'Sealed copies' }, LOADED);
    const amy = within(copies).getByText('Amy Smith').closest('li')!;
    expect(amy.textContent).toMatch(/1\.50 MB · updated 2 hours ago \(.+\) · checked not yet/);
    expect(within(amy).getByText('The copy in the bucket is smaller than the one written.')).toBeTruthy();
    const usb = screen.getByRole('list', { name: 'Copies for a USB stick' });
    const amyUsb = within(usb).getByText('Amy Smith').closest('li')!;
    expect(
      within(amyUsb)
        .getByRole('link', { name: /^Download for a USB stick ?\(Amy Smith’s copy\)$/ })
        .getAttribute('href'),
    ).toBe('/api/legacy/escrow/bundles/7');
    expect(within(usb).getByText('Jackie Tyler').closest('li')!.textContent).toBe(
      'Jackie TylerMake Jackie Tyler’s key code first: a sealed copy is locked with it.',
    );
    expect(screen.getByRole('list', { name: 'Heirs without a sealed copy yet' }).textContent).toBe(
      'Jackie Tyler: Make Jackie’s key code first.',
    );
    expect(screen.getByText('Leave empty to keep the one stored. heirloom never shows it again.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save bucket' }));
    await screen.findByText('Bucket saved');
    expect(puts(calls)[0]).not.toHaveProperty('target.secretAccessKey');

    fireEvent.click(screen.getByRole('button', { name: 'Make the copies now' }));
    expect(await screen.findByText('heirloom is making the copies now…')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('heirloom is making the copies now…')).toBeNull(), { timeout: 6000 });
    expect(screen.getByText(/^1 minute ago \(/)).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/legacy/escrow/run').map((c) => c.method)).toEqual(['POST']);
  });
});
