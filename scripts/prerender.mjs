// node scripts/prerender.mjs <dist>: writes the pages the server sends already drawn (decision 035): the landing
// page's markup inside the #root of the built <dist>/web/landing.html, and the dashboard's first paint inside a
// copy of index.html, <dist>/web/dashboard.html (each also as <page>.<language>.html in every other language). Run by scripts/build.mjs after the client and SSR builds; the
// server sends landing.html for `/`, dashboard.html for a signed-in visitor's /dashboard, and index.html (the
// app, an empty #root) for every other page, with the links that preload what that page needs.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"/;

/** The shell with `markup` inside its empty #root; throws when the shell has no such element or more than one. */
export function injectIntoRoot(shell, markup) {
  const at = shell.indexOf(ROOT_ELEMENT);
  if (at === -1 || shell.indexOf(ROOT_ELEMENT, at + 1) !== -1) throw new Error(`prerender: index.html needs exactly one ${ROOT_ELEMENT}`);
  return `${shell.slice(0, at)}<div id="root">${markup}</div>${shell.slice(at + ROOT_ELEMENT.length)}`;
}

/**
 * React renders a page's <title> where the page puts it, which in a part of the document is the start of the
 * markup; the browser wants it in <head>, in place of the shell's own.
 */
export function withPageTitle(shell, markup) {
  const title = TITLE.exec(markup);
  if (!title || title.index !== 0) return injectIntoRoot(shell, markup);
  if (!TITLE.test(shell)) throw new Error('prerender: index.html needs a <title>');
  return injectIntoRoot(shell.replace(TITLE, title[0]), markup.slice(title[0].length));
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell with `title` and `description` in its head, in place of its own (the landing page's in English). */
export function withHead(shell, { title, description }) {
  if (!TITLE.test(shell) || !DESCRIPTION.test(shell)) throw new Error('prerender: landing.html needs a <title> and a description');
  return shell
    .replace(TITLE, () => `<title>${escapeHtml(title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(description)}"`);
}

/**
 * The files of `modules` (paths under src/web) and of everything they import statically: what a page will ask
 * for before it can draw. `graph` is the build's .vite/module-chunks.json. Throws on a module the build does
 * not know (a file renamed but not in app/pages.ts).
 */
export function chunksOf(graph, modules) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (file) => {
    if (scripts.has(`/${file}`)) return;
    scripts.add(`/${file}`);
    for (const css of graph.chunks[file].css) styles.add(`/${css}`);
    for (const imported of graph.chunks[file].imports) visit(imported);
  };
  for (const module of modules) {
    const file = graph.modules[module];
    if (!file) throw new Error(`prerender: the build has no module ${module} (app/pages.ts names it)`);
    visit(file);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * <dist>/web/.vite/page-preloads.json: for each page of the app, the code and the first requests the server
 * has the browser fetch with its HTML (decision 056).
 */
function writePagePreloads(web, sources) {
  const graphFile = path.join(web, '.vite', 'module-chunks.json');
  const graph = JSON.parse(fs.readFileSync(graphFile, 'utf8'));
  // What index.html loads already is not preloaded again.
  const shell = chunksOf(graph, ['main.tsx']);
  const loaded = new Set([...shell.scripts, ...shell.styles]);
  const pages = sources.map(({ path: pattern, access, modules, requests, part }) => {
    const { scripts, styles } = chunksOf(graph, modules);
    const notLoaded = (file) => !loaded.has(file);
    return { pattern, access, scripts: scripts.filter(notLoaded), styles: styles.filter(notLoaded), requests, part };
  });
  fs.writeFileSync(path.join(web, '.vite', 'page-preloads.json'), JSON.stringify(pages));
  fs.rmSync(graphFile);
}

export async function prerender(dist) {
  const entry = path.join(dist, 'prerender', 'entry-prerender.js');
  const { renderLanding, renderLandingIn, landingHeadIn, shippedLanguages, renderDashboard, renderDashboardIn, pagePreloadSources } =
    await import(pathToFileURL(entry).href);
  const web = path.join(dist, 'web');
  writePagePreloads(web, pagePreloadSources());
  const landing = path.join(web, 'landing.html');
  const landingShell = fs.readFileSync(landing, 'utf8');
  const shell = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
  const inLanguage = (page, language) => page.replace('<html lang="en">', `<html lang="${language}">`);
  // one page per language heirloom ships (landing.de.html, dashboard.de.html…): the server sends each reader
  // theirs, so nobody sees a page drawn in English first (decision 081)
  for (const language of shippedLanguages.filter((l) => l !== 'en')) {
    const landingIn = withHead(inLanguage(landingShell, language), await landingHeadIn(language));
    fs.writeFileSync(path.join(web, `landing.${language}.html`), injectIntoRoot(landingIn, await renderLandingIn(language)));
    fs.writeFileSync(
      path.join(web, `dashboard.${language}.html`),
      withPageTitle(inLanguage(shell, language), await renderDashboardIn(language)),
    );
  }
  fs.writeFileSync(landing, injectIntoRoot(landingShell, renderLanding()));
  fs.writeFileSync(path.join(web, 'dashboard.html'), withPageTitle(shell, await renderDashboard()));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv[2]) throw new Error('usage: node scripts/prerender.mjs <dist>');
  await prerender(path.resolve(process.argv[2]));
  // the pages are written; a render's timers (a query kept in its cache for an hour) must not hold the build
  process.exit(0);
}
