import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5100);
// One fixed DATA_DIR per port (wiped when the server starts). Test workers inherit this environment, so
// tests/e2e/mail.ts reads the mail the server writes to DATA_DIR/outbox.
const e2eDataDir = path.join(os.tmpdir(), `heirloom-e2e-${port}`);
process.env.E2E_DATA_DIR = e2eDataDir;
// Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs headless): the same
// Blink and V8 as the browser without its window layer, a quarter less CPU on these two-core machines. A test
// of a part of the browser itself (its PDF viewer) is tagged @full-browser and runs in the whole Chromium.
const headlessShell = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = {
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `test-results/${port}`, // one folder per port, so parallel runs never delete each other's traces
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@full-browser/,
      use: { ...devices['Desktop Chrome'], launchOptions: { ...launchOptions, executablePath: headlessShell } },
    },
    {
      name: 'full-browser',
      grep: /@full-browser/,
      use: { ...devices['Desktop Chrome'], launchOptions: { ...launchOptions, executablePath: fullChromium } },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), E2E_DATA_DIR: e2eDataDir },
  },
});
