// The escrow opener (decision 076): one self-contained HTML file — script and styles inline — that opens a
// sealed copy (an escrow bundle) in the heir's browser with no heirloom running. It is put beside the bundles
// in the bucket and offered for download, so it must work alone: from file://, on a phone, with no network.
// Its policy allows only its own inline script and styles, and pictures and sound made in the page itself.
// The file is the same for every heir, and its script speaks the reader's language (title included); without
// JavaScript nothing can choose, so the page says what it needs in every language heirloom ships, each marked.
import { createHash } from 'node:crypto';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { browserBundle, type BrowserBundle } from './browser-bundle';
import { defineMessages } from './define-messages';
import { shippedLanguages, translator } from './i18n';

export const ESCROW_OPENER = { folder: 'escrow-opener', name: 'escrow-opener', source: 'escrow-opener/main.ts' };

/** The name the opener is saved under, beside the bundles and in downloads. */
export const ESCROW_OPENER_FILE_NAME = 'open-heirloom-bundle.html';

const messages = defineMessages({
  title: { id: 'escrowOpener.page.title', defaultMessage: 'Open a sealed copy from heirloom' },
  noScript: {
    id: 'escrow.opener.noScript',
    defaultMessage:
      "This page needs JavaScript: it opens the sealed copy in this browser, with your key code and the verifiers' codes, and sends nothing anywhere. Turn JavaScript on for this file and open it again.",
  },
});

/** A catalogue's words as element text (apostrophes and quotes need no escaping there). */
const asText = (words: string) => words.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** English first, as the page is declared; then each other language in a section that names it. */
function noScript(): string {
  const said = (language: string) => {
    const intl = translator(language);
    return { title: asText(intl.formatMessage(messages.title)), text: asText(intl.formatMessage(messages.noScript)) };
  };
  const english = said(SOURCE_LANGUAGE);
  const others = shippedLanguages()
    .filter((language) => language !== SOURCE_LANGUAGE)
    .map((language) => {
      const { title, text } = said(language);
      return `<section lang="${language}"><h2>${title}</h2><p>${text}</p></section>`;
    });
  return `<noscript><main class="page"><h1>${english.title}</h1><p>${english.text}</p>${others.join('')}</main></noscript>`;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function escrowOpenerPolicy({ js, css }: BrowserBundle): string {
  return [
    "default-src 'none'",
    `script-src ${sha256(js)}`,
    `style-src ${sha256(css)}`,
    'img-src blob:',
    'media-src blob: mediastream:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function page(build: BrowserBundle): string {
  // esbuild writes "<\/script" inside strings; a script that still held the closing tag would end early.
  if (/<\/script/i.test(build.js) || /<\/style/i.test(build.css)) throw new Error('The escrow opener cannot be inlined.');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escrowOpenerPolicy(build)}">
<meta name="referrer" content="no-referrer">
<title>Open a sealed copy from heirloom</title>
<style>${build.css}</style>
</head>
<body>
${noScript()}
<script>${build.js}</script>
</body>
</html>
`;
}

let html: Promise<string> | undefined;

/** The opener page, built once per process (from dist/escrow-opener/, or from source under tsx and vitest). */
export function escrowOpenerHtml(): Promise<string> {
  html ??= browserBundle(ESCROW_OPENER).then(page);
  // A failed build is not kept: the next request tries again.
  html.catch(() => (html = undefined));
  return html;
}
