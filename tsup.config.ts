import path from 'node:path';
import { defineConfig } from 'tsup';

// The server is bundled into one ESM file; node_modules stay external (native addons, embedded PostgreSQL binaries).
export default defineConfig({
  entry: { main: 'src/server/main.ts', 'heic-worker': 'src/server/lib/heic-worker.ts' },
  outDir: path.join(process.env.HEIRLOOM_DIST ?? 'dist', 'server'),
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  splitting: false,
});
