// npm test: lint, formatting, typecheck, unit + integration (Vitest, real PostgreSQL), the same server tests with
// files in a bucket, then browser tests (Playwright, system Chromium). Quickest first; stops at the first failing
// step. Each step's time goes to test-results/phases.jsonl (`node scripts/phases.mjs report` prints the table).
import { ensureTool } from './ensure-tool.mjs';
import { timed, timedAsync } from './phases.mjs';

function step(name, cmd, args, env = {}) {
  console.log(`\n── ${name} ──`);
  Object.assign(process.env, env);
  const status = timed(name, cmd, args);
  if (status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(status);
  }
}

/** Lanes of steps side by side (each lane in order), for tools that leave a core idle; stops if any failed. */
async function together(...lanes) {
  const failed = [];
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [name, cmd, args] of lane) {
        console.log(`\n── ${name} (side by side) ──`);
        if ((await timedAsync(name, cmd, args)) !== 0) return failed.push(name);
      }
    }),
  );
  if (failed.length > 0) {
    console.error(`\n${failed.join(', ')} failed.`);
    process.exit(1);
  }
}

const bin = (n) => `node_modules/.bin/${n}`;
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=test-results/vitest-${name}.json`];
// each of these keeps one core busy, and the two lanes take about as long
await together(
  [
    ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
    ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ],
  [['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']]],
);
// the printed PDFs (Legacy Kit, the life-story book) are read back with poppler's tools
ensureTool('pdffonts', 'poppler-utils', 'The printed-PDF tests');
// the offline pages are opened in Firefox too (decision 085)
ensureTool(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', 'firefox-esr', "The offline pages' Firefox test (or set FIREFOX_PATH)");
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
step('server tests with files in a bucket', bin('vitest'), [
  'run',
  '--project',
  'server-s3',
  '--project',
  'server-s3-isolated',
  ...vitestJson('s3'),
]);
ensureTool(
  process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell',
  'chromium-headless-shell',
  'The browser tests (or set CHROME_PATH)',
);
ensureTool(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium', 'The PDF viewer test (or set CHROMIUM_PATH)');
step('browser tests', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' });
// after the browser tests: their production build is what each Node version starts
step('supported Node versions', process.execPath, ['scripts/node-versions.mjs']);
