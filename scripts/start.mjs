// npm start: build if the sources changed since the last build, then run the server in this process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, isStale } from './build.mjs';

if (isStale()) {
  console.log('heirloom: building (first start or sources changed)...');
  build();
}
await import(pathToFileURL(path.resolve(process.env.HEIRLOOM_DIST ?? 'dist', 'server', 'main.js')).href);
