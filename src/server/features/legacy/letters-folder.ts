// letters/ in the heir's "Download everything" (decision 046): every letter opens from the folder itself, with
// no heirloom server and no network. A plain letter is a page and a .txt, with its photos and recordings
// beside it; sealed letters are kept as they came (.sealed.json) and open in open-sealed.html, the offline
// opener (src/web/letter-opener), which asks for the key code and decrypts in the browser as the key-code
// page does. index.html lists them all. Every page has the export viewer's network-free policy.
import { Readable } from 'node:stream';
import { SEALED_LETTERS_GLOBAL, type SealedLettersData } from '@shared/letter-archive';
import { LEGACY_MESSAGES, type SealedLetter } from '@shared/schemas/legacy';
import { browserBundle, offlinePagePolicy } from '../../lib/browser-bundle';
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

/** A file beside the page, as a link: encoded, so a name with '#', '?' or ':' still points at its file. */
const href = (name: string) => escapeHtml(encodeURIComponent(name));
const day = (d: Date) => d.toISOString().slice(0, 10);

function page(css: string, title: string, body: string[], { scripts = [] as string[] } = {}) {
  return [
    '<!doctype html>',
    '<html lang="en">',
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

function shownFile(file: LetterFile, name: string) {
  const save = `<a href="${href(name)}" download>Save ${escapeHtml(file.name)}</a>`;
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
  about: { ownerName: string; heirName: string; now: Date },
  letters: FolderLetter[],
): Promise<ArchiveFile[]> {
  const { css, js } = await browserBundle(LETTER_OPENER);
  const names = zipNames();
  for (const taken of ['index.html', OPENER, 'opener.js', 'sealed-letters.js']) names(taken);
  const out: ArchiveFile[] = [];
  const text = (name: string, body: string, mtime: Date) =>
    out.push({ path: `letters/${name}`, mtime, compress: true, open: async () => Readable.from([Buffer.from(body, 'utf8')]) });
  const { now } = about;

  const entries: string[] = [];
  const sealed: SealedLettersData['letters'] = [];
  for (const letter of letters) {
    // the page's name is taken first, so the .txt, .sealed.json and files share its stem
    const stem = names(`${safeNamePart(letter.title, 'letter')}.html`).slice(0, -'.html'.length);
    const title = escapeHtml(letter.title);
    const released = letter.releasedAt ? `released ${day(letter.releasedAt)}` : 'left for you';
    const when = letter.releasedAt ?? now;
    const meta = `<p class="meta">${letter.sealed ? 'Sealed letter' : 'Letter'} · ${released}</p>`;
    if (letter.sealed) {
      const file = names(`${stem}.sealed.json`);
      text(file, JSON.stringify(letter.sealed), when);
      sealed.push({ title: letter.title, releasedAt: letter.releasedAt?.toISOString() ?? null, file, sealed: letter.sealed });
      entries.push(
        `<article><h2>${title}</h2>${meta}<p>Sealed with your key code: <a href="${OPENER}">open it with your key code</a>, here on this computer.</p></article>`,
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
        ...(files.length > 0 ? ['', 'With this letter:', ...files.map((f) => `- ${f.name}`)] : []),
        '',
      ].join('\n'),
      when,
    );
    text(
      `${stem}.html`,
      page(css, letter.title, [
        '<main class="page">',
        '<p><a href="index.html">All letters</a></p>',
        `<article><h1>${title}</h1><p class="meta">From ${escapeHtml(about.ownerName)} · ${released}</p>`,
        `<p class="letter-body">${escapeHtml(letter.body ?? '')}</p>`,
        ...files.map(({ file, name }) => shownFile(file, name)),
        `<p><a href="${href(`${stem}.txt`)}">The letter as plain text</a></p>`,
        '</article>',
        '</main>',
      ]),
      when,
    );
    const list = files.map(({ file, name }) => `<li><a href="${href(name)}">${escapeHtml(file.name)}</a></li>`).join('');
    entries.push(
      `<article><h2><a href="${href(`${stem}.html`)}">${title}</a></h2>${meta}` +
        `<p><a href="${href(`${stem}.html`)}">Read the letter</a> · <a href="${href(`${stem}.txt`)}">as plain text</a></p>` +
        (list ? `<ul class="files" aria-label="With ${title}">${list}</ul>` : '') +
        '</article>',
    );
  }

  if (sealed.length > 0) {
    const data: SealedLettersData = {
      ownerName: about.ownerName,
      heirName: about.heirName,
      messages: { keyCodeInvalid: LEGACY_MESSAGES.keyCodeInvalid },
      letters: sealed,
    };
    text('sealed-letters.js', `window.${SEALED_LETTERS_GLOBAL} = ${scriptSafeJson(data)};\n`, now);
    text('opener.js', js, now);
    text(
      OPENER,
      page(
        css,
        `Sealed letters from ${about.ownerName}`,
        [
          '<noscript><main class="page"><p>This page needs JavaScript to open sealed letters: it decrypts them in this browser with your key code. Turn JavaScript on for this file and open it again.</p></main></noscript>',
        ],
        { scripts: ['sealed-letters.js', 'opener.js'] },
      ),
      now,
    );
  }
  text(
    'index.html',
    page(css, `Letters from ${about.ownerName}`, [
      '<main class="page">',
      `<h1>Letters from ${escapeHtml(about.ownerName)} for ${escapeHtml(about.heirName)}</h1>`,
      '<p>Every letter opens from this folder, on this computer: no internet connection and no heirloom server are needed.</p>',
      ...(entries.length > 0 ? entries : ['<p>No letters.</p>']),
      '<p><a href="../index.html">Everything else that was released to you</a></p>',
      '</main>',
    ]),
    now,
  );
  return out;
}
