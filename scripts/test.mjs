// npm test: lint, typecheck, unit + integration (Vitest, real PostgreSQL), then browser tests (Playwright,
// system Chromium). Stops at the first failing step.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (process.getuid?.() === 0) {
    console.log(`heirloom tests: no Chromium at ${chromium}; installing Debian's chromium with apt-get (needs the Debian mirror)...`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return;
  }
  console.error(`heirloom tests need Chromium at ${chromium}: install Debian's "chromium" package (sudo apt-get install chromium) or set CHROME_PATH.`);
  process.exit(1);
}

function step(name, cmd, args) {
  console.log(`\n── ${name} ──`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
  if (res.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(res.status ?? 1);
  }
}

const bin = (n) => `node_modules/.bin/${n}`;
step('lint', bin('eslint'), ['.', '--max-warnings', '0']);
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('unit and integration tests', bin('vitest'), ['run']);
ensureChromium();
step('browser tests', bin('playwright'), ['test']);
