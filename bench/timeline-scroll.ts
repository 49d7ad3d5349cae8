// npx tsx bench/timeline-scroll.ts (and npm run bench) — the timeline page (/view-my-story) of a user with 16,000 items, in the
// production build at 1280×800: image requests before any scroll, and the longest main-thread task
// (PerformanceObserver 'longtask') while scrolling with the mouse wheel for ~10 s and opening more years.
// Baseline: the same scroll over a long static page in the same browser (the machine's own floor).
// The library is bench/timeline-seed.ts (dated 1990–2025) plus 200 photos in the last 150 days, so the year
// open by default is all photos; every photo shows one real uploaded thumbnail.
import fs from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Page } from '@playwright/test';
import * as schema from '../src/server/db/schema';
import { launchBrowser, serveStatic, signedInContext, staticPage, uploadPhotos } from './browser';
import { dataDirClient } from '../tests/helpers/database';
import { signUpHttp } from '../tests/helpers/users';
import { ensureBuild, printTable, saveRows, startProcess, type Row } from './lib';
import { seed } from './timeline-seed';

const ITEMS = { photos: 10_000, memories: 5_000, documents: 1_000 };
const SCROLL_MS = Number(process.env.BENCH_SCROLL_MS ?? 10_000);
const YEARS_TO_OPEN = 3;
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);

declare global {
  interface Window {
    __longTasks: { start: number; duration: number }[];
  }
}

/** Records every long task from navigation on (buffered), in the page's own clock. */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Wheel-scrolls down in steps for `ms`; every so often opens the next closed year accordion (when `openYears`),
 * the way a reader goes through their story. Returns the page-clock time the scrolling started.
 */
