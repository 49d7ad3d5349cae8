// npx tsx bench/frontend.ts (and npm run bench) — the web app as a visitor's browser sees it, on the production build:
//  • Lighthouse (default config = mobile preset, simulated slow 4G + 4× CPU), median of 3 runs per page, for
//    the landing page and the signed-in dashboard (8 real photos, derivatives ready); baseline = a plain
//    static page from a tiny Node server, Lighthouse'd in the same run (the machine's best case).
//  • Gzipped JavaScript of the initial load: every script the page requests until network idle (so lazy
//    chunks that the first screen needs count too), gzip computed here (zlib level 6) from the bytes, so it
//    does not depend on transfer encoding; baseline = react + react-dom production builds, minified and gzipped.
//  • Hashed assets: served brotli-compressed and `immutable`.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser, serveStatic, signedInContext, staticPage, uploadPhotos } from './browser';
import { signUpHttp } from '../tests/helpers/users';
import { ensureBuild, median, printTable, ROOT, saveRows, startProcess, type Row } from './lib';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PHOTOS = 8;
const KB = 1024;
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);

interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
}

async function lighthouseOnce(port: number, url: string, headers?: Record<string, string>, attempt = 1): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers });
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // NO_NAVSTART and friends: Lighthouse's own trace recording failed now and then; that run says nothing.
    if (attempt < 3) return lighthouseOnce(port, url, headers, attempt + 1);
    throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: (lhr.categories.performance?.score ?? NaN) * 100,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
  };
}

const medians = (runs: LighthouseFigures[]): LighthouseFigures => ({
  score: median(runs.map((r) => r.score)),
  lcpMs: median(runs.map((r) => r.lcpMs)),
  tbtMs: median(runs.map((r) => r.tbtMs)),
  fcpMs: median(runs.map((r) => r.fcpMs)),
});

interface JsLoad {
  totalGzip: number;
  beforeFcpGzip: number;
  files: { url: string; gzip: number; beforeFcp: boolean }[];
}

/** Every script (and catalogue part) requested until network idle, gzip-sized here; `beforeFcp` from the page's own timings. */
async function jsOfInitialLoad(browser: Browser, url: string, cookie?: string, language?: string): Promise<JsLoad> {
  const context = cookie
    ? await signedInContext(browser, url, cookie)
    : await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // a visitor who chose the language in the menu before: the browser keeps the choice (localStorage) and tells the
  // server (the cookie), which sends the page drawn in it
  if (language) {
    await context.addInitScript((l) => localStorage.setItem('heirloom.language', l), language);
    await context.addCookies([{ name: 'heirloom_language', value: language, url }]);
  }
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      // the page's words count with its code: the catalogue parts it fetches (decision 086)
      const words = new URL(res.url()).pathname.startsWith('/assets/messages/');
      if ((res.request().resourceType() === 'script' || words) && res.ok()) bodies.set(res.url(), res.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      starts: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as const),
    }));
    const startOf = new Map(timing.starts);
    const files = await Promise.all(
      [...bodies].map(async ([u, body]) => ({
        url: u,
        gzip: gzipSync(await body).length,
        beforeFcp: (startOf.get(u) ?? Infinity) < timing.fcp,
      })),
    );
    files.sort((a, b) => b.gzip - a.gzip);
    return {
      totalGzip: files.reduce((s, f) => s + f.gzip, 0),
      beforeFcpGzip: files.filter((f) => f.beforeFcp).reduce((s, f) => s + f.gzip, 0),
      files,
    };
  } finally {
    await context.close();
  }
}

async function setAccountLanguage(base: string, cookie: string, language: string) {
  const res = await fetch(`${base}/api/user/language`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ language }),
  });
  if (!res.ok) throw new Error(`PUT /api/user/language: ${res.status}`);
}

/** gzip of the react + react-dom (client) + scheduler production builds, minified: the floor of any React app. */
async function reactBaselineGzip() {
  const { transform } = await import('esbuild'); // tsup's and vite's minifier
  const files = [
    'react/cjs/react.production.js',
    'react-dom/cjs/react-dom.production.js',
    'react-dom/cjs/react-dom-client.production.js',
    'scheduler/cjs/scheduler.production.js',
  ];
  let sum = 0;
  for (const f of files) {
    const { code } = await transform(fs.readFileSync(path.join(ROOT, 'node_modules', f), 'utf8'), { minify: true, format: 'cjs' });
    sum += gzipSync(code).length;
  }
  return sum;
}

