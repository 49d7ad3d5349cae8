// What the browser can fetch for a page as soon as it reads the page's HTML (decision 056): the page's code
// (`modulepreload`), its styles and the GET requests it makes at once (`preload as=fetch`), instead of finding
// each only after the code before it has run. Written at build time by scripts/prerender.mjs from the page
// table (app/pages.ts) and the build's module graph.
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUES_META, cataloguePartFile } from '@shared/i18n/catalogue-parts';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { escapeHtml } from '../lib/escape-html';

type Access = 'public' | 'guest-only' | 'signed-in';

interface PagePreload {
  pattern: string;
  access: Access;
  scripts: string[];
  styles: string[];
  requests: string[];
  /** The page's part of the catalogues (`app/routes/photos`, decision 086). */
  part?: string;
}

interface CompiledPage {
  test: RegExp;
  access: Access;
  links: string;
  part?: string;
}

/** Where the build put the catalogues' parts: the `<meta name="heirloom-catalogues">` of its index.html. */
function cataloguesFolder(webRoot: string): string | null {
  const index = path.join(webRoot, 'index.html');
  if (!fs.existsSync(index)) return null;
  const meta = new RegExp(`<meta name="${CATALOGUES_META}" content="(/assets/messages/\\w+/)">`);
  return meta.exec(fs.readFileSync(index, 'utf8'))?.[1] ?? null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `/collections/:id` → /^\/collections\/[^/]+$/ (react-router's syntax, as the page table writes it). */
const patternToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
      .join('')}$`,
  );

function linksOf(page: PagePreload): string {
  // Data first: each is answered in milliseconds and its answer waits in the browser until the app asks.
  // `use-credentials` matches the app's fetch (credentials: 'include'), or the browser would fetch again.
  const requests = page.requests.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}">`);
  const scripts = page.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`);
  const styles = page.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">`);
  return [...requests, ...scripts, ...styles].join('');
}

export interface PagePreloads {
  /**
   * The links for the page at `pathname` as this visitor will see it, with its words in `language` (English
   * needs none); '' when there are none.
   */
  linksFor(pathname: string, signedIn: boolean, language: string): string;
}

/** Reads `<webRoot>/.vite/page-preloads.json`; a build without one (or `npm run dev`) preloads nothing. */
export function readPagePreloads(webRoot: string): PagePreloads {
  const file = path.join(webRoot, '.vite', 'page-preloads.json');
  const pages: CompiledPage[] = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PagePreload[]).map((page) => ({
        test: patternToRegExp(page.pattern),
        access: page.access,
        links: linksOf(page),
        part: page.part,
      }))
    : [];
  const folder = cataloguesFolder(webRoot);
  // the app's frame and the page in the reader's language, fetched as the app will (same-origin, no credentials mode)
  const wordsOf = (language: string, part: string | undefined) =>
    folder && part && language !== SOURCE_LANGUAGE
      ? ['app', part]
          .map((p) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(`${folder}${cataloguePartFile(language, p)}`)}">`)
          .join('')
      : '';
  return {
    linksFor(pathname, signedIn, language) {
      const trimmed = pathname.replace(/(.)\/+$/, '$1'); // '/photos/' is '/photos', as in the app
      const page = pages.find((p) => p.test.test(trimmed));
      if (!page) return '';
      // A page the visitor is sent away from (to /login, or on to the dashboard) needs none of it.
      if ((page.access === 'signed-in' && !signedIn) || (page.access === 'guest-only' && signedIn)) return '';
      return page.links + wordsOf(language, page.part);
    },
  };
}

/** `html` with `links` at the end of its <head>. */
export function withLinks(html: string, links: string): string {
  if (!links) return html;
  const at = html.indexOf('</head>');
  if (at === -1) throw new Error('withLinks: the page has no </head>');
  return html.slice(0, at) + links + html.slice(at);
}
