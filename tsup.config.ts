import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

const dist = process.env.HEIRLOOM_DIST ?? 'dist';

function offlinePage(folder: string, name: string, entry: string): Options {
  return {
    entry: { [name]: entry },
    outDir: path.join(dist, folder),
    outExtension: () => ({ js: '.js' }),
    format: ['iife'],
    platform: 'browser',
    target: 'es2020',
    minify: true,
    clean: true,
    sourcemap: false,
    splitting: false,
  };
}

export default defineConfig([
  // The server is bundled into one ESM file; node_modules stay external (native addons, embedded PostgreSQL binaries).
  {
    entry: {
      main: 'src/server/main.ts',
      'heic-worker': 'src/server/lib/heic-worker.ts',
      'face-worker': 'src/server/ai/faces/face-worker.ts',
      'regroup-worker': 'src/server/features/people/regroup-worker.ts',
      'text-worker': 'src/server/ai/ocr/text-worker.ts',
    },
    outDir: path.join(dist, 'server'),
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    clean: true,
    sourcemap: true,
    splitting: false,
    // esbuild (a dev dependency) is only imported when running from source, to bundle the archive viewer
    // and the letter opener (lib/browser-bundle.ts); the build reads the prebuilt pages below instead.
    external: ['esbuild'],
  },
  // The archives' offline pages (read by lib/browser-bundle.ts): each one classic script for file:// pages,
  // and its CSS. Each in its own folder, because the builds run at once and `clean` empties the folder it
  // builds into. The export viewer (features/exports/viewer-assets.ts) and the heir's letter opener
  // (features/legacy/letter-opener-assets.ts).
  offlinePage('export-viewer', 'viewer', 'src/web/export-viewer/main.ts'),
  offlinePage('letter-opener', 'opener', 'src/web/letter-opener/main.ts'),
  // The escrow opener, inlined whole into one HTML file (lib/escrow-opener.ts).
  offlinePage('escrow-opener', 'escrow-opener', 'src/web/escrow-opener/main.ts'),
]);
