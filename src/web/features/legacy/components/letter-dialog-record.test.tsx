// "Record" in a Legacy Plan letter (decision 039): the memory form's recorder, its recording carried by the
// letter like a picked file — inside the sealed payload, or beside a plain letter's text.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyCodeFromBytes } from '@shared/key-code';
import type { Heir, SealedLetter } from '@shared/schemas/legacy';
import { heirPublicKey, openLetter } from '@shared/sealed-letter';
import { LetterDialog } from './letter-dialog';

const RECORDING = fs.readFileSync(path.resolve('tests/fixtures/files/recorded-audio.webm'));
const RECORDED_TYPE = 'audio/webm;codecs=opus';

const heir: Heir = {
  id: 7,
  contactId: 3,
  name: 'Ada Lee',
  email: 'ada@example.com',
  dateOfBirth: null,
  language: null,
  hasKeyCode: false,
  publicKey: null,
  keyCodeCreatedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** A browser whose microphone "records" the fixture: one chunk, handed over when the recorder stops. */
class FakeRecorder {
  static isTypeSupported = (type: string) => type === RECORDED_TYPE;
  state: RecordingState = 'inactive';
  readonly mimeType = RECORDED_TYPE;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([RECORDING], { type: RECORDED_TYPE }) });
    this.onstop?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: async () => ({ getTracks: () => [] }) },
    configurable: true,
  });
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
});

function renderDialog(forHeir: Heir) {
  const bodies: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && url === '/api/legacy/letters') {
        bodies.push(init.body as string);
        return Response.json({ id: 1 }, { status: 201 });
      }
      if (url.startsWith('/api/photos/page?')) return Response.json({ items: [], nextCursor: null });
      return Response.json([]);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LetterDialog heir={forHeir} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Write a letter to Ada Lee' }));
  return bodies;
}

/** Record, stop, and add the recording to the letter, as a person would. */
async function record(dialog: HTMLElement) {
  const recorder = within(dialog).getByRole('region', { name: 'Voice message' });
  expect(recorder.textContent).toContain('Record a voice message and add it to this letter.');
  await act(async () => {
    fireEvent.click(within(recorder).getByRole('button', { name: 'Record' }));
  });
  fireEvent.click(await within(recorder).findByRole('button', { name: 'Stop' }));
  fireEvent.click(await within(recorder).findByRole('button', { name: 'Add to letter' }));
  const list = within(dialog).getByRole('list', { name: 'Recorded voice messages' });
  expect(list.textContent).toMatch(/^Voice message \d{4}-\d\d-\d\d \d\d\.\d\d\.webm/);
}

const write = (dialog: HTMLElement) => {
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Your grandfather’s voice' } });
  fireEvent.change(within(dialog).getByLabelText('Letter'), { target: { value: 'Listen to this one day.' } });
};

describe('LetterDialog: Record', () => {
  it('carries a recording beside a plain letter’s text, as base64 of the recorded bytes', async () => {
    const bodies = renderDialog(heir);
    const dialog = await screen.findByRole('dialog');
    write(dialog);
    await record(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save letter' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    const sent = JSON.parse(bodies[0]!) as { body: string; attachments: Array<{ name: string; type: string; data: string }> };
    expect(sent.body).toBe('Listen to this one day.');
    expect(sent.attachments).toHaveLength(1);
    expect(sent.attachments[0]!.name).toMatch(/^Voice message .*\.webm$/);
    expect(sent.attachments[0]!.type).toBe(RECORDED_TYPE);
    expect(Buffer.from(sent.attachments[0]!.data, 'base64').equals(RECORDING)).toBe(true);
  });

  it('seals a recording inside the letter for an heir with a key code', async () => {
    const code = keyCodeFromBytes(randomBytes(17));
    const bodies = renderDialog({ ...heir, hasKeyCode: true, publicKey: await heirPublicKey(code) });
    const dialog = await screen.findByRole('dialog');
    write(dialog);
    await record(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seal and save' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toContain('Voice message');
    const opened = await openLetter((JSON.parse(bodies[0]!) as { sealed: SealedLetter }).sealed, code);
    expect(opened.attachments).toHaveLength(1);
    expect(Buffer.from(opened.attachments[0]!.data, 'base64').equals(RECORDING)).toBe(true);
  });
});
