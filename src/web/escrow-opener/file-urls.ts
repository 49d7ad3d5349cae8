// The export viewer asks for each file by its path (setFileUrlResolver). A sealed copy's file exists in the page
// only once it is decrypted, so the viewer first gets a placeholder URL; when an element with one is put on the
// page, that file (and only that one) is decrypted into an object URL that replaces it. A link is decrypted
// when it is clicked. So a copy of several GB costs what the reader looks at, not what it holds.
import { setFileUrlResolver } from '../export-viewer/dom';
import type { OpenedCopy } from './open-copy';

// The placeholder is a real object URL (an empty picture) with the file's path after '#': a browser that
// loads it before it is replaced finds a blank pixel, not an error.
const BLANK_GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (c) => c.charCodeAt(0));
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain;charset=utf-8',
  md: 'text/plain;charset=utf-8',
};

/** The type a file is shown with, from its name (the copy's manifest keeps names, not types). */
export function typeOfPath(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

export interface FileUrls {
  /** The file's object URL, decrypting it the first time. */
  urlOf(path: string): Promise<string>;
}

export function lazyFileUrls(copy: OpenedCopy, onError: (err: unknown) => void): FileUrls {
  const PENDING = `${URL.createObjectURL(new Blob([BLANK_GIF], { type: 'image/gif' }))}#`;
  const made = new Map<string, Promise<string>>();
  const ready = new Map<string, string>();
  const urlOf = (path: string) => {
    let url = made.get(path);
    if (!url) {
      const file = copy.file(path);
      url = file
        ? copy.blob(file, typeOfPath(path)).then((blob) => {
            const made = URL.createObjectURL(blob);
            ready.set(path, made);
            return made;
          })
        : Promise.reject(new Error(`${path} is not in this copy`));
      made.set(path, url);
    }
    return url;
  };
  setFileUrlResolver((path) => ready.get(path) ?? PENDING + encodeURIComponent(path));

  const fill = (el: Element) => {
    for (const attr of ['src', 'poster']) {
      const value = el.getAttribute(attr);
      if (!value?.startsWith(PENDING)) continue;
      urlOf(decodeURIComponent(value.slice(PENDING.length)))
        .then((url) => el.getAttribute(attr) === value && el.setAttribute(attr, url))
        .catch(onError);
    }
  };
  const selector = `[src^="${PENDING}"], [poster^="${PENDING}"]`;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') fill(record.target as Element);
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        fill(node);
        node.querySelectorAll(selector).forEach(fill);
      }
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['src', 'poster'] });

  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      const href = link?.getAttribute('href');
      if (!link || !href?.startsWith(PENDING)) return;
      event.preventDefault();
      urlOf(decodeURIComponent(href.slice(PENDING.length)))
        .then((url) => {
          link.href = url;
          link.click();
        })
        .catch(onError);
    },
    true,
  );
  return { urlOf };
}
