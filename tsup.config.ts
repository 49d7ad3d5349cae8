import path from 'node:path';
import { defineConfig } from 'tsup';

const dist = process.env.HEIRLOOM_DIST ?? 'dist';

export default defineConfig([
  // The server is bundled into one ESM file; node_modules stay external (native addons, embedded PostgreSQL binaries).
  {
    entry: { main: 'src/server/main.ts', 'heic-worker': 'src/server/lib/heic-worker.ts' },
    outDir: path.join(dist, 'server'),
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    clean: true,
    sourcemap: true,
    splitting: false,
    // esbuild (a dev dependency) is only imported when running from source, to bundle the archive viewer
    // (features/exports/viewer-assets.ts); the build reads the prebuilt viewer below instead.
    external: ['esbuild'],
  },
  // The export archive's viewer (viewer.js + viewer.css, read by features/exports/viewer-assets.ts): one
  // classic script for file:// pages. Its own folder, because both builds run at once and `clean` empties
  // the folder it builds into.
  {
    entry: { viewer: 'src/web/export-viewer/main.ts' },
    outDir: path.join(dist, 'export-viewer'),
    outExtension: () => ({ js: '.js' }),
    format: ['iife'],
    platform: 'browser',
    target: 'es2020',
    minify: true,
    clean: true,
    sourcemap: false,
    splitting: false,
  },
]);
