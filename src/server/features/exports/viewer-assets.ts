// The archive's viewer (src/web/export-viewer): index.html and the one classic script it loads.
// Placeholder until the viewer lands: the exporter writes these two files into every archive.

export interface ViewerAssets {
  /** index.html: loads viewer/data.js, then viewer/viewer.js, with relative classic <script src> tags. */
  indexHtml: string;
  /** viewer/viewer.js: the bundled viewer (an IIFE; no imports, no network). */
  viewerJs: string;
}

export async function viewerAssets(): Promise<ViewerAssets> {
  return {
    indexHtml: '<!doctype html><meta charset="utf-8"><title>heirloom</title><script src="viewer/data.js"></script><script src="viewer/viewer.js"></script>',
    viewerJs: '',
  };
}
