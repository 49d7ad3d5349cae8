// "Save all files": with the File System Access API (Chrome, Edge) into a folder the heir picks, each file
// written as it is decrypted, with its folders; elsewhere one download per file. No zip library is bundled:
// the server's zip writer is a Node one.
import type { BundleFileEntry } from '@shared/escrow/bundle-format';
import { safeFilePath } from '@shared/escrow/bundle-format';
import { h } from '../export-viewer/dom';
import { formatBytes } from '../export-viewer/format';
import { intl } from '../export-viewer/i18n';
import type { OpenedCopy } from './open-copy';
import { typeOfPath } from './file-urls';
import { shownCount } from './shown-count';

interface WritableFileLike {
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
}
interface DirectoryLike {
  getDirectoryHandle(name: string, options: { create: boolean }): Promise<DirectoryLike>;
  getFileHandle(name: string, options: { create: boolean }): Promise<{ createWritable(): Promise<WritableFileLike> }>;
}
type PickDirectory = (options: { mode: 'readwrite' }) => Promise<DirectoryLike>;

const pickDirectory = (globalThis as { showDirectoryPicker?: PickDirectory }).showDirectoryPicker;
const baseName = (path: string) => path.split('/').pop() || 'file';

async function download(copy: OpenedCopy, file: BundleFileEntry) {
  const url = URL.createObjectURL(await copy.blob(file, typeOfPath(file.name)));
  const link = h('a', { href: url, download: baseName(safeFilePath(file.name)) });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function writeInto(root: DirectoryLike, copy: OpenedCopy, file: BundleFileEntry) {
  const parts = safeFilePath(file.name).split('/');
  let dir = root;
  for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
  const out = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
  try {
    for await (const chunk of copy.chunks(file)) await out.write(chunk);
  } finally {
    await out.close();
  }
}

export function saveAllSection(copy: OpenedCopy, onError: (err: unknown) => void): HTMLElement {
  const status = h('p', { class: 'hint', role: 'status' });
  const all = h(
    'button',
    { type: 'button' },
    pickDirectory
      ? intl.formatMessage({ id: 'escrowOpener.save.allIntoFolder', defaultMessage: 'Save all files into a folder' })
      : intl.formatMessage({ id: 'escrowOpener.save.all', defaultMessage: 'Save all files' }),
  );
  all.addEventListener('click', () => {
    all.disabled = true;
    void (async () => {
      try {
        const root = pickDirectory ? await pickDirectory({ mode: 'readwrite' }) : null;
        let failed = 0;
        for (const [i, file] of copy.files.entries()) {
          status.textContent = intl.formatMessage(
            { id: 'escrowOpener.save.progress', defaultMessage: 'Saving {number} of {total}: {name}' },
            { number: shownCount(i + 1), total: shownCount(copy.files.length), name: file.name },
          );
          try {
            if (root) await writeInto(root, copy, file);
            else await download(copy, file);
          } catch (err) {
            // a damaged file is named above; the others are still saved
            failed++;
            onError(err);
          }
        }
        status.textContent =
          failed === 0
            ? intl.formatMessage(
                { id: 'escrowOpener.save.done', defaultMessage: 'All {total} files are saved.' },
                { total: shownCount(copy.files.length) },
              )
            : intl.formatMessage(
                {
                  id: 'escrowOpener.save.someDamaged',
                  defaultMessage: '{saved} of {total} files are saved; the others are damaged in this copy.',
                },
                { saved: shownCount(copy.files.length - failed), total: shownCount(copy.files.length) },
              );
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') status.textContent = '';
        else onError(err);
      } finally {
        all.disabled = false;
      }
    })();
  });
  const list = copy.files.map((file) => {
    const save = h(
      'button',
      { type: 'button', class: 'link' },
      intl.formatMessage({ id: 'escrowOpener.save.file', defaultMessage: 'Save {name}' }, { name: file.name }),
    );
    save.addEventListener('click', () => void download(copy, file).catch(onError));
    return h('li', null, save, ` (${formatBytes(file.size)})`);
  });
  return h(
    'section',
    { class: 'page save', 'aria-labelledby': 'save-heading' },
    h('h2', { id: 'save-heading' }, intl.formatMessage({ id: 'escrowOpener.save.heading', defaultMessage: 'Save the files' })),
    h(
      'p',
      null,
      pickDirectory
        ? intl.formatMessage({
            id: 'escrowOpener.save.intoFolderHint',
            defaultMessage:
              'Keep them on this computer, with their folders, in a folder you choose: open index.html in it to see everything again, without this page and without the codes.',
          })
        : intl.formatMessage({
            id: 'escrowOpener.save.downloadsHint',
            defaultMessage:
              'Keep them on this computer: each file goes to your downloads, one after another (your browser may ask once whether this page may save several files).',
          }),
    ),
    all,
    status,
    h(
      'details',
      null,
      h(
        'summary',
        null,
        intl.formatMessage(
          { id: 'escrowOpener.save.eachFile', defaultMessage: 'Each file ({total})' },
          { total: shownCount(copy.files.length) },
        ),
      ),
      h('ul', { class: 'file-list' }, ...list),
    ),
  );
}
