// node scripts/prerender.mjs <dist>: puts the landing page's markup inside the #root of the built
// <dist>/web/landing.html (decision 035). Run by scripts/build.mjs after the client and SSR builds; the server
// sends landing.html for `/` and index.html (the app, an empty #root) for every other page.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT_ELEMENT = '<div id="root"></div>';

/** The shell with `markup` inside its empty #root; throws when the shell has no such element or more than one. */
export function injectIntoRoot(shell, markup) {
  const at = shell.indexOf(ROOT_ELEMENT);
  if (at === -1 || shell.indexOf(ROOT_ELEMENT, at + 1) !== -1) throw new Error(`prerender: index.html needs exactly one ${ROOT_ELEMENT}`);
  return `${shell.slice(0, at)}<div id="root">${markup}</div>${shell.slice(at + ROOT_ELEMENT.length)}`;
}

export async function prerender(dist) {
  const entry = path.join(dist, 'prerender', 'entry-prerender.js');
  const { renderLanding } = await import(pathToFileURL(entry).href);
  const file = path.join(dist, 'web', 'landing.html');
  fs.writeFileSync(file, injectIntoRoot(fs.readFileSync(file, 'utf8'), renderLanding()));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv[2]) throw new Error('usage: node scripts/prerender.mjs <dist>');
  await prerender(path.resolve(process.argv[2]));
}
