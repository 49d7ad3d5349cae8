// The small offline pages that archives carry (the export viewer, the heir's letter opener): each one classic
// script (an IIFE: module scripts do not load from file://) and its CSS, inlined into a page whose policy
// forbids every network request.
//
// From the server bundle (dist/server/main.js) a page's script is the sibling build dist/<folder>/ made by
// its entry in tsup.config.ts; from source (tsx, vitest: no build) it is bundled here with esbuild on first
// use. Either way it is built once per process. Same bundled-or-source pattern as heic-decoder.ts.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface BrowserBundle {
  js: string;
  css: string;
}

export interface BrowserEntry {
  /** The build's folder beside dist/server/ (its own, because tsup's `clean` empties the folder it builds into). */
  folder: string;
  /** The entry's name in tsup.config.ts: <name>.js and <name>.css. */
  name: string;
  /** The entry's source under src/web/. */
  source: string;
}

/** The same options as the browser entries in tsup.config.ts: an IIFE, minified, for current browsers. */
const BUILD_OPTIONS = { format: 'iife', platform: 'browser', target: 'es2020', minify: true, legalComments: 'none' } as const;

// This module runs as part of dist/server/main.js, or as its own .ts file under tsx and vitest.
const runningFromBundle = import.meta.url.endsWith('.js');

async function readBundled({ folder, name }: BrowserEntry): Promise<BrowserBundle> {
  const dir = new URL(`../${folder}/`, import.meta.url);
  const read = (ext: string) => fs.readFile(new URL(`${name}${ext}`, dir), 'utf8');
  try {
    const [js, css] = await Promise.all([read('.js'), read('.css')]);
    return { js, css };
  } catch (err) {
    throw new Error(`${name}.js is missing from the build (${fileURLToPath(dir)}): run npm run build`, { cause: err });
  }
}

async function bundleFromSource({ name, source }: BrowserEntry): Promise<BrowserBundle> {
  // esbuild is a dev dependency: only reached when running from source.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    ...BUILD_OPTIONS,
    entryPoints: { [name]: fileURLToPath(new URL(`../../web/${source}`, import.meta.url)) },
    outdir: 'out',
    write: false,
    bundle: true,
  });
  const output = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: output('.js'), css: output('.css') };
}

const built = new Map<string, Promise<BrowserBundle>>();

export function browserBundle(entry: BrowserEntry): Promise<BrowserBundle> {
  let bundle = built.get(entry.folder);
  if (!bundle) {
    bundle = runningFromBundle ? readBundled(entry) : bundleFromSource(entry);
    built.set(entry.folder, bundle);
    // A failed build is not kept: the next archive tries again.
    bundle.catch(() => built.delete(entry.folder));
  }
  return bundle;
}

/**
 * The policy of an archive's page: scripts, pictures and sound come only from the archive's own files ('self'
 * when served over http; file: because browsers treat file:// pages as opaque origins that 'self' may not
 * match), the one inline style is allowed by its hash, and nothing may be fetched or posted. `blob` also lets
 * pictures and sound made in the page itself show (a sealed letter's files, decrypted there).
 */
export function offlinePagePolicy(css: string, { blob = false } = {}): string {
  const styleHash = createHash('sha256').update(css).digest('base64');
  const files = ["'self'", 'file:', ...(blob ? ['blob:'] : [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self' file:",
    `style-src 'sha256-${styleHash}'`,
    `img-src ${files}`,
    `media-src ${files}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
