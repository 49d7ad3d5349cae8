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
import { addCatalogues, chooseLanguage, defineMessages, intl } from '../export-viewer/i18n';
import { letterOpenerCatalogues } from '../export-viewer/offline-catalogues';
import { openedLetter } from './opened-letter';

declare global {
  interface Window {
    [SEALED_LETTERS_GLOBAL]?: SealedLettersData;
  }
}

const messages = defineMessages({
  notThisCode: {
    id: 'letterOpener.open.notThisCode',
    defaultMessage: 'This key code does not open these letters. They open only with the code they were sealed for.',
  },
  notThisLetter: {
    id: 'letterOpener.open.notThisLetter',
    defaultMessage: 'This key code does not open this letter. It opens only with the code it was sealed for.',
  },
  keyCodeInvalid: {
    id: 'letterOpener.open.keyCodeInvalid',
    defaultMessage: 'That does not look like a key code. Check each group of four characters.',
  },
  sealed: { id: 'letterOpener.letter.sealed', defaultMessage: 'Sealed letter — enter your key code above to open it.' },
  title: { id: 'letterOpener.page.title', defaultMessage: 'Sealed letters from {owner}' },
});

function missingData() {
  return h(
    'main',
    { class: 'page' },
    h('h1', null, intl.formatMessage({ id: 'letterOpener.missing.title', defaultMessage: 'The letters’ data is missing' })),
    h(
      'p',
      null,
      intl.formatMessage({
        id: 'letterOpener.missing.body',
        defaultMessage: 'This page reads sealed-letters.js next to it. Keep the letters folder together as it came out of the zip file.',
      }),
    ),
  );
}

function start() {
  const data = window[SEALED_LETTERS_GLOBAL];
  // this browser's language, else the heir's as the archive was written for them
  addCatalogues(letterOpenerCatalogues);
  chooseLanguage(data?.language);
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
  const button = h(
    'button',
    { type: 'submit' },
    intl.formatMessage({ id: 'letterOpener.form.submit', defaultMessage: 'Open sealed letters' }),
  );
  const form = h(
    'form',
    { novalidate: '' },
    h('label', { for: 'key-code' }, intl.formatMessage({ id: 'letterOpener.form.label', defaultMessage: 'Key code' })),
    input,
    h(
      'p',
      { id: 'key-code-hint', class: 'hint' },
      intl.formatMessage({
        id: 'letterOpener.form.hint',
        defaultMessage:
          'The code stays on this page and is forgotten when you close it. Nothing is sent anywhere: no internet connection is needed.',
      }),
    ),
    error,
    button,
  );
  const letters = data.letters.map((letter, index) => {
    const titleId = `letter-${index}`;
    const body = h('div', { class: 'sealed' }, intl.formatMessage(messages.sealed));
    const node = h(
      'article',
      { 'aria-labelledby': titleId },
      h('h2', { id: titleId }, letter.title),
      h(
        'p',
        { class: 'meta' },
        letter.releasedAt
          ? intl.formatMessage(
              { id: 'letterOpener.letter.sealedOn', defaultMessage: 'Sealed letter · {day}' },
              { day: formatDay(letter.releasedAt) },
            )
          : intl.formatMessage({ id: 'letterOpener.letter.sealedNoDay', defaultMessage: 'Sealed letter' }),
      ),
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
    if (!keyCode) return showError(intl.formatMessage(messages.keyCodeInvalid));
    showError('');
    button.disabled = true;
    void Promise.all(letters.map(({ letter }) => openLetter(letter.sealed, keyCode).catch(() => null)))
      .then((opened) => {
        // A code that opens none of them changes nothing on the page but the message.
        if (opened.every((content) => content === null)) return showError(intl.formatMessage(messages.notThisCode));
        opened.forEach((content, i) => {
          const shown = letters[i]!;
          shown.release();
          if (content) {
            const made = openedLetter(shown.letter.title, content);
            shown.body.replaceChildren(made.node);
            shown.release = made.release;
          } else {
            shown.body.replaceChildren(h('p', { class: 'error', role: 'alert' }, intl.formatMessage(messages.notThisLetter)));
            shown.release = () => {};
          }
        });
      })
      .finally(() => (button.disabled = false));
  });

  document.title = intl.formatMessage(messages.title, { owner: data.ownerName });
  document.body.append(
    h(
      'main',
      { class: 'page' },
      h('h1', null, intl.formatMessage(messages.title, { owner: data.ownerName })),
      h(
        'p',
        null,
        intl.formatMessage(
          {
            id: 'letterOpener.page.intro',
            defaultMessage:
              '{owner} sealed these letters for {heir}. They open with your key code, here in this browser, without heirloom and without the internet.',
          },
          { owner: data.ownerName, heir: data.heirName },
        ),
      ),
      form,
      h(
        'section',
        { 'aria-label': intl.formatMessage({ id: 'letterOpener.page.letters', defaultMessage: 'Sealed letters' }), class: 'letters' },
        ...letters.map((l) => l.node),
      ),
      h(
        'p',
        null,
        h('a', { href: 'index.html' }, intl.formatMessage({ id: 'letterOpener.page.allLetters', defaultMessage: 'All letters' })),
      ),
    ),
  );
}

start();
