// The heir's offline opener for sealed letters (decision 046): letters/open-sealed.html loads
// letters/sealed-letters.js (window.HEIRLOOM_SEALED_LETTERS) and then this file, bundled into one classic
// script. It reads the key code as the key-code page does and opens each letter in this browser with the
// same code (src/shared/sealed-letter.ts), so a letter can be read from a USB stick long after the server
// that delivered it is gone. Nothing is fetched or sent.
import './styles.css';
import { readKeyCode } from '@shared/key-code';
import { SEALED_LETTERS_GLOBAL, type SealedLettersData } from '@shared/letter-archive';
import { openLetter } from '@shared/sealed-letter';
import { h } from '../export-viewer/dom';
import { formatDay } from '../export-viewer/format';
import { openedLetter } from './opened-letter';

declare global {
  interface Window {
    [SEALED_LETTERS_GLOBAL]?: SealedLettersData;
  }
}

const NOT_THIS_CODE = 'This key code does not open these letters. They open only with the code they were sealed for.';
const NOT_THIS_LETTER = 'This key code does not open this letter. It opens only with the code it was sealed for.';
const SEALED = 'Sealed letter — enter your key code above to open it.';

function missingData() {
  return h(
    'main',
    { class: 'page' },
    h('h1', null, 'The letters’ data is missing'),
    h('p', null, 'This page reads sealed-letters.js next to it. Keep the letters folder together as it came out of the zip file.'),
  );
}

function start() {
  const data = window[SEALED_LETTERS_GLOBAL];
  if (!data) {
    document.body.append(missingData());
    return;
  }
  const input = h('input', {
    id: 'key-code',
    name: 'key-code',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    placeholder: 'XXXX-XXXX-XXXX-…',
    'aria-describedby': 'key-code-hint',
  });
  const error = h('p', { id: 'key-code-error', class: 'error', role: 'alert' });
  const button = h('button', { type: 'submit' }, 'Open sealed letters');
  const form = h(
    'form',
    { novalidate: '' },
    h('label', { for: 'key-code' }, 'Key code'),
    input,
    h(
      'p',
      { id: 'key-code-hint', class: 'hint' },
      'The code stays on this page and is forgotten when you close it. Nothing is sent anywhere: no internet connection is needed.',
    ),
    error,
    button,
  );
  const letters = data.letters.map((letter, index) => {
    const titleId = `letter-${index}`;
    const body = h('div', { class: 'sealed' }, SEALED);
    const node = h(
      'article',
      { 'aria-labelledby': titleId },
      h('h2', { id: titleId }, letter.title),
      h('p', { class: 'meta' }, letter.releasedAt ? `Sealed letter · ${formatDay(letter.releasedAt)}` : 'Sealed letter'),
      body,
    );
    return { letter, node, body, release: () => {} };
  });

  const showError = (message: string) => {
    error.textContent = message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const keyCode = readKeyCode(input.value);
    if (!keyCode) return showError(data.messages.keyCodeInvalid);
    showError('');
    button.disabled = true;
    void Promise.all(letters.map(({ letter }) => openLetter(letter.sealed, keyCode).catch(() => null)))
      .then((opened) => {
        // A code that opens none of them changes nothing on the page but the message.
        if (opened.every((content) => content === null)) return showError(NOT_THIS_CODE);
        opened.forEach((content, i) => {
          const shown = letters[i]!;
          shown.release();
          if (content) {
            const made = openedLetter(shown.letter.title, content);
            shown.body.replaceChildren(made.node);
            shown.release = made.release;
          } else {
            shown.body.replaceChildren(h('p', { class: 'error', role: 'alert' }, NOT_THIS_LETTER));
            shown.release = () => {};
          }
        });
      })
      .finally(() => (button.disabled = false));
  });

  document.title = `Sealed letters from ${data.ownerName}`;
  document.body.append(
    h(
      'main',
      { class: 'page' },
      h('h1', null, `Sealed letters from ${data.ownerName}`),
      h(
        'p',
        null,
        `${data.ownerName} sealed these letters for ${data.heirName}. They open with your key code, here in this browser, without heirloom and without the internet.`,
      ),
      form,
      h('section', { 'aria-label': 'Sealed letters', class: 'letters' }, ...letters.map((l) => l.node)),
      h('p', null, h('a', { href: 'index.html' }, 'All letters')),
    ),
  );
}

start();
