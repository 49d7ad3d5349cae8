import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

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
        // The server tests again with files in a bucket on a local S3 server (decision 041), all but those that
        // store no file, simulate a local disk, or bring their own stores.
        resolve: { alias },
        test: {
          name: 'server-s3',
          root: '.',
          environment: 'node',
          env: { TEST_STORAGE: 's3' },
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            // no stored file: pure functions, accounts and sign-in, contacts, mail, pages, the platform
            'src/server/*.test.ts',
            'src/server/ai/**',
            'src/server/features/{auth,contacts,legacy-trigger,on-this-day,search,timeline,waitlist}/**',
            'src/server/features/account/email-change.test.ts',
            'src/server/features/exports/{archive-writer,viewer-assets}.test.ts',
            'src/server/features/memories/memories-ai.test.ts',
            'src/server/features/photos/photo-metadata.test.ts',
            'src/server/features/shared-view/shared-files.test.ts',
            'src/server/lib/{format-bytes,page-data,uploads}.test.ts',
            'tests/integration/{compose-env,lint-boundaries,mail,openapi,platform,web-assets,keyset-paging}.test.ts',
            'tests/integration/instances-{bus,jobs}.test.ts',
            // the local disk itself: an embedded PostgreSQL under DATA_DIR
            'tests/integration/embedded-db.test.ts',
            // both stores already, each its own: the FileStore contract, readiness, presigned redirects
            'tests/integration/{file-store-contract,health,s3-redirect}.test.ts',
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
