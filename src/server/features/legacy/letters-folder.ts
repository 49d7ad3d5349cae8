// letters/ in the heir's "Download everything" (decision 046): every letter opens from the folder itself, with
// no heirloom server and no network. A plain letter is a page and a .txt, with its photos and recordings
// beside it; sealed letters are kept as they came (.sealed.json) and open in open-sealed.html, the offline
// opener (src/web/letter-opener), which asks for the key code and decrypts in the browser as the key-code
// page does. index.html lists them all. Every page has the export viewer's network-free policy. The folder is
// written in the heir's language (issue 33); English keeps its ISO days, as before.
import { Readable } from 'node:stream';
import type { IntlShape } from 'react-intl';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { SEALED_LETTERS_GLOBAL, type SealedLettersData } from '@shared/letter-archive';
import { LEGACY_MESSAGES, type SealedLetter } from '@shared/schemas/legacy';
import { browserBundle, offlinePagePolicy } from '../../lib/browser-bundle';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';
import { longDay } from '../../lib/mail-language';
import { scriptSafeJson } from '../../lib/page-data';
import { isCompressedType, safeNamePart, zipNames, type ArchiveFile } from '../exports/exports.service';
import { escapeHtml } from '../../lib/escape-html';

export const LETTER_OPENER = { folder: 'letter-opener', name: 'opener', source: 'letter-opener/main.ts' };

/** A photo or recording delivered with a plain letter. */
export interface LetterFile {
  name: string;
  mimeType: string;
  /** A photo's title, for its description. */
  title?: string | null;
  size?: number;
  open: () => Promise<Readable>;
}

export interface FolderLetter {
  title: string;
  /** Null in a sealed copy kept elsewhere, made before the letter is released (decision 074). */
  releasedAt: Date | null;
  body: string | null;
  sealed: SealedLetter | null;
  files: LetterFile[];
}

const OPENER = 'open-sealed.html';

const messages = defineMessages({
  saveFile: { id: 'letterOpener.letter.saveFile', defaultMessage: 'Save {name}' },
  letterReleased: { id: 'letterOpener.folder.letterReleased', defaultMessage: 'Letter · released {day}' },
  letterLeft: { id: 'letterOpener.folder.letterLeft', defaultMessage: 'Letter · left for you' },
  sealedReleased: { id: 'letterOpener.folder.sealedReleased', defaultMessage: 'Sealed letter · released {day}' },
  sealedLeft: { id: 'letterOpener.folder.sealedLeft', defaultMessage: 'Sealed letter · left for you' },
  fromReleased: { id: 'letterOpener.folder.fromReleased', defaultMessage: 'From {owner} · released {day}' },
  fromLeft: { id: 'letterOpener.folder.fromLeft', defaultMessage: 'From {owner} · left for you' },
  sealedHint: {
    id: 'letterOpener.folder.sealedHint',
    defaultMessage: 'Sealed with your key code: <opener>open it with your key code</opener>, here on this computer.',
  },
  withThisLetter: { id: 'letterOpener.folder.withThisLetter', defaultMessage: 'With this letter:' },
  allLetters: { id: 'letterOpener.page.allLetters', defaultMessage: 'All letters' },
  asText: { id: 'letterOpener.folder.letterAsText', defaultMessage: 'The letter as plain text' },
  readLinks: { id: 'letterOpener.folder.readLinks', defaultMessage: '<read>Read the letter</read> · <text>as plain text</text>' },
  filesWith: { id: 'letterOpener.folder.filesWith', defaultMessage: 'With {title}' },
  openerTitle: { id: 'letterOpener.page.title', defaultMessage: 'Sealed letters from {owner}' },
  noScript: {
    id: 'letterOpener.folder.noScript',
    defaultMessage:
      'This page needs JavaScript to open sealed letters: it decrypts them in this browser with your key code. Turn JavaScript on for this file and open it again.',
  },
  indexTitle: { id: 'letterOpener.folder.indexTitle', defaultMessage: 'Letters from {owner}' },
  heading: { id: 'letterOpener.folder.heading', defaultMessage: 'Letters from {owner} for {heir}' },
  offline: {
    id: 'letterOpener.folder.offline',
    defaultMessage: 'Every letter opens from this folder, on this computer: no internet connection and no heirloom server are needed.',
  },
  noLetters: { id: 'letterOpener.folder.noLetters', defaultMessage: 'No letters.' },
  everythingElse: { id: 'letterOpener.folder.everythingElse', defaultMessage: 'Everything else that was released to you' },
});

