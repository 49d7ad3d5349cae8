// npm test: lint, formatting, typecheck, unit + integration (Vitest, real PostgreSQL), the same server tests with
// files in a bucket, then browser tests (Playwright, system Chromium). Quickest first; stops at the first failing
// step. Each step's time goes to test-results/phases.jsonl (`node scripts/phases.mjs report` prints the table).
import { ensureTool } from './ensure-tool.mjs';
import { timed } from './phases.mjs';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function step(name, cmd, args, env = {}) {
  console.log(`\n── ${name} ──`);
  Object.assign(process.env, env);
  const status = timed(name, cmd, args);
  if (status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(status);
  }
}

const bin = (n) => `node_modules/.bin/${n}`;
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=test-results/vitest-${name}.json`];
step('lint', bin('eslint'), ['.', '--max-warnings', '0']);
step('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('unit and integration tests', bin('vitest'), [
  'run',
  '--project',
  'web',
  '--project',
  'server',
  '--project',
  'server-isolated',
  ...vitestJson('disk'),
]);
step('server tests with files in a bucket', bin('vitest'), ['run', '--project', 'server-s3', ...vitestJson('s3')]);
ensureTool(chromium, 'chromium', 'The browser tests (or set CHROME_PATH)');
step('browser tests', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' });
// after the browser tests: their production build is what each Node version starts
step('supported Node versions', process.execPath, ['scripts/node-versions.mjs']);
