import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { moduleChunksFile } from './scripts/module-chunks.ts';
import { pageCatalogues } from './scripts/page-catalogues.ts';
import { precompiledMessages } from './scripts/precompiled-messages.ts';

// HEIRLOOM_DIST lets several builds coexist (e.g. parallel e2e runs); the default is ./dist.
const distDir = process.env.HEIRLOOM_DIST ? path.resolve(process.env.HEIRLOOM_DIST) : fileURLToPath(new URL('./dist', import.meta.url));

// The footer's year in the landing page prerendered at build time (site-layout.tsx); scripts/build.mjs sets it
// once for both of its builds so the client bundle and the prerendered HTML agree.
const buildYear = process.env.HEIRLOOM_BUILD_YEAR ?? String(new Date().getFullYear());

// The languages heirloom ships: the folders of the catalogues, English (the source) first (decision 081).
const messagesDir = fileURLToPath(new URL('./src/shared/i18n/messages', import.meta.url));
const languages = fs
  .readdirSync(messagesDir)
  .filter((l) => fs.statSync(path.join(messagesDir, l)).isDirectory())
  .sort((a, b) => Number(b === 'en') - Number(a === 'en') || a.localeCompare(b));
const define = {
  'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(buildYear),
  'import.meta.env.VITE_LANGUAGES': JSON.stringify(languages.join(',')),
};

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
};

// Server tests that change what the whole process sees (a mocked module, faked clocks, the time zone, a spy on a
// shared prototype): each runs in modules of its own, apart from the other server tests.
const serverTestsAlone = [
  'src/server/features/legacy/legacy.test.ts',
  'src/server/features/auth/sign-in-throttling.test.ts',
  'src/server/features/photos/photo-metadata.test.ts',
  'src/server/features/timeline/timeline.test.ts',
  'tests/integration/tus-protocol.test.ts',
];

// The bucket pass (server-s3): one end-to-end file per feature that writes, reads or removes stored files. The
// FileStore contract runs on both stores in the disk pass (file-store-contract, health, s3-redirect); rules that
// do not depend on where bytes live (access, hostile input, paging, sign-in, limits) are proved once, there:
// among them upload refusals (answered before anything is stored), the quota of resumable uploads (they wait on
// this machine's disk with either store), what one instance's caches learn from another, and a letter's voice
// messages (kept in the letter's row).
const bucketTests = [
  'src/server/features/photos/photos.test.ts',
  'src/server/features/memories/memories.test.ts',
  'src/server/features/vault/vault.test.ts',
  'src/server/features/profile/profile.test.ts',
  'src/server/features/legacy/legacy.test.ts',
  'src/server/features/exports/exports.test.ts',
  'src/server/features/exports/export-videos.test.ts',
  'src/server/features/shared-view/shared-view.test.ts',
  'src/server/features/shared-view/shared-places.test.ts',
  'src/server/features/shared-view/shared-pictures.test.ts',
  'src/server/features/account/account.test.ts',
  'src/server/features/account/deletion-during-uploads.test.ts',
  ...['import-roundtrip', 'import-tus', 'import-retry', 'videos', 'memory-audio-copies', 'memory-voice'].map(
    (f) => `tests/integration/${f}.test.ts`,
  ),
  ...['durable-files', 'instances-journal', 'photos-edits', 'photos-bulk'].map((f) => `tests/integration/${f}.test.ts`),
  ...['send-file', 'upload-quota'].map((f) => `tests/integration/${f}.test.ts`),
];

// On CI a test that fails is run once more, as the browser tests are (playwright.config.ts): a failure that
// comes back fails the run; one that does not is printed as retried in the report, to be looked into.
const CI_RETRIES = process.env.CI ? 1 : 0;

/** A Vitest project of server tests: real PostgreSQL (one migrated template per run), one process per worker. */
function serverProject(options: { name: string; include: string[]; exclude?: string[]; isolate?: boolean; env?: Record<string, string> }) {
  return {
    resolve: { alias },
    test: {
      ...options,
      root: '.',
      environment: 'node',
      globalSetup: ['tests/helpers/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks' as const,
      retry: CI_RETRIES,
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    moduleChunksFile(fileURLToPath(new URL('./src/web', import.meta.url))),
    pageCatalogues({
      webRoot: fileURLToPath(new URL('./src/web', import.meta.url)),
      messagesDir,
    }),
    precompiledMessages(),
  ],
  resolve: { alias },
  define,
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
      // React in a chunk of its own, which the landing page and the app share (the app fetches the landing
      // page's sections only to show them, router.tsx)
      output: { codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:5000' } },
  test: {
    root: '.',
    // Server tests mostly wait on PostgreSQL, HTTP and child processes: three files at a time keep two cores busy
    // (Vitest's default on two cores is one file at a time).
    maxWorkers: 3,
    projects: [
      serverProject({
        name: 'server',
        include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/integration/**/*.test.ts'],
        exclude: serverTestsAlone,
        // The files of a worker share its loaded modules: loading the server's module graph again for each file
        // cost more than most files' tests. Each file still builds its own app on its own database.
        isolate: false,
      }),
      serverProject({ name: 'server-isolated', include: serverTestsAlone }),
      // The bucket pass: the files in a bucket on a local S3 server (decision 041).
      serverProject({ name: 'server-s3', include: bucketTests, exclude: serverTestsAlone, isolate: false, env: { TEST_STORAGE: 's3' } }),
      serverProject({
        name: 'server-s3-isolated',
        include: bucketTests.filter((f) => serverTestsAlone.includes(f)),
        env: { TEST_STORAGE: 's3' },
      }),
      {
        plugins: [react()],
        resolve: { alias },
        define,
        test: {
          name: 'web',
          root: '.',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          // jsdom renders slowly on a busy two-core machine; a test's time is no assertion (benchmarks measure).
          testTimeout: 20_000,
          retry: CI_RETRIES,
        },
      },
    ],
  },
});
