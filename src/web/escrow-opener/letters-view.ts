// The copy's letters on the page: a sealed letter opened with the key code (its files from object URLs, as the
// letters folder's own opener shows them), a plain letter's text and its photos and recordings.
import { h } from '../export-viewer/dom';
import { formatDay } from '../export-viewer/format';
import { intl } from '../export-viewer/i18n';
import { openedLetter } from '../letter-opener/opened-letter';
import type { FileUrls } from './file-urls';
import { typeOfPath } from './file-urls';
import type { CopyLetter } from './letters';

function plainFile(name: string, path: string, urls: FileUrls): HTMLElement {
  const type = typeOfPath(path);
  const shown = type.startsWith('image/')
    ? h('img', { alt: name })
    : type.startsWith('video/')
      ? h('video', { controls: '', playsinline: '', preload: 'metadata', 'aria-label': name })
      : type.startsWith('audio/')
        ? h('audio', { controls: '', 'aria-label': name })
        : null;
  const save = h(
    'a',
    { download: name },
    intl.formatMessage({ id: 'escrowOpener.letters.saveFile', defaultMessage: 'Save {name}' }, { name }),
  );
  void urls.urlOf(path).then((url) => {
    shown?.setAttribute('src', url);
    save.setAttribute('href', url);
  });
  return h('li', null, h('figure', null, shown, h('figcaption', null, name, ' ', save)));
}

export function lettersSection(letters: CopyLetter[], urls: FileUrls): HTMLElement | null {
  if (letters.length === 0) return null;
  const articles = letters.map((letter, i) => {
    const id = `copy-letter-${i}`;
    if (letter.kind === 'sealed') {
      const meta = letter.releasedAt
        ? intl.formatMessage(
            { id: 'escrowOpener.letters.sealedOn', defaultMessage: 'Sealed letter · {day}' },
            { day: formatDay(letter.releasedAt) },
          )
        : intl.formatMessage({ id: 'escrowOpener.letters.sealed', defaultMessage: 'Sealed letter' });
      const body = letter.content
        ? openedLetter(letter.title, letter.content).node
        : h(
            'p',
            { class: 'error' },
            intl.formatMessage({
              id: 'escrowOpener.letters.otherKeyCode',
              defaultMessage: 'This sealed letter does not open with this key code: it was sealed for another.',
            }),
          );
      return h('article', { 'aria-labelledby': id }, h('h3', { id }, letter.title), h('p', { class: 'meta' }, meta), body);
    }
    const files = letter.files.map((f) =>
      plainFile(
        f.name
          .split('/')
          .pop()!
          .replace(/^.*? - /, ''),
        f.name,
        urls,
      ),
    );
    return h(
      'article',
      { 'aria-labelledby': id },
      h('h3', { id }, letter.title),
      h('p', { class: 'meta' }, intl.formatMessage({ id: 'escrowOpener.letters.letter', defaultMessage: 'Letter' })),
      h('p', { class: 'letter-body' }, letter.body),
      files.length > 0
        ? h(
            'ul',
            {
              class: 'files',
              'aria-label': intl.formatMessage(
                { id: 'escrowOpener.letters.filesWith', defaultMessage: 'With {title}' },
                { title: letter.title },
              ),
            },
            ...files,
          )
        : null,
    );
  });
  return h(
    'section',
    { class: 'page letters', 'aria-labelledby': 'letters-heading' },
    h('h2', { id: 'letters-heading' }, intl.formatMessage({ id: 'escrowOpener.letters.heading', defaultMessage: 'Letters' })),
    ...articles,
  );
}
