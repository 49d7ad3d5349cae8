// The export viewer asks for each file by its path (setFileUrlResolver). A sealed copy's file exists in the page
// only once it is decrypted, so the viewer first gets a placeholder URL; when an element with one is put on the
// page, that file (and only that one) is decrypted into an object URL that replaces it. A link is decrypted
// when it is clicked. When the last element showing a file leaves the page (or shows something else), its
// object URL is revoked and the element gets its placeholder back: so a copy of several GB costs what is on the
// page, not everything the reader has looked at.
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
  /** The file's object URL, decrypting it the first time; kept as long as the page is open. */
  urlOf(path: string): Promise<string>;
}

/** How long a clicked link's object URL lives: enough for the browser to open or save it. */
const LINK_URL_LIFETIME_MS = 60_000;

export function lazyFileUrls(copy: OpenedCopy, onError: (err: unknown) => void): FileUrls {
  const PENDING = `${URL.createObjectURL(new Blob([BLANK_GIF], { type: 'image/gif' }))}#`;
  const made = new Map<string, Promise<string>>();
  const ready = new Map<string, string>();
  /** Files asked for through urlOf (the letters): their URLs are never revoked. */
  const kept = new Set<string>();
  /** How many elements and clicked links hold each file's URL. */
  const holders = new Map<string, number>();
  /** The elements on the page that show a decrypted file, by attribute. */
  const shown = new Map<Element, Map<string, string>>();

  const decrypt = (path: string) => {
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
  const hold = (path: string) => holders.set(path, (holders.get(path) ?? 0) + 1);
  /** One holder fewer; with none left (and not kept), the URL is revoked and the file decrypted again if needed. */
  const release = (path: string) => {
    const left = (holders.get(path) ?? 0) - 1;
    if (left > 0) return void holders.set(path, left);
    holders.delete(path);
    const url = ready.get(path);
    if (kept.has(path) || !url) return;
    ready.delete(path);
    made.delete(path);
    URL.revokeObjectURL(url);
  };
  const placeholder = (path: string) => PENDING + encodeURIComponent(path);
  setFileUrlResolver((path) => ready.get(path) ?? placeholder(path));

  const fill = (el: Element) => {
    for (const attr of ['src', 'poster']) {
      const value = el.getAttribute(attr);
      if (!value?.startsWith(PENDING)) continue;
      const path = decodeURIComponent(value.slice(PENDING.length));
      decrypt(path)
        .then((url) => {
          if (!el.isConnected || el.getAttribute(attr) !== value) {
            // gone or changed before its file was ready: released unless another element waiting for the same
            // file (whose turn comes next) takes it
            queueMicrotask(() => holders.has(path) || release(path));
            return;
          }
          if (ready.get(path) !== url) return fill(el); // revoked meanwhile: decrypted again
          hold(path);
          shown.set(el, (shown.get(el) ?? new Map<string, string>()).set(attr, path));
          el.setAttribute(attr, url);
        })
        .catch(onError);
    }
  };
  /** An element that no longer shows its decrypted file gets its placeholder back, in case it is put back. */
  const unfill = (el: Element, attr: string, path: string) => {
    const attrs = shown.get(el)!;
    attrs.delete(attr);
    if (attrs.size === 0) shown.delete(el);
    if (el.getAttribute(attr) === ready.get(path)) el.setAttribute(attr, placeholder(path));
    release(path);
  };
  const selector = `[src^="${PENDING}"], [poster^="${PENDING}"]`;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        const el = record.target as Element;
        const path = shown.get(el)?.get(record.attributeName!);
        if (path && el.getAttribute(record.attributeName!) !== ready.get(path)) unfill(el, record.attributeName!, path);
        fill(el);
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        fill(node);
        node.querySelectorAll(selector).forEach(fill);
      }
    }
    if (records.some((record) => record.removedNodes.length > 0)) {
      for (const [el, attrs] of shown) if (!el.isConnected) for (const [attr, path] of attrs) unfill(el, attr, path);
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['src', 'poster'] });

  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      const href = link?.getAttribute('href');
      if (!link || !href?.startsWith(PENDING)) return;
      event.preventDefault();
      const path = decodeURIComponent(href.slice(PENDING.length));
      decrypt(path)
        .then((url) => {
          hold(path);
          link.href = url;
          link.click();
          setTimeout(() => {
            if (link.getAttribute('href') === url) link.setAttribute('href', href);
            release(path);
          }, LINK_URL_LIFETIME_MS);
        })
        .catch(onError);
    },
    true,
  );
  return {
    urlOf(path) {
      kept.add(path);
      return decrypt(path);
    },
  };
}
