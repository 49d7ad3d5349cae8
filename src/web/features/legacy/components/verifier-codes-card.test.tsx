import fs from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeVerifierCode, readVerifierCode } from '@shared/escrow/release-key';
import { releaseKeyId } from '@shared/escrow/bundle-format';
import type { ReleaseKey, ReleaseKeyInput } from '@shared/schemas/escrow';
import type { LegacyPlan } from '@shared/schemas/legacy';
import { queryKeys } from '@web/lib/query-keys';
import { VerifierCodesCard } from './verifier-codes-card';

const plan: LegacyPlan = {
  checkInMonths: 6,
  vetoDays: 7,
  verifiersRequired: 2,
  verifiers: [
    { contactId: 11, name: 'Martha Jones', email: 'martha@example.com', language: 'de', confirmedAt: null },
    { contactId: 12, name: 'Mickey Smith', email: 'mickey@example.com', language: 'fr', confirmedAt: null },
    { contactId: 13, name: 'Donna Noble', email: 'donna@example.com', language: null, confirmedAt: null },
  ],
  pausedUntil: null,
};

function renderCard(initial: ReleaseKey | null) {
  const sent: string[] = [];
  const puts: ReleaseKeyInput[] = [];
  let releaseKey = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('.ttf')) return new Response(fs.readFileSync(path.join('node_modules/dejavu-fonts-ttf/ttf', path.basename(url))));
      sent.push(`${init?.method ?? 'GET'} ${url} ${typeof init?.body === 'string' ? init.body : ''}`);
      if (url === '/api/legacy/plan') return Response.json(plan);
      if (url === '/api/legacy/heirs' || url === '/api/legacy/escrow') return Response.json(url.endsWith('heirs') ? [] : { target: null });
      if (url === '/api/legacy/release-key' && init?.method === 'PUT') {
        const input = JSON.parse(String(init.body)) as ReleaseKeyInput;
        puts.push(input);
        releaseKey = {
          ...input,
          keyId: await releaseKeyId(input.publicKey),
          verifiers: plan.verifiers.map((v, i) => ({ contactId: v.contactId, name: v.name, codeNumber: i + 1 })),
          createdAt: '2026-11-30T12:00:00.000Z',
          outdated: null,
        };
      }
      return Response.json({ releaseKey });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.auth.user, { firstName: 'Rose', surname: 'Tyler' });
  render(
    <QueryClientProvider client={queryClient}>
      <VerifierCodesCard />
    </QueryClientProvider>,
  );
  return { sent, puts };
}

const LOADED = { timeout: 5000 };

/** The PDF handed to the browser to download, read back as text. */
async function downloadedText(createObjectURL: ReturnType<typeof vi.fn>): Promise<string> {
  await waitFor(() => expect(createObjectURL).toHaveBeenCalled(), { timeout: 40_000 }); // a PDF is slow on a busy machine
  const blob = createObjectURL.mock.calls.at(-1)![0] as Blob;
  const bytes = await new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = reject;
    reader.readAsArrayBuffer(blob);
  });
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('After Life → Codes for your verifiers', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('makes the codes in the browser, sends only the public half, shows each verifier’s code once and forgets them', async () => {
    const { sent, puts } = renderCard(null);
    expect(await screen.findByText(/opens only with the heir’s key code and 2 of the 3 verifiers’ codes/, undefined, LOADED)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make verifier codes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Codes for your verifiers' }, LOADED);
    expect(within(dialog).getByText(/heirloom does not keep these codes; if they are lost, make new ones/)).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(Object.keys(puts[0]!).sort()).toEqual(['publicKey', 'shareCount', 'threshold']);
    expect(puts[0]).toMatchObject({ threshold: 2, shareCount: 3 });
    const keyId = await releaseKeyId(puts[0]!.publicKey);

    const codes: string[] = [];
    plan.verifiers.forEach((verifier, i) => {
      const groups = within(dialog).getByRole('group', { name: `${verifier.name}’s verifier code` });
      const code = Array.from(groups.querySelectorAll('span'), (s) => s.textContent).join('-');
      const read = readVerifierCode(code);
      expect(read.ok && read.value).toMatchObject({ keyId, threshold: 2, number: i + 1 });
      codes.push(code);
    });
    expect(within(dialog).getByRole('button', { name: 'Print the verifier sheets' })).toBeTruthy();

    for (const code of codes) {
      for (const line of sent) expect(normalizeVerifierCode(line)).not.toContain(normalizeVerifierCode(code).slice(5));
    }
    expect(localStorage.length + sessionStorage.length).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    for (const code of codes) expect(document.body.textContent).not.toContain(code.split('-')[2]);
    expect(await screen.findByText(/^Codes made .* for Martha Jones, Mickey Smith, Donna Noble \(key [0-9A-Z]{4}\)/)).toBeTruthy();
  });

  it('gives each verifier their sheet in their own language, and the owner’s to one who has none', async () => {
    const createObjectURL = vi.fn(() => 'blob:sheet');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderCard(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Make verifier codes' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Codes for your verifiers' }, LOADED);
    const download = (name: string) => within(dialog).getByRole('button', { name: new RegExp(`^Download this sheet ?for ${name}$`) });

    fireEvent.click(download('Martha Jones'));
    const german = await downloadedText(createObjectURL);
    expect(german).toContain('Für Martha Jones');
    expect(german).toContain('Ihr Code als Vertrauensperson');
    expect(german).not.toContain('Your verifier code');

    createObjectURL.mockClear();
    fireEvent.click(download('Mickey Smith'));
    const french = await downloadedText(createObjectURL);
    expect(french).toContain('Pour Mickey Smith');
    expect(french).toContain('Votre code de témoin');
    expect(french).not.toContain('Your verifier code');

    createObjectURL.mockClear();
    fireEvent.click(download('Donna Noble'));
    expect(await downloadedText(createObjectURL)).toContain('Your verifier code');
  }, 150_000);

  it('says when the codes no longer match the plan and offers new ones', async () => {
    renderCard({
      publicKey: 'A'.repeat(43),
      keyId: 'ABCD',
      threshold: 1,
      shareCount: 2,
      verifiers: [],
      createdAt: '2026-10-01T12:00:00.000Z',
      outdated: 'Your verifiers changed since these codes were made: make new codes and give them to your verifiers.',
    });
    expect(await screen.findByText(/^Your verifiers changed since these codes were made/, undefined, LOADED)).toBeTruthy();
    expect(screen.getByText('Old codes open nothing sealed after new ones are made.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make new verifier codes' })).toBeTruthy();
  });
});
