// The escrow opener in Chromium, for bench:escrow and bench:escrow-opener: the page from file://, the copy
// chosen by its path, the codes typed, until it says every file is checked. Memory is sampled from /proc every
// 100 ms for each of the browser's processes (the renderer that runs the page, the browser process that reads
// the file for it, the rest), and the page's JavaScript heap from the DevTools protocol, so a growth says where
// it is.
import fs from 'node:fs';
import path from 'node:path';
import { escrowOpenerHtml } from '../src/server/lib/escrow-opener';
import { launchBrowser } from './browser';
import { childrenByParent } from './lib';

const MB = 1e6;

type Kind = 'renderer' | 'browser' | 'other';

/** RSS in bytes of each Chromium process under `pid`, by kind (esbuild and other helpers of this process are not counted). */
function chromiumRss(pid: number): Record<Kind, number> {
  const children = childrenByParent();
  const total: Record<Kind, number> = { renderer: 0, browser: 0, other: 0 };
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length) {
    const p = stack.pop()!;
    stack.push(...(children.get(p) ?? []));
    try {
      // zygote-forked processes rewrite their command line as one space-separated string
      const cmdline = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!/^\S*chrom/i.test(cmdline)) continue;
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
      total[type === 'renderer' ? 'renderer' : type === undefined ? 'browser' : 'other'] += rss;
    } catch {
      /* gone */
    }
  }
  return total;
}

export interface OpenerMemory {
  seconds: number;
  /** Peak RSS of all the browser's processes over their RSS just before "Open the copy", in MB. */
  growthMb: number;
  /** The same for each kind of process on its own (their peaks need not be at the same moment). */
  rendererMb: number;
  browserMb: number;
  otherMb: number;
  /** Peak of the page's JavaScript heap in use over its size before, in MB. */
  heapMb: number;
}

/** The opener from file:// in Chromium: the copy chosen and the codes typed, until every file is checked. */
export async function openInChromium(
  dir: string,
  bundlePath: string,
  codes: { keyCode: string; verifierCodes: string[] },
): Promise<OpenerMemory> {
  const openerPath = path.join(dir, 'open-heirloom-bundle.html');
  fs.writeFileSync(openerPath, await escrowOpenerHtml());
  // launched here, so the copy is chosen by its path (a remote browser would be sent its bytes); installed first
  // on a machine without it, as the browser benchmarks do
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`file://${openerPath}`);
    await page.getByLabel('The sealed copy').setInputFiles(bundlePath);
    await page.getByLabel('Your key code').fill(codes.keyCode);
    for (const [i, code] of codes.verifierCodes.entries()) await page.getByLabel(`Verifier code ${i + 1}`, { exact: true }).fill(code);
    const heapUsed = async () => ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;

    const before = chromiumRss(process.pid);
    const sum = (rss: Record<Kind, number>) => rss.renderer + rss.browser + rss.other;
    const peak = { ...before, all: sum(before) };
    const sample = () => {
      const now = chromiumRss(process.pid);
      for (const kind of ['renderer', 'browser', 'other'] as const) peak[kind] = Math.max(peak[kind], now[kind]);
      peak.all = Math.max(peak.all, sum(now));
    };
    const heapBefore = await heapUsed();
    let heapPeak = heapBefore;
    const timer = setInterval(sample, 100);
    const heapTimer = setInterval(() => {
      heapUsed().then(
        (used) => (heapPeak = Math.max(heapPeak, used)),
        () => undefined,
      );
    }, 500);
    const start = performance.now();
    try {
      await page.getByRole('button', { name: 'Open the copy' }).click();
      await page.getByText(/^The copy is checked: /).waitFor({ timeout: 3_600_000 });
    } finally {
      clearInterval(timer);
      clearInterval(heapTimer);
    }
    sample();
    const seconds = (performance.now() - start) / 1000;
    const damaged = await page.getByRole('alert').filter({ hasText: 'changed or damaged' }).count();
    if (damaged > 0) throw new Error('The opener found the copy damaged');
    return {
      seconds,
      growthMb: (peak.all - sum(before)) / MB,
      rendererMb: (peak.renderer - before.renderer) / MB,
      browserMb: (peak.browser - before.browser) / MB,
      otherMb: (peak.other - before.other) / MB,
      heapMb: (heapPeak - heapBefore) / MB,
    };
  } finally {
    await browser.close();
  }
}

export const describeOpenerMemory = (m: OpenerMemory) =>
  `+${m.growthMb.toFixed(0)} MB (renderer +${m.rendererMb.toFixed(0)}, browser process +${m.browserMb.toFixed(0)}, others +${m.otherMb.toFixed(0)}; JS heap +${m.heapMb.toFixed(0)})`;
