// The escrow opener (decision 076): one HTML file, with nothing to fetch, that opens a sealed copy of what an
// heir receives (an escrow bundle, docs/escrow-format.md) when heirloom is gone. It reads the copy from the
// chosen file by slices, opens it with the heir's key code and k verifier codes, and shows it with the
// export's own viewer, its letters, and a way to save every file.
import '../zod-config'; // must stay the first import: the page's policy forbids eval, which zod would probe for
import '../export-viewer/styles.css';
import './styles.css';
import type { BundleHeader } from '@shared/escrow/bundle-format';
import { readBundleOutline } from '@shared/escrow/bundle-reader';
import { h } from '../export-viewer/dom';
import { formatBytes } from '../export-viewer/format';
import { addCatalogues, chooseLanguage, intl, languageMenu } from '../export-viewer/i18n';
import { escrowOpenerCatalogues, exportViewerCatalogues, letterOpenerCatalogues } from '../export-viewer/offline-catalogues';
import { showArchive } from '../export-viewer/show-archive';
import { keyCodeField, verifierField, type VerifierField } from './code-fields';
import { lazyFileUrls } from './file-urls';
import { lettersOf } from './letters';
import { lettersSection } from './letters-view';
import { openerMessage } from './messages';
import { openCopy, type OpenedCopy } from './open-copy';
import { saveAllSection } from './save-all';
import { shownCount } from './shown-count';

function start() {
  // the page is the same for every heir: it speaks this browser's language (or the one chosen in its menu)
  addCatalogues(escrowOpenerCatalogues, exportViewerCatalogues, letterOpenerCatalogues);
  chooseLanguage();
  document.title = intl.formatMessage({ id: 'escrowOpener.page.title', defaultMessage: 'Open a sealed copy from heirloom' });
  let file: File | null = null;
  let header: BundleHeader | undefined;
  const verifiers: VerifierField[] = [];

  const fileInput = h('input', { id: 'copy-file', type: 'file', 'aria-describedby': 'copy-file-hint copy-about' });
  const about = h('p', { id: 'copy-about', class: 'hint', 'aria-live': 'polite' });
  const drop = h(
    'div',
    { class: 'drop' },
    h('label', { for: 'copy-file' }, intl.formatMessage({ id: 'escrowOpener.file.label', defaultMessage: 'The sealed copy' })),
    h(
      'p',
      { id: 'copy-file-hint', class: 'hint' },
      intl.formatMessage({
        id: 'escrowOpener.file.hint',
        defaultMessage:
          'A file whose name ends in .heirloom-escrow: from the USB stick kept with the will, or downloaded from the bucket. Choose it, or drop it here.',
      }),
    ),
    fileInput,
    about,
  );
  const keyCode = keyCodeField();
  const codesBox = h('div', { class: 'codes' });
  const codesLegend = h('legend', null, intl.formatMessage({ id: 'escrowOpener.codes.legend', defaultMessage: 'Verifier codes' }));
  const codesHint = h(
    'p',
    { class: 'hint' },
    intl.formatMessage({
      id: 'escrowOpener.codes.chooseFirst',
      defaultMessage: 'Choose the copy first: it says how many verifiers’ codes are needed.',
    }),
  );
  const more = h(
    'button',
    { type: 'button', class: 'secondary', hidden: '' },
    intl.formatMessage({ id: 'escrowOpener.codes.addAnother', defaultMessage: 'Add another verifier code' }),
  );
  const error = h('p', { id: 'open-error', class: 'error', role: 'alert' });
  const progress = h('p', { class: 'hint', role: 'status' });
  const submit = h('button', { type: 'submit' }, intl.formatMessage({ id: 'escrowOpener.form.submit', defaultMessage: 'Open the copy' }));
  const form = h(
    'form',
    { novalidate: '', 'aria-describedby': 'open-error' },
    drop,
    keyCode.node,
    h('fieldset', null, codesLegend, codesHint, codesBox, more),
    error,
    submit,
    progress,
  );
  const opener = h(
    'main',
    { class: 'page opener', id: 'opener' },
    languageMenu(),
    h('h1', null, intl.formatMessage({ id: 'escrowOpener.page.title', defaultMessage: 'Open a sealed copy from heirloom' })),
    h(
      'p',
      null,
      intl.formatMessage({
        id: 'escrowOpener.page.intro',
        defaultMessage:
          'This page opens a sealed copy of what was left to you with heirloom, here in this browser. It needs the copy, your key code and the codes of enough verifiers. Nothing is sent anywhere: it works without the internet and without heirloom, and it forgets the codes when you close it.',
      }),
    ),
    form,
  );
  document.body.append(opener);

  const addVerifier = () => {
    const field = verifierField(verifiers.length);
    verifiers.push(field);
    codesBox.append(field.node);
  };
  more.addEventListener('click', () => {
    addVerifier();
    verifiers.at(-1)!.input.focus();
  });

  const choose = async (chosen: File) => {
    file = chosen;
    header = undefined;
    error.textContent = '';
    about.textContent = `${chosen.name} (${formatBytes(chosen.size)})`;
    try {
      header = (await readBundleOutline(chosen)).header;
    } catch (err) {
      error.textContent = openerMessage(err);
      return;
    }
    const { threshold, shares } = header.release;
    about.textContent = intl.formatMessage(
      {
        id: 'escrowOpener.file.sealedCopy',
        defaultMessage:
          '{name} ({size}): a sealed copy. It opens with your key code and {threshold} of the {shares, plural, one {{sharesShown} verifier} other {{sharesShown} verifiers}}’ codes.',
      },
      { name: chosen.name, size: formatBytes(chosen.size), threshold: shownCount(threshold), shares, sharesShown: shownCount(shares) },
    );
    codesLegend.textContent = intl.formatMessage(
      { id: 'escrowOpener.codes.legendNeeded', defaultMessage: 'Verifier codes ({threshold} needed)' },
      { threshold: shownCount(threshold) },
    );
    codesHint.textContent = intl.formatMessage(
      {
        id: 'escrowOpener.codes.hint',
        defaultMessage:
          'Type or paste the codes of {count, plural, one {{shown} verifier} other {{shown} different verifiers}}, from their sheets. Each group of five is checked as you type.',
      },
      { count: threshold, shown: shownCount(threshold) },
    );
    while (verifiers.length < threshold) addVerifier();
    more.hidden = verifiers.length >= shares;
  };
  fileInput.addEventListener('change', () => {
    const chosen = fileInput.files?.[0];
    if (chosen) void choose(chosen);
  });
  document.addEventListener('dragover', (event) => event.preventDefault());
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    const dropped = event.dataTransfer?.files[0];
    if (dropped) void choose(dropped);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!file) {
      error.textContent = intl.formatMessage({
        id: 'escrowOpener.form.noFile',
        defaultMessage: 'Choose the sealed copy first (a file ending in .heirloom-escrow).',
      });
      fileInput.focus();
      return;
    }
    error.textContent = '';
    submit.disabled = true;
    progress.textContent = intl.formatMessage({ id: 'escrowOpener.form.opening', defaultMessage: 'Opening the copy…' });
    const codes = { keyCode: keyCode.input.value, verifierCodes: verifiers.map((v) => v.input.value) };
    openCopy(file, codes)
      .then((copy) => showCopy(copy, opener))
      .catch((err: unknown) => {
        error.textContent = openerMessage(err, header);
        progress.textContent = '';
      })
      .finally(() => (submit.disabled = false));
  });
}

