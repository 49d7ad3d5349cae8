// The archive's viewer (src/web/export-viewer): index.html and the one classic script it loads. The
// exporter writes both into every archive, beside viewer/data.js.
//
// From the server bundle (dist/server/main.js) the viewer is the sibling build dist/export-viewer/ made by
// tsup's second entry; from source (tsx, vitest: no build) it is bundled here with esbuild on first use.
// Either way it is built once per process. Same bundled-or-source pattern as lib/heic-decoder.ts.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface ViewerAssets {
  /** index.html: loads viewer/data.js, then viewer/viewer.js, with relative classic <script src> tags. */
  indexHtml: string;
  /** viewer/viewer.js: the bundled viewer (an IIFE; no imports, no network). */
  viewerJs: string;
}

interface ViewerBuild {
  js: string;
  css: string;
}

/** The same options as the viewer's entry in tsup.config.ts: a browser IIFE, minified, for current browsers. */
const VIEWER_BUILD_OPTIONS = { format: 'iife', platform: 'browser', target: 'es2020', minify: true, legalComments: 'none' } as const;

// This module runs as part of dist/server/main.js, or as its own .ts file under tsx and vitest.
const runningFromBundle = import.meta.url.endsWith('.js');

async function readBundled(): Promise<ViewerBuild> {
  const dir = new URL('../export-viewer/', import.meta.url);
  try {
    const [js, css] = await Promise.all([fs.readFile(new URL('viewer.js', dir), 'utf8'), fs.readFile(new URL('viewer.css', dir), 'utf8')]);
    return { js, css };
  } catch (err) {
    throw new Error(`The archive viewer is missing from the build (${fileURLToPath(dir)}): run npm run build`, { cause: err });
  }
}

async function bundleFromSource(): Promise<ViewerBuild> {
  // esbuild is a dev dependency: only reached when running from source.
  const esbuild = await import('esbuild');
  const entry = fileURLToPath(new URL('../../../web/export-viewer/main.ts', import.meta.url));
  const result = await esbuild.build({
    ...VIEWER_BUILD_OPTIONS,
    entryPoints: { viewer: entry },
    outdir: 'out',
    write: false,
    bundle: true,
  });
  const output = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: output('.js'), css: output('.css') };
}

// The policy forbids every network request: scripts, pictures and sound come only from the archive's own
// files ('self' when served over http; file: because browsers treat file:// pages as opaque origins that
// 'self' may not match), the one inline style is allowed by its hash, and nothing may be fetched or posted.
function contentSecurityPolicy(css: string) {
  const styleHash = createHash('sha256').update(css).digest('base64');
  return [
    "default-src 'none'",
    "script-src 'self' file:",
    `style-src 'sha256-${styleHash}'`,
    "img-src 'self' file:",
    "media-src 'self' file:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function indexHtml({ css }: ViewerBuild) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(css)}">
<meta name="referrer" content="no-referrer">
<title>heirloom archive</title>
<style>${css}</style>
</head>
<body>
<noscript><p>This page needs JavaScript to show the archive. Everything can also be read without it: heirloom.json holds every detail, the original files are under originals/, and memories and contacts (when there are any) are kept as text in memories/ and contacts.vcf.</p></noscript>
<script src="viewer/data.js"></script>
<script src="viewer/viewer.js"></script>
</body>
</html>
`;
}

let cached: Promise<ViewerAssets> | undefined;

export function viewerAssets(): Promise<ViewerAssets> {
  cached ??= (async () => {
    const build = runningFromBundle ? await readBundled() : await bundleFromSource();
    return { indexHtml: indexHtml(build), viewerJs: build.js };
  })();
  // A failed build is not cached: the next export tries again.
  cached.catch(() => (cached = undefined));
  return cached;
}
