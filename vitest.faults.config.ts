import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Long fault-injection tests (kill -9 loops, database outage, full disk): `npm run test:faults`.
export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
      '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
    },
  },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    // Each file runs its own servers on their own ports, data folders and databases: three at a time, as they
    // wait on kills and restarts more than they compute.
    maxWorkers: 3,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['tests/faults/build-once.ts'],
  },
});
