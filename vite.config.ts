import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// HEIRLOOM_DIST lets several builds coexist (e.g. parallel e2e runs); the default is ./dist.
const distDir = process.env.HEIRLOOM_DIST ? path.resolve(process.env.HEIRLOOM_DIST) : fileURLToPath(new URL('./dist', import.meta.url));

// The footer's year in the landing page prerendered at build time (site-layout.tsx); scripts/build.mjs sets it
// once for both of its builds so the client bundle and the prerendered HTML agree.
const buildYear = process.env.HEIRLOOM_BUILD_YEAR ?? String(new Date().getFullYear());

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
};

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(buildYear) },
  build: {
    outDir: path.join(distDir, 'web'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The app (index.html → main.tsx) and `/` on its own (landing.html → entry-landing.tsx, decision 035).
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./src/web/landing.html', import.meta.url)),
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:5000' } },
  test: {
    root: '.',
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: '.',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // The same integration tests with files in a bucket on a local S3 server (decision 041): those that
        // observe storage through the API (others read DATA_DIR/files directly and run on the disk only).
        resolve: { alias },
        test: {
          name: 'server-s3',
          root: '.',
          environment: 'node',
          env: { TEST_STORAGE: 's3' },
          include: [
            'src/server/features/collections/*.test.ts',
            'src/server/features/exports/export-videos.test.ts',
            'src/server/features/legacy/*.test.ts',
            'src/server/features/legacy-trigger/*.test.ts',
            'src/server/features/search/search.test.ts',
            'src/server/features/timeline/*.test.ts',
            'tests/integration/import-roundtrip.test.ts',
            'tests/integration/import-takeout.test.ts',
            'tests/integration/import-tus.test.ts',
            'tests/integration/memory-voice.test.ts',
            'tests/integration/photos-edits.test.ts',
            'tests/integration/send-file.test.ts',
            'tests/integration/shared-view-access.test.ts',
            'tests/integration/upload-refusals.test.ts',
          ],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          root: '.',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          // jsdom renders slowly on a busy two-core machine; a test's time is no assertion (benchmarks measure).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