/** A message as HTML: its values are escaped, each tag becomes the element `tags` makes of its words. */
function markup(
  intl: IntlShape,
  message: (typeof messages)[keyof typeof messages],
  values: Record<string, string>,
  tags: Record<string, (words: string) => string> = {},
): string {
  const escaped = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, escapeHtml(value)]));
  const elements = Object.fromEntries(Object.entries(tags).map(([name, make]) => [name, (chunks: string[]) => make(chunks.join(''))]));
  const said = intl.formatMessage(message, { ...escaped, ...elements }) as string | string[];
  return Array.isArray(said) ? said.join('') : said;
}

/** A file beside the page, as a link: encoded, so a name with '#', '?' or ':' still points at its file. */
const href = (name: string) => escapeHtml(encodeURIComponent(name));
/** A day as the reader writes it; English keeps the ISO day ("2026-05-01"). */
const day = (intl: IntlShape, d: Date) => (intl.locale === SOURCE_LANGUAGE ? d.toISOString().slice(0, 10) : longDay(intl, d));

function page(language: string, css: string, title: string, body: string[], { scripts = [] as string[] } = {}) {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // the opener shows a sealed letter's files from object URLs it makes itself
    `<meta http-equiv="Content-Security-Policy" content="${offlinePagePolicy(css, { blob: scripts.length > 0 })}">`,
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${css}</style>`,
    '</head>',
    '<body>',
    ...body,
    ...scripts.map((src) => `<script src="${href(src)}"></script>`),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function shownFile(intl: IntlShape, file: LetterFile, name: string) {
  const save = `<a href="${href(name)}" download>${escapeHtml(intl.formatMessage(messages.saveFile, { name: file.name }))}</a>`;
  const caption = `<figcaption>${escapeHtml(file.title || file.name)} · ${save}</figcaption>`;
  if (file.mimeType.startsWith('image/')) {
    return `<figure><img src="${href(name)}" alt="${escapeHtml(file.title || file.name)}">${caption}</figure>`;
  }
  if (file.mimeType.startsWith('video/')) {
    return `<figure><video controls preload="metadata" src="${href(name)}" aria-label="${escapeHtml(file.name)}"></video>${caption}</figure>`;
  }
  if (file.mimeType.startsWith('audio/')) {
    return `<figure><audio controls src="${href(name)}" aria-label="${escapeHtml(file.name)}"></audio>${caption}</figure>`;
  }
  return `<p>${save}</p>`;
}

/** The folder's files; the letters' pages carry the opener's stylesheet, so each is readable on its own. */
export async function lettersFolder(
  about: { ownerName: string; heirName: string; now: Date; /** The heir's language (a BCP 47 tag). */ language: string },
  letters: FolderLetter[],
): Promise<ArchiveFile[]> {
  const { css, js } = await browserBundle(LETTER_OPENER);
  const names = zipNames();
  for (const taken of ['index.html', OPENER, 'opener.js', 'sealed-letters.js']) names(taken);
  const out: ArchiveFile[] = [];
  const text = (name: string, body: string, mtime: Date) =>
    out.push({ path: `letters/${name}`, mtime, compress: true, open: async () => Readable.from([Buffer.from(body, 'utf8')]) });
  const { now } = about;
  const intl = translator(about.language);
  const language = intl.locale;
  const say = (message: (typeof messages)[keyof typeof messages], values: Record<string, string> = {}) =>
    intl.formatMessage(message, values);

  const entries: string[] = [];
  const sealed: SealedLettersData['letters'] = [];
  for (const letter of letters) {
    // the page's name is taken first, so the .txt, .sealed.json and files share its stem
    const stem = names(`${safeNamePart(letter.title, 'letter')}.html`).slice(0, -'.html'.length);
    const title = escapeHtml(letter.title);
    const released = letter.releasedAt ? { day: day(intl, letter.releasedAt) } : undefined;
    const when = letter.releasedAt ?? now;
    const kind = letter.sealed
      ? say(released ? messages.sealedReleased : messages.sealedLeft, released)
      : say(released ? messages.letterReleased : messages.letterLeft, released);
    const meta = `<p class="meta">${escapeHtml(kind)}</p>`;
    if (letter.sealed) {
      const file = names(`${stem}.sealed.json`);
      text(file, JSON.stringify(letter.sealed), when);
      sealed.push({ title: letter.title, releasedAt: letter.releasedAt?.toISOString() ?? null, file, sealed: letter.sealed });
      entries.push(
        `<article><h2>${title}</h2>${meta}<p>${markup(intl, messages.sealedHint, {}, { opener: (words) => `<a href="${OPENER}">${words}</a>` })}</p></article>`,
      );
      continue;
    }
    const files = letter.files.map((file) => {
      const name = names(`${stem} - ${safeNamePart(file.name, 'file')}`);
      out.push({
        path: `letters/${name}`,
        mtime: when,
        compress: !isCompressedType(file.mimeType),
        size: file.size,
        open: file.open,
      });
      return { file, name };
    });
    text(
      `${stem}.txt`,
      [
        letter.title,
        '',
        letter.body ?? '',
        ...(files.length > 0 ? ['', say(messages.withThisLetter), ...files.map((f) => `- ${f.name}`)] : []),
        '',
      ].join('\n'),
      when,
    );
    text(
      `${stem}.html`,
      page(language, css, letter.title, [
        '<main class="page">',
        `<p><a href="index.html">${escapeHtml(say(messages.allLetters))}</a></p>`,
        `<article><h1>${title}</h1><p class="meta">${escapeHtml(say(released ? messages.fromReleased : messages.fromLeft, { owner: about.ownerName, ...released }))}</p>`,
        `<p class="letter-body">${escapeHtml(letter.body ?? '')}</p>`,
        ...files.map(({ file, name }) => shownFile(intl, file, name)),
        `<p><a href="${href(`${stem}.txt`)}">${escapeHtml(say(messages.asText))}</a></p>`,
        '</article>',
        '</main>',
      ]),
      when,
    );
    const list = files.map(({ file, name }) => `<li><a href="${href(name)}">${escapeHtml(file.name)}</a></li>`).join('');
    entries.push(
      `<article><h2><a href="${href(`${stem}.html`)}">${title}</a></h2>${meta}` +
        `<p>${markup(
          intl,
          messages.readLinks,
          {},
          {
            read: (words) => `<a href="${href(`${stem}.html`)}">${words}</a>`,
            text: (words) => `<a href="${href(`${stem}.txt`)}">${words}</a>`,
          },
        )}</p>` +
        (list ? `<ul class="files" aria-label="${escapeHtml(say(messages.filesWith, { title: letter.title }))}">${list}</ul>` : '') +
        '</article>',
    );
  }

  if (sealed.length > 0) {
    const data: SealedLettersData = {
      ownerName: about.ownerName,
      heirName: about.heirName,
      language,
      messages: { keyCodeInvalid: LEGACY_MESSAGES.keyCodeInvalid },
      letters: sealed,
    };
    text('sealed-letters.js', `window.${SEALED_LETTERS_GLOBAL} = ${scriptSafeJson(data)};\n`, now);
    text('opener.js', js, now);
    text(
      OPENER,
      page(
        language,
        css,
        say(messages.openerTitle, { owner: about.ownerName }),
        [`<noscript><main class="page"><p>${escapeHtml(say(messages.noScript))}</p></main></noscript>`],
        { scripts: ['sealed-letters.js', 'opener.js'] },
      ),
      now,
    );
  }
  text(
    'index.html',
    page(language, css, say(messages.indexTitle, { owner: about.ownerName }), [
      '<main class="page">',
      `<h1>${escapeHtml(say(messages.heading, { owner: about.ownerName, heir: about.heirName }))}</h1>`,
      `<p>${escapeHtml(say(messages.offline))}</p>`,
      ...(entries.length > 0 ? entries : [`<p>${escapeHtml(say(messages.noLetters))}</p>`]),
      `<p><a href="../index.html">${escapeHtml(say(messages.everythingElse))}</a></p>`,
      '</main>',
    ]),
    now,
  );
  return out;
}
