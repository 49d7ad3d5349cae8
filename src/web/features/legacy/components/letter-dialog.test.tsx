import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyCodeFromBytes } from '@shared/key-code';
import { LETTER_AUDIO_ONLY, type Heir, type SealedLetter } from '@shared/schemas/legacy';
import { heirPublicKey, openLetter } from '@shared/sealed-letter';
import { LetterDialog, sealExplanation } from './letter-dialog';

const baseHeir: Heir = {
  id: 7,
  contactId: 3,
  name: 'Ada Lee',
  email: 'ada@example.com',
  dateOfBirth: null,
  language: null,
  hasKeyCode: true,
  publicKey: null,
  keyCodeCreatedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderDialog(heir: Heir) {
  const bodies: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.body) bodies.push(init.body as string);
      if (init?.method === 'POST' && url === '/api/legacy/letters') return Response.json({ id: 1 }, { status: 201 });
      if (url.startsWith('/api/photos/page?'))
        return Response.json({
          items: [{ id: 41, title: 'The fig tree', fileName: 'fig.jpg', filePath: '/api/photos/image/41', dateTaken: null }],
          nextCursor: null,
        });
      return Response.json([]);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LetterDialog heir={heir} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Write a letter to Ada Lee' }));
  return bodies;
}

const SECRET = 'The garden key is under the blue stone.';

describe('LetterDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('seals by default for an heir with a key code: the request carries no plaintext, and the code opens it', async () => {
    const code = keyCodeFromBytes(randomBytes(17));
    const bodies = renderDialog({ ...baseHeir, publicKey: await heirPublicKey(code) });
    const dialog = await screen.findByRole('dialog');
    const seal = within(dialog).getByLabelText('Seal this letter') as HTMLInputElement;
    expect(seal.checked).toBe(true);
    expect(within(dialog).getByText(sealExplanation())).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'For the garden' } });
    fireEvent.change(within(dialog).getByLabelText('Letter'), { target: { value: SECRET } });
    const voice = new File([new Uint8Array([1, 2, 3, 4])], 'voice-note.webm', { type: 'audio/webm' });
    fireEvent.change(within(dialog).getByLabelText('Attachments (optional)'), { target: { files: [voice] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seal and save' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toContain('garden key');
    expect(bodies[0]).not.toContain('voice-note');
    const sent = JSON.parse(bodies[0]!) as { heirId: number; title: string; sealed: SealedLetter; body?: string };
    expect(sent.heirId).toBe(7);
    expect(sent.body).toBeUndefined();
    const opened = await openLetter(sent.sealed, code);
    expect(opened.body).toBe(SECRET);
    expect(opened.attachments).toEqual([{ name: 'voice-note.webm', type: 'audio/webm', data: 'AQIDBA==' }]);
  });

  it('says on their fields what a letter still needs, and does not send it', async () => {
    const bodies = renderDialog({ ...baseHeir, hasKeyCode: false });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.submit(within(dialog).getByLabelText('Title').closest('form')!);
    const title = await within(dialog).findByText('Title is required');
    expect(within(dialog).getByLabelText('Title').getAttribute('aria-describedby')).toBe(title.id);
    expect(within(dialog).getByLabelText('Letter').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Write the letter')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('cannot seal for an heir without a key code; a plain letter carries gallery photos and sound only', async () => {
    const bodies = renderDialog({ ...baseHeir, hasKeyCode: false });
    const dialog = await screen.findByRole('dialog');
    const seal = within(dialog).getByLabelText('Seal this letter') as HTMLInputElement;
    expect(seal.checked).toBe(false);
    expect(seal.disabled).toBe(true);
    expect(
      within(dialog).getByText(
        'Plain letters can carry voice recordings and audio files, up to 9 MB in total. Seal the letter to attach other files, or choose photos from your gallery below.',
      ),
    ).toBeTruthy();
    const picker = within(dialog).getByLabelText('Attachments (optional)') as HTMLInputElement;
    expect(picker.accept).toBe('audio/*');
    // a file that is not sound is refused here, before anything is sent
    fireEvent.change(picker, { target: { files: [new File(['%PDF'], 'deed.pdf', { type: 'application/pdf' })] } });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Hello' } });
    fireEvent.change(within(dialog).getByLabelText('Letter'), { target: { value: 'Plain words' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save letter' }));
    const refused = await within(dialog).findByText(LETTER_AUDIO_ONLY);
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(picker.getAttribute('aria-describedby')).toContain(refused.id);
    expect(bodies).toHaveLength(0);
    fireEvent.change(picker, { target: { files: [] } });
    await waitFor(() => expect(within(dialog).queryByText(LETTER_AUDIO_ONLY)).toBeNull());

    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'The fig tree' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save letter' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(JSON.parse(bodies[0]!)).toEqual({ heirId: 7, title: 'Hello', body: 'Plain words', photoIds: [41] });
  });
});
