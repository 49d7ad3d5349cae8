// npm test: lint, formatting, typecheck, unit + integration (Vitest, real PostgreSQL), then browser tests (Playwright,
// system Chromium). Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { ensureTool } from './ensure-tool.mjs';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
step('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('unit and integration tests', bin('vitest'), ['run']);
ensureTool(chromium, 'chromium', 'The browser tests (or set CHROME_PATH)');
step('browser tests', bin('playwright'), ['test']);