/** Every file read once in the background, so a damaged part is named even in a file nobody looks at. */
async function checkEveryFile(copy: OpenedCopy, status: HTMLElement, report: (err: unknown) => void) {
  for (const [i, file] of copy.files.entries()) {
    status.textContent = intl.formatMessage(
      { id: 'escrowOpener.check.progress', defaultMessage: 'Checking the copy: file {number} of {total}…' },
      { number: shownCount(i + 1), total: shownCount(copy.files.length) },
    );
    try {
      for await (const chunk of copy.chunks(file)) void chunk;
    } catch (err) {
      report(err);
    }
  }
  status.textContent = intl.formatMessage(
    {
      id: 'escrowOpener.check.done',
      defaultMessage: 'The copy is checked: {count, plural, one {{shown} file} other {{shown} files}}, none changed or damaged.',
    },
    { count: copy.files.length, shown: shownCount(copy.files.length) },
  );
}

async function showCopy(copy: OpenedCopy, opener: HTMLElement) {
  const alert = h('p', { class: 'error', role: 'alert' });
  const check = h('p', { class: 'hint', role: 'status' });
  let damaged = false;
  const report = (err: unknown) => {
    damaged = true;
    const message = openerMessage(err, copy.header);
    if (!alert.textContent?.includes(message)) alert.textContent = `${alert.textContent ?? ''} ${message}`.trim();
  };
  const urls = lazyFileUrls(copy, report);
  const letters = await lettersOf(copy, report).catch((err: unknown) => {
    report(err);
    return [];
  });
  const save = saveAllSection(copy, report);
  const toSave = h(
    'button',
    { type: 'button', class: 'secondary' },
    intl.formatMessage({ id: 'escrowOpener.opened.toSave', defaultMessage: 'Save all files' }),
  );
  toSave.addEventListener('click', () => {
    save.scrollIntoView();
    save.querySelector('button')?.focus({ preventScroll: true });
  });
  const banner = h(
    'div',
    { class: 'page opened-banner' },
    h(
      'p',
      null,
      intl.formatMessage({
        id: 'escrowOpener.opened.banner',
        defaultMessage: 'The copy is open, in this browser only. Close this page to forget the codes.',
      }),
    ),
    alert,
    check,
    toSave,
  );
  opener.replaceWith(banner);
  // the letters first: they are the most personal part, and a large archive's timeline is long
  const lettersNode = lettersSection(letters, urls);
  if (lettersNode) document.body.append(lettersNode);
  if (copy.archive) {
    const viewer = h('div', { class: 'viewer' });
    document.body.append(viewer);
    // choosing another language reloads the page, which would forget the open copy: the menu is on the opener only
    showArchive(copy.archive, viewer, {
      about: intl.formatMessage({
        id: 'escrowOpener.opened.about',
        defaultMessage: 'Opened from a sealed copy, in this browser: nothing was sent anywhere. Save all files to keep them.',
      }),
      withLanguageMenu: false,
    });
  }
  document.body.append(save);
  await checkEveryFile(copy, check, report);
  if (damaged) check.textContent = '';
}

start();
