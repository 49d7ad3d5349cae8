// The heir's offline opener for sealed letters (letters/open-sealed.html, decision 046) speaks the browser's language,
// else the heir's as the archive wrote it into sealed-letters.js, else English (decision 081).
import { describe, expect, it } from 'vitest';
import type { SealedLettersData } from '@shared/letter-archive';
import type { SealedLetter } from '@shared/schemas/legacy';
import { browserBundle } from '@server/lib/browser-bundle';
import { LETTER_OPENER } from '@server/features/legacy/letters-folder';
import { openOfflinePage } from '@tests/helpers/offline-page';

const data = (language?: string): SealedLettersData => ({
  ownerName: 'Rosalind Quennell',
  heirName: 'Thomasina Quennell',
  ...(language && { language }),
  messages: { keyCodeInvalid: 'That does not look like a key code. Check each group of four characters.' },
  letters: [{ title: 'For Tom', releasedAt: '2031-05-02T10:00:00.000Z', file: 'For Tom.sealed.json', sealed: {} as SealedLetter }],
});

async function open(letters: SealedLettersData, languages: string[]) {
  const { js, css } = await browserBundle(LETTER_OPENER);
  const html = `<!doctype html><html lang="en"><head><style>${css}</style></head><body>
<script>window.HEIRLOOM_SEALED_LETTERS = ${JSON.stringify(letters)};</script>
<script>${js}</script>
</body></html>`;
  const page = openOfflinePage(html, { languages });
  expect(page.errors).toEqual([]);
  return page.document;
}

function submitCode(document: Document, code: string): string {
  document.querySelector<HTMLInputElement>('#key-code')!.value = code;
  document.querySelector('form')!.dispatchEvent(new document.defaultView!.Event('submit', { cancelable: true }));
  return document.querySelector('#key-code-error')!.textContent ?? '';
}

describe('the letter opener’s languages', () => {
  it('speaks German to a German browser', async () => {
    const document = await open(data(), ['de-AT', 'de']);
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Versiegelte Briefe von Rosalind Quennell');
    expect(document.querySelector('.meta')?.textContent).toBe('Versiegelter Brief · 2. Mai 2031');
    expect(submitCode(document, 'not a code')).toBe('Das sieht nicht wie ein Schlüsselcode aus. Prüfen Sie jede Vierergruppe.');
  }, 60_000);

  it('falls back to the heir’s language when the browser’s is none heirloom ships, then to English', async () => {
    const french = await open(data('fr'), ['ja-JP', 'ja']);
    expect(french.documentElement.lang).toBe('fr');
    expect(french.querySelector('h1')?.textContent).toBe('Lettres scellées de Rosalind Quennell');

    const english = await open(data(), ['ja-JP', 'ja']);
    expect(english.documentElement.lang).toBe('en');
    expect(english.querySelector('h1')?.textContent).toBe('Sealed letters from Rosalind Quennell');
    expect(english.querySelector('.meta')?.textContent).toBe('Sealed letter · May 2, 2031');
    expect(english.querySelector('main > p')?.textContent).toBe(
      'Rosalind Quennell sealed these letters for Thomasina Quennell. They open with your key code, here in this browser, without heirloom and without the internet.',
    );
    expect(submitCode(english, 'not a code')).toBe('That does not look like a key code. Check each group of four characters.');
  }, 60_000);
});