async function scrollFor(page: Page, ms: number, openYears: number) {
  await page.mouse.move(640, 400);
  const scrollStart = await page.evaluate(() => performance.now());
  const until = Date.now() + ms;
  const openEvery = ms / (openYears + 1);
  let opened = 0;
  let nextOpen = Date.now() + openEvery;
  while (Date.now() < until) {
    if (opened < openYears && Date.now() >= nextOpen) {
      const closed = page.locator('[data-slot="accordion-trigger"][data-state="closed"]').first();
      if (await closed.count()) {
        await closed.scrollIntoViewIfNeeded();
        await closed.click();
        opened++;
      }
      nextOpen += openEvery;
    }
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(500); // let the last renders and fetches land inside the window
  return { scrollStart, opened };
}

const longTasksSince = async (page: Page, since: number, before = Infinity) =>
  (await page.evaluate(() => window.__longTasks)).filter((t) => t.start >= since && t.start < before).map((t) => t.duration);

export async function benchTimelineScroll(): Promise<Row[]> {
  const { server } = await ensureBuild();
  const app = await startProcess(server);
  const browser = await launchBrowser();
  const baselinePage = await serveStatic(staticPage(3000));
  try {
    const {
      cookie,
      user: { id: userId },
    } = await signUpHttp(app.url);
    const [realPhotoId] = await uploadPhotos(app.url, cookie, 1);
    const client = await dataDirClient(app.dataDir);
    try {
      await seed(drizzle(client, { schema }), userId, ITEMS);
      // Every seeded photo shows the one real upload's thumbnail (one file, 10,000 URLs): images really load and
      // decode as they would in a real library, rather than 404ing into the 'Image unavailable' fallback.
      await client.query(
        `update photos set file_path = (select file_path from photos where id = $2), width = 1600, height = 1200
         where user_id = $1 and id <> $2`,
        [userId, realPhotoId],
      );
      // The worst case for the first screen: the newest year (open by default) is all photos.
      await client.query(`update photos set date_taken = now() - random() * interval '150 days' where user_id = $1 and id % 50 = 0`, [
        userId,
      ]);
    } finally {
      await client.end();
    }
    log(`seeded ${ITEMS.photos + ITEMS.memories + ITEMS.documents} items`);

    // ── Baseline: the same wheel scroll over a long static page ──
    const baseContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const basePage = await baseContext.newPage();
    await basePage.addInitScript(observeLongTasks);
    await basePage.goto(baselinePage.url, { waitUntil: 'load' });
    await basePage.waitForTimeout(500);
    const base = await scrollFor(basePage, SCROLL_MS, 0);
    const baseTasks = await longTasksSince(basePage, base.scrollStart);
    await baseContext.close();
    log(`baseline scroll: ${baseTasks.length} long tasks, max ${Math.max(0, ...baseTasks).toFixed(0)} ms`);

    // ── The timeline ──
    const context = await signedInContext(browser, app.url, cookie);
    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    const images: { url: string; status?: number; phase: 'load' | 'scroll' }[] = [];
    let phase: 'load' | 'scroll' = 'load';
    page.on('request', (req) => {
      if (req.resourceType() === 'image') images.push({ url: req.url(), phase });
    });
    await page.goto(`${app.url}/view-my-story`, { waitUntil: 'networkidle' });
    await page.locator('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    const imagesBeforeScroll = images.length;
    const loadTasks = await longTasksSince(page, 0);
    const firstEntries = await page.locator('article').count();
    const firstPhotos = await page.locator('article img').count();
    log(`timeline open: ${firstEntries} entries rendered (${firstPhotos} with a photo), ${imagesBeforeScroll} image requests`);

    phase = 'scroll';
    const run = await scrollFor(page, SCROLL_MS, YEARS_TO_OPEN);
    const scrollTasks = await longTasksSince(page, run.scrollStart);
    const entries = await page.locator('article').count();
    const scrollImages = images.length - imagesBeforeScroll;
    await context.close();
    log(
      `scrolled ${SCROLL_MS / 1000} s, opened ${run.opened} more years: ${entries} entries rendered, ${scrollImages} more image requests`,
    );
    log(`long tasks while scrolling: ${JSON.stringify(scrollTasks.map((d) => Math.round(d)))}`);

    const maxScroll = Math.max(0, ...scrollTasks);
    const maxBase = Math.max(0, ...baseTasks);
    const overBudget = scrollTasks.filter((d) => d > 50).length;
    return [
      {
        figure: 'Timeline (16k items): image requests before any scroll',
        value: imagesBeforeScroll,
        unit: 'requests',
        goal: '≤ 100',
        pass: imagesBeforeScroll <= 100,
        note: `1280×800, first year open: ${firstEntries} entries rendered (${firstPhotos} photos, lazy images); ${scrollImages} more while scrolling ${SCROLL_MS / 1000} s (${entries} entries rendered by then)`,
      },
      {
        figure: 'Timeline (16k items) scroll: longest main-thread task',
        value: maxScroll,
        unit: 'ms',
        baseline: maxBase,
        goal: 'none over 50 ms',
        pass: overBudget === 0,
        note: `${scrollTasks.length} long tasks (${overBudget} over 50 ms) in ${SCROLL_MS / 1000} s of wheel scrolling with ${run.opened} more years opened; baseline: same scroll over a static page (${baseTasks.length} long tasks)`,
      },
      {
        figure: 'Timeline (16k items) scroll: long tasks over 50 ms',
        value: overBudget,
        unit: 'tasks',
        baseline: baseTasks.filter((d) => d > 50).length,
        goal: '0',
        pass: overBudget === 0,
      },
      {
        figure: 'Timeline (16k items) first load: longest main-thread task',
        value: Math.max(0, ...loadTasks),
        unit: 'ms',
        goal: 'report only',
        pass: null,
        note: `${loadTasks.length} long tasks from navigation to network idle`,
      },
    ];
  } finally {
    await browser.close();
    await baselinePage.close();
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchTimelineScroll();
  printTable(rows);
  saveRows('timeline-scroll', rows);
}
