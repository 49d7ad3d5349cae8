// Browser helpers for the front-end benchmarks: the system Chromium (Playwright and Lighthouse), a tiny
// static server for same-run baselines, and real photo uploads for a signed-in user.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ensureTool } from '../scripts/ensure-tool.mjs';
import sharp from 'sharp';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  ensureTool(CHROMIUM, 'chromium', 'The browser benchmarks (or set CHROME_PATH)');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** A browser context that carries the session cookie ('name=value', as signUpHttp returns it). */
export async function signedInContext(
  browser: Browser,
  url: string,
  cookie: string,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const eq = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url }]);
  return context;
}

/** Serves fixed HTML on 127.0.0.1 (the machine's best case for a page, measured in the same run). */
export async function serveStatic(html: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A plain text page, no script, no external resource. */
export function staticPage(paragraphs: number) {
  const text = 'Photos on old phones, letters in shoeboxes, voice notes in a chat thread: kept together and handed on. ';
  const body = Array.from({ length: paragraphs }, (_, i) => `<p>${i + 1}. ${text.repeat(3)}</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A static baseline page."><title>Baseline</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem}</style></head>
<body><main><h1>Your life story, kept for the people you love</h1>${body}</main></body></html>`;
}

/**
 * Uploads `count` camera-sized JPEGs (noise, so they do not compress away) through POST /api/photos and
 * waits until every thumbnail is served (derivatives ready). Returns the photo ids.
 */
export async function uploadPhotos(url: string, cookie: string, count: number, timeoutMs = 120_000): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const jpeg = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: { r: 40 + i * 20, g: 90, b: 160 - i * 10 },
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `bench-${i + 1}.jpg`);
    const res = await fetch(`${url}/api/photos`, { method: 'POST', headers: { cookie }, body: form });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  const deadline = Date.now() + timeoutMs;
  for (const id of ids) {
    for (;;) {
      const res = await fetch(`${url}/api/photos/image/${id}?size=thumb`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status === 200) break;
      if (Date.now() > deadline) throw new Error(`photo ${id}: thumbnail not ready (last status ${res.status})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return ids;
}

/**
 * The requests that began before a page's first content (`first`, ms from navigation start), from its Resource
 * Timing: `start–end ms  path  (server ms, KB)`, in start order.
 */
export const requestsBefore = (page: Page, first: number) =>
  page.evaluate((first) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entries = [navigation, ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])];
    return entries
      .filter((e) => e.startTime <= first)
      .sort((a, b) => a.startTime - b.startTime)
      .map((e) => {
        const url = new URL(e.name);
        const server = e.responseStart > 0 ? `server ${Math.round(e.responseStart - e.requestStart)} ms, ` : '';
        const span = `${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ms`.padEnd(14);
        return `${span} ${url.pathname}${url.search}  (${server}${Math.round(e.transferSize / 1024)} KB)`;
      })
      .concat(`${Math.round(first)} ms        first content`);
  }, first);
