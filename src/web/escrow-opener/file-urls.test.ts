// A sealed copy's files are decrypted into object URLs only while an element on the page shows them: leaving the
// page revokes the URL (and puts the placeholder back), so looking through a large copy does not keep every
// file it showed. jsdom has no object URLs: they are counted here instead.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BundleFileEntry } from '@shared/escrow/bundle-format';
import { fileUrl } from '../export-viewer/dom';
import { lazyFileUrls } from './file-urls';
import type { OpenedCopy } from './open-copy';

let live: Set<string>;
let next = 0;

beforeEach(() => {
  live = new Set();
  URL.createObjectURL = () => {
    const url = `blob:test/${next++}`;
    live.add(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void live.delete(url);
});
afterEach(() => document.body.replaceChildren());

function copyOf(...paths: string[]) {
  const decrypted: string[] = [];
  const entries = new Map(paths.map((name) => [name, { name, size: 1, offset: 0, length: 33 } satisfies BundleFileEntry]));
  const copy = {
    file: (path: string) => entries.get(path),
    blob: (file: BundleFileEntry) => {
      decrypted.push(file.name);
      return Promise.resolve(new Blob(['x']));
    },
  } as unknown as OpenedCopy;
  return { copy, decrypted };
}

const image = (path: string) => {
  const img = document.createElement('img');
  img.setAttribute('src', fileUrl(path));
  document.body.append(img);
  return img;
};
const decryptedUrl = async (img: HTMLImageElement) => {
  await vi.waitFor(() => expect(live.has(img.getAttribute('src')!)).toBe(true));
  return img.getAttribute('src')!;
};

describe("the opener's object URLs", () => {
  it('revokes a file’s URL when its element leaves the page, and decrypts it again when one comes back', async () => {
    const { copy, decrypted } = copyOf('photos/lake.jpg');
    lazyFileUrls(copy, (err) => {
      throw err;
    });
    const img = image('photos/lake.jpg');
    const url = await decryptedUrl(img);
    expect(decrypted).toEqual(['photos/lake.jpg']);

    img.remove();
    await vi.waitFor(() => expect(live.has(url)).toBe(false));
    expect(img.getAttribute('src')).toBe(fileUrl('photos/lake.jpg'));

    document.body.append(img);
    const again = await decryptedUrl(img);
    expect(again).not.toBe(url);
    expect(decrypted).toEqual(['photos/lake.jpg', 'photos/lake.jpg']);
  });

  it('keeps a URL while another element still shows the file, and when its element shows another file frees it', async () => {
    const { copy } = copyOf('a.jpg', 'b.jpg');
    lazyFileUrls(copy, (err) => {
      throw err;
    });
    const first = image('a.jpg');
    const second = image('a.jpg');
    const url = await decryptedUrl(first);
    expect(await decryptedUrl(second)).toBe(url);

    first.remove();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(live.has(url)).toBe(true);

    second.setAttribute('src', fileUrl('b.jpg'));
    const other = await decryptedUrl(second);
    expect(other).not.toBe(url);
    expect(live.has(url)).toBe(false);
  });

  it('never revokes a URL asked for by the letters', async () => {
    const { copy } = copyOf('letters/photo.jpg');
    const urls = lazyFileUrls(copy, (err) => {
      throw err;
    });
    const kept = await urls.urlOf('letters/photo.jpg');
    const img = image('letters/photo.jpg');
    expect(img.getAttribute('src')).toBe(kept);
    img.remove();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(live.has(kept)).toBe(true);
  });
});