/** GET with only `accept-encoding: br` (node:http, so nothing decodes or rewrites headers). */
function headersOf(url: string, acceptEncoding: string): Promise<http.IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      })
      .on('error', reject);
  });
}

export async function benchFrontend(): Promise<Row[]> {
  const { server } = await ensureBuild();
  log('build ready');
  const rows: Row[] = [];
  const app = await startProcess(server);
  const baselinePage = await serveStatic(staticPage(12));
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  let browser: Browser | undefined;
  try {
    const { cookie } = await signUpHttp(app.url);
    await uploadPhotos(app.url, cookie, PHOTOS);
    log(`${PHOTOS} photos uploaded, thumbnails ready`);

    // ── Pre-compressed, long-cached assets ──
    const indexHtml = await (await fetch(`${app.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(indexHtml)?.[0];
    if (!asset) throw new Error('no hashed /assets/*.js in index.html');
    const h = await headersOf(`${app.url}${asset}`, 'br');
    const isBr = h['content-encoding'] === 'br';
    const isImmutable = /\bimmutable\b/.test(String(h['cache-control'] ?? '')) && /max-age=(\d{7,})/.test(String(h['cache-control'] ?? ''));
    rows.push({
      figure: 'Hashed JS asset: brotli + immutable cache',
      value: isBr && isImmutable ? 1 : 0,
      unit: 'yes=1',
      goal: 'br and immutable',
      pass: isBr && isImmutable,
      note: `${asset}: content-encoding=${h['content-encoding'] ?? '(none)'}; cache-control=${h['cache-control'] ?? '(none)'}`,
    });

    // ── JavaScript of the initial load ──
    browser = await launchBrowser();
    const reactGzip = await reactBaselineGzip();
    const landingJs = await jsOfInitialLoad(browser, `${app.url}/`);
    const dashboardJs = await jsOfInitialLoad(browser, `${app.url}/dashboard`, cookie);
    await setAccountLanguage(app.url, cookie, 'de'); // signed in, the account's language wins
    const landingJsDe = await jsOfInitialLoad(browser, `${app.url}/`, undefined, 'de');
    const dashboardJsDe = await jsOfInitialLoad(browser, `${app.url}/dashboard`, cookie, 'de');
    await setAccountLanguage(app.url, cookie, 'en');
    await browser.close();
    browser = undefined;
    for (const [name, load] of [
      ['landing /', landingJs],
      ['dashboard (signed in)', dashboardJs],
      ['landing / in German', landingJsDe],
      ['dashboard in German', dashboardJsDe],
    ] as const) {
      log(
        `JS of ${name}: ${(load.totalGzip / KB).toFixed(1)} KB gzip in ${load.files.length} files (${(load.beforeFcpGzip / KB).toFixed(1)} KB requested before FCP)`,
      );
      for (const f of load.files)
        log(`   ${(f.gzip / KB).toFixed(1).padStart(6)} KB ${f.beforeFcp ? 'pre-FCP ' : 'post-FCP'} ${new URL(f.url).pathname}`);
    }
    const jsRow = (figure: string, load: JsLoad, goalKb: number): Row => ({
      figure,
      value: load.totalGzip / KB,
      unit: 'KB gzip',
      baseline: reactGzip / KB,
      ratio: load.totalGzip / reactGzip,
      goal: `≤ ${goalKb} KB`,
      pass: load.totalGzip / KB <= goalKb,
      note: `all scripts until network idle (${load.files.length} files); ${(load.beforeFcpGzip / KB).toFixed(1)} KB requested before FCP; baseline: react + react-dom (minified) gzip`,
    });
    rows.push(jsRow('JS of the initial load: landing /', landingJs, 100));
    rows.push(jsRow('JS of the initial load: signed-in shell + dashboard', dashboardJs, 170));
    rows.push(jsRow('JS of the initial load: landing / in German', landingJsDe, 100));
    rows.push(jsRow('JS of the initial load: signed-in shell + dashboard in German', dashboardJsDe, 170));

    // a quick look at the JavaScript alone, while working on it
    if (process.env.BENCH_FRONTEND_JS_ONLY) return rows;

    // ── Lighthouse, alternating baseline / landing / dashboard ──
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'] });
    const runs = { baseline: [] as LighthouseFigures[], landing: [] as LighthouseFigures[], dashboard: [] as LighthouseFigures[] };
    await lighthouseOnce(chrome.port, `${app.url}/`); // warm-up: server caches, Chrome start-up
    for (let i = 0; i < RUNS; i++) {
      runs.baseline.push(await lighthouseOnce(chrome.port, baselinePage.url));
      runs.landing.push(await lighthouseOnce(chrome.port, `${app.url}/`));
      runs.dashboard.push(await lighthouseOnce(chrome.port, `${app.url}/dashboard`, { cookie }));
      log(
        `lighthouse round ${i + 1}:`,
        JSON.stringify({ baseline: runs.baseline[i], landing: runs.landing[i], dashboard: runs.dashboard[i] }),
      );
    }
    chrome.kill();
    // The same pages for a German reader: the browser's language (landing) and the account's (dashboard).
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new', '--lang=de-DE'] });
    await setAccountLanguage(app.url, cookie, 'de');
    const german = { landing: [] as LighthouseFigures[], dashboard: [] as LighthouseFigures[] };
    await lighthouseOnce(chrome.port, `${app.url}/`, { 'accept-language': 'de-DE,de' });
    for (let i = 0; i < RUNS; i++) {
      german.landing.push(await lighthouseOnce(chrome.port, `${app.url}/`, { 'accept-language': 'de-DE,de' }));
      german.dashboard.push(await lighthouseOnce(chrome.port, `${app.url}/dashboard`, { cookie, 'accept-language': 'de-DE,de' }));
    }
    await setAccountLanguage(app.url, cookie, 'en');
    const base = medians(runs.baseline);
    const landing = medians(runs.landing);
    const dashboard = medians(runs.dashboard);
    const note = `median of ${RUNS} Lighthouse runs (mobile preset); baseline: static HTML page, same run`;
    rows.push({
      figure: 'Lighthouse performance: landing /',
      value: landing.score,
      unit: 'score',
      baseline: base.score,
      ratio: landing.score / base.score,
      goal: '≥ 95',
      pass: landing.score >= 95,
      note,
    });
    rows.push({
      figure: 'Lighthouse LCP: landing /',
      value: landing.lcpMs / 1000,
      unit: 's',
      baseline: base.lcpMs / 1000,
      ratio: landing.lcpMs / base.lcpMs,
      goal: '≤ 1.8 s',
      pass: landing.lcpMs <= 1800,
      note: `FCP ${(landing.fcpMs / 1000).toFixed(2)} s`,
    });
    rows.push({
      figure: 'Lighthouse TBT: landing /',
      value: landing.tbtMs,
      unit: 'ms',
      baseline: base.tbtMs,
      goal: '≤ 100 ms',
      pass: landing.tbtMs <= 100,
    });
    rows.push({
      figure: 'Lighthouse performance: dashboard (signed in, 8 photos)',
      value: dashboard.score,
      unit: 'score',
      baseline: base.score,
      ratio: dashboard.score / base.score,
      goal: '≥ 90',
      pass: dashboard.score >= 90,
      note,
    });
    rows.push({
      figure: 'Lighthouse LCP: dashboard (signed in, 8 photos)',
      value: dashboard.lcpMs / 1000,
      unit: 's',
      baseline: base.lcpMs / 1000,
      ratio: dashboard.lcpMs / base.lcpMs,
      goal: '≤ 2.5 s',
      pass: dashboard.lcpMs <= 2500,
      note: `FCP ${(dashboard.fcpMs / 1000).toFixed(2)} s, TBT ${dashboard.tbtMs.toFixed(0)} ms`,
    });
    for (const [page, figures, goalMs] of [
      ['landing / in German', medians(german.landing), 1800],
      ['dashboard in German (signed in, 8 photos)', medians(german.dashboard), 2500],
    ] as const) {
      rows.push({
        figure: `Lighthouse LCP: ${page}`,
        value: figures.lcpMs / 1000,
        unit: 's',
        baseline: base.lcpMs / 1000,
        ratio: figures.lcpMs / base.lcpMs,
        goal: `≤ ${goalMs / 1000} s`,
        pass: figures.lcpMs <= goalMs,
        note: `score ${figures.score.toFixed(0)}, FCP ${(figures.fcpMs / 1000).toFixed(2)} s, TBT ${figures.tbtMs.toFixed(0)} ms; Chromium --lang=de-DE`,
      });
    }
  } finally {
    await browser?.close();
    chrome?.kill();
    await baselinePage.close();
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  log('done');
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchFrontend();
  printTable(rows);
  saveRows('frontend', rows);
}
