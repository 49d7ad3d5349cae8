// An opened sealed letter: its text, its files shown from object URLs made in this page, and links that save
// each of them (the letter as a .txt) to the heir's computer. Nothing leaves the page.
import { fromBase64Url, type LetterContent } from '@shared/sealed-letter';
import { h } from '../export-viewer/dom';
import { intl } from '../export-viewer/i18n';

type Attachment = LetterContent['attachments'][number];

const isDrawable = (type: string) => /^image\/(jpeg|png|gif|webp|avif)$/.test(type);
/** A name to save under: no folders, nothing a file system refuses. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const saveName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'letter';

function shown(item: Attachment, url: string): HTMLElement | null {
  if (isDrawable(item.type)) return h('img', { src: url, alt: item.name });
  if (item.type.startsWith('video/'))
    return h('video', { controls: '', playsinline: '', preload: 'metadata', src: url, 'aria-label': item.name });
  if (item.type.startsWith('audio/')) return h('audio', { controls: '', src: url, 'aria-label': item.name });
  return null;
}

/** The letter's content as nodes, and a function that lets its object URLs go (when another code is tried). */
export function openedLetter(title: string, content: LetterContent): { node: HTMLElement; release: () => void } {
  const urls: string[] = [];
  const urlOf = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.push(url);
    return url;
  };
  const text = new Blob([`${title}\n\n${content.body}\n`], { type: 'text/plain;charset=utf-8' });
  // the files are standard base64, which the base64url reader takes as well (its two symbols are swapped in)
  const files = content.attachments.map((item) => {
    const url = urlOf(new Blob([fromBase64Url(item.data)], { type: item.type || 'application/octet-stream' }));
    return h(
      'li',
      null,
      h(
        'figure',
        null,
        shown(item, url),
        h(
          'figcaption',
          null,
          item.name,
          ' ',
          h(
            'a',
            { href: url, download: saveName(item.name) },
            intl.formatMessage({ id: 'letterOpener.letter.saveFile', defaultMessage: 'Save {name}' }, { name: item.name }),
          ),
        ),
      ),
    );
  });
  const node = h(
    'div',
    { class: 'opened' },
    h('p', { class: 'letter-body' }, content.body),
    files.length > 0
      ? h(
          'ul',
          {
            class: 'files',
            'aria-label': intl.formatMessage({ id: 'letterOpener.letter.attached', defaultMessage: 'Attached to the letter' }),
          },
          ...files,
        )
      : null,
    h(
      'p',
      null,
      h(
        'a',
        { href: urlOf(text), download: `${saveName(title)}.txt` },
        intl.formatMessage({ id: 'letterOpener.letter.saveAsText', defaultMessage: 'Save the letter as text' }),
      ),
    ),
  );
  return { node, release: () => urls.forEach((url) => URL.revokeObjectURL(url)) };
}
