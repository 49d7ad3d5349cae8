// The archive's viewer (src/web/export-viewer): index.html and the one classic script it loads. The
// exporter writes both into every archive, beside viewer/data.js.
//
// The script is built by lib/browser-bundle.ts (tsup's entry for the server build, esbuild from source).
import { browserBundle, offlinePagePolicy, type BrowserBundle } from '../../lib/browser-bundle';

export interface ViewerAssets {
  /** index.html: loads viewer/data.js, then viewer/viewer.js, with relative classic <script src> tags. */
  indexHtml: string;
  /** viewer/viewer.js: the bundled viewer (an IIFE; no imports, no network). */
  viewerJs: string;
}

function indexHtml({ css }: BrowserBundle) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${offlinePagePolicy(css)}">
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

const VIEWER = { folder: 'export-viewer', name: 'viewer', source: 'export-viewer/main.ts' };

let assets: Promise<ViewerAssets> | undefined;

export function viewerAssets(): Promise<ViewerAssets> {
  assets ??= browserBundle(VIEWER).then((build) => ({ indexHtml: indexHtml(build), viewerJs: build.js }));
  // A failed build is not kept: the next export tries again.
  assets.catch(() => (assets = undefined));
  return assets;
}
