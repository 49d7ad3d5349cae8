// npm run bench:tree — the family tree at a real family's size (issue 30), on the production build:
//  • import: a 5,000-person GEDCOM 5.5.1 file (bench/tree-family.ts, written by heirloom's own writer) through
//    POST /api/tree/gedcom until its report is ready: seconds and the server's memory growth, against a
//    500-person file in the same run (goals: under a minute, ≤ 150 MB).
//  • relation to me: GET /api/tree/persons/:id/relation-to-me for 200 persons of the 5,000, the owner linked in
//    the middle of the family, each after GET /api/tree/me timed as its baseline (goal ≤ 20 ms at the 95th percentile).
//  • view: /family/tree centred on the founder of a 2,000-person family (every person a descendant or a
//    partner), panned by mouse and keys and zoomed by wheel for a few seconds in Chromium: the main thread's
//    work per drawn frame (Chrome's own task time over frames) and long tasks, against a 200-person family
//    (goal ≤ 16 ms a frame).
//
//   BENCH_TREE_SCALE=0.1  smaller families for a quick check of the benchmark.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { GedcomImport } from '@shared/schemas/tree-gedcom';
import type { RelationToMe, TreeGraph, TreePerson } from '@shared/schemas/tree';
import { writeGedcom } from '../src/server/features/tree/gedcom/gedcom-writer';
import type { GedcomDataset } from '../src/server/features/tree/gedcom/gedcom-dataset';
import { signUpHttp } from '../tests/helpers/users';
import { launchBrowser, signedInContext } from './browser';
import { ensureBuild, median, percentile, printTable, row, saveRows, startProcess, type Row } from './lib';
import { makeFamily, type BenchFamily } from './tree-family';

const SCALE = Number(process.env.BENCH_TREE_SCALE ?? 1);
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);
const sized = (n: number) => Math.max(20, Math.round(n * SCALE));

function asDataset(family: BenchFamily): Pick<GedcomDataset, 'persons' | 'relations'> {
  return {
    persons: family.persons.map((p) => ({
      ref: p.ref,
      givenNames: p.givenNames,
      surname: p.surname,
      birthSurname: null,
      sex: p.sex,
      gender: null,
      birth: { date: p.birth, place: 'Lyon, France' },
      death: p.death ? { date: p.death, place: null } : null,
      note: null,
    })),
    relations: [
      ...family.parents.map((l) => ({ kind: 'parent' as const, fromRef: l.parent, toRef: l.child, type: 'birth' as const })),
      ...family.partners.map((p) => ({
        kind: 'partner' as const,
        fromRef: p.a,
        toRef: p.b,
        type: 'married' as const,
        start: p.start,
        end: null,
        endReason: null,
      })),
    ],
  };
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

interface Account {
  url: string;
  cookie: string;
}

async function call<T>(account: Account, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${account.url}${path}`, { ...init, headers: { cookie: account.cookie, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Imports the family's GEDCOM file and waits for the report; the server's memory is sampled meanwhile. */
async function importFamily(account: Account, pid: number, family: BenchFamily) {
  const text = writeGedcom(asDataset(family), { version: '5.5.1', submitter: 'Bench', today: new Date() });
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'application/octet-stream' }), 'family.ged');
  const rss0 = rssOf(pid);
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  const t0 = performance.now();
  try {
    const { id } = await call<{ id: number }>(account, '/api/tree/gedcom', { method: 'POST', body: form });
    for (;;) {
      const job = await call<GedcomImport>(account, `/api/tree/gedcom/imports/${id}`);
      if (job.status === 'failed') throw new Error(`import failed: ${job.error}`);
      if (job.status === 'done') {
        if (job.report?.personsAdded !== family.persons.length)
          throw new Error(`imported ${job.report?.personsAdded} of ${family.persons.length}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    clearInterval(sampler);
  }
  return { seconds: (performance.now() - t0) / 1000, growthMb: (peak - rss0) / 1e6, bytes: text.length };
}

/** The tree's persons by their GEDCOM record id (the import keeps it), read through the paged API. */
async function personsByRef(account: Account, family: BenchFamily) {
  const wanted = new Map(family.persons.map((p) => [`${p.givenNames} ${p.surname} ${p.birth}`, p.ref]));
  const byRef = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const page: { items: TreePerson[]; nextCursor: string | null } = await call(
      account,
      `/api/tree/persons?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const p of page.items) {
      const ref = wanted.get(`${p.givenNames} ${p.surname} ${p.birth.date}`);
      if (ref) byRef.set(ref, p.id);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return byRef;
}

/** Makes the owner a child of the family's chosen person, so the words reach across the family. */
async function placeOwner(account: Account, family: BenchFamily, byRef: Map<string, number>) {
  const me = await call<TreePerson>(account, '/api/tree/me');
  await call(account, '/api/tree/relations', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'parent', from: byRef.get(family.ownerRef), to: me.id, type: 'birth' }),
  });
  return me.id;
}

/** relation-to-me for each id, each after a cheap signed-in request (GET /api/tree/me) timed as its baseline. */
async function relationTimes(account: Account, ids: number[]) {
  const times: number[] = [];
  const cheap: number[] = [];
  let named = 0;
  for (const id of ids) {
    let t0 = performance.now();
    await call<TreePerson>(account, '/api/tree/me');
    cheap.push(performance.now() - t0);
    t0 = performance.now();
    const answer = await call<RelationToMe>(account, `/api/tree/persons/${id}/relation-to-me`);
    times.push(performance.now() - t0);
    if (answer.label) named++;
  }
  return { p50: median(times), p95: percentile(times, 95), cheapP50: median(cheap), cheapP95: percentile(cheap, 95), named };
}

/** Pans by mouse and keys and zooms by wheel for a few seconds; Chrome's task time and frames drawn meanwhile. */
async function interact(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async (name: string) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0;
  // a string, not a function: the bundler's name helpers do not exist in the page
  await page.evaluate(`
    window.__frames = 0;
    window.__longTasks = [];
    (function tick() { window.__frames++; requestAnimationFrame(tick); })();
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask' });
  `);
  const region = page.getByRole('region', { name: 'Family tree' });
  const box = (await region.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const task0 = await metric('TaskDuration');
  const frames0 = await page.evaluate(() => (window as unknown as { __frames: number }).__frames);
  for (let round = 0; round < 3; round++) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 0; i < 30; i++) await page.mouse.move(cx - i * 12, cy - i * 6);
    await page.mouse.up();
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, i < 4 ? -120 : 120);
    await region.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press(i % 2 ? 'ArrowRight' : 'ArrowDown');
  }
  await page.waitForTimeout(300);
  const taskSeconds = (await metric('TaskDuration')) - task0;
  const { frames, longTasks } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number; __longTasks: number[] };
    return { frames: w.__frames, longTasks: w.__longTasks };
  });
  await cdp.detach();
  const drawn = frames - frames0;
  return { msPerFrame: (taskSeconds * 1000) / Math.max(1, drawn), frames: drawn, longTasks };
}

async function viewAt(url: string, size: number) {
  const account = await signUpHttp(url).then((s) => ({ url, cookie: s.cookie }));
  const family = makeFamily(size, { founders: 1, minChildren: 3, maxChildren: 5, seed: 7 });
  return { account, family };
}

async function main(): Promise<Row[]> {
  const { server } = await ensureBuild();
  const app = await startProcess(server);
  const pid = app.child.pid!;
  const rows: Row[] = [];
  try {
    // ── import and relation to me: 500 then 5,000 persons ──
    const figures = [];
    for (const size of [sized(500), sized(5_000)]) {
      const account = await signUpHttp(app.url).then((s) => ({ url: app.url, cookie: s.cookie }));
      const family = makeFamily(size);
      const imported = await importFamily(account, pid, family);
      log(
        `import of ${size} persons (${(imported.bytes / 1e6).toFixed(1)} MB): ${imported.seconds.toFixed(1)} s, +${imported.growthMb.toFixed(0)} MB`,
      );
      const byRef = await personsByRef(account, family);
      await placeOwner(account, family, byRef);
      const sample = family.persons.filter((_, i) => i % Math.max(1, Math.floor(size / 200)) === 0).map((p) => byRef.get(p.ref)!);
      await relationTimes(account, sample.slice(0, 20)); // the first requests after an import warm the server
      const relation = await relationTimes(account, sample);
      log(
        `relation to me at ${size}: p50 ${relation.p50.toFixed(1)} ms, p95 ${relation.p95.toFixed(1)} ms (GET /api/tree/me ${relation.cheapP50.toFixed(1)}, ${relation.cheapP95.toFixed(1)}), ${relation.named} of ${sample.length} named`,
      );
      figures.push({ size, imported, relation });
    }
    const [small, full] = figures as [(typeof figures)[number], (typeof figures)[number]];
    rows.push(
      row(
        `tree: import of a ${full.size.toLocaleString('en')}-person GEDCOM file`,
        full.imported.seconds,
        's',
        '< 60 s',
        full.imported.seconds < 60,
        {
          baseline: small.imported.seconds,
          ratio: full.imported.seconds / small.imported.seconds,
          note: `baseline: ${small.size} persons; ${(full.imported.bytes / 1e6).toFixed(1)} MB file`,
        },
      ),
      row(`tree: server memory growth during the import`, full.imported.growthMb, 'MB', '≤ 150 MB', full.imported.growthMb <= 150, {
        baseline: small.imported.growthMb,
      }),
      row(
        `tree: relation to me at ${full.size.toLocaleString('en')} persons, p95`,
        full.relation.p95,
        'ms',
        '≤ 20 ms',
        full.relation.p95 <= 20,
        {
          baseline: full.relation.cheapP95,
          ratio: full.relation.p95 / full.relation.cheapP95,
          note: `over HTTP; baseline GET /api/tree/me of the same account; p50 ${full.relation.p50.toFixed(1)} ms (${full.relation.cheapP50.toFixed(1)}); at ${small.size} persons p95 ${small.relation.p95.toFixed(1)} ms; ${full.relation.named} of 200 named`,
        },
      ),
    );

    // ── the tree view: 200 then 2,000 persons around the founder ──
    const browser = await launchBrowser();
    try {
      const views = [];
      for (const size of [sized(200), sized(2_000)]) {
        const { account, family } = await viewAt(app.url, size);
        await importFamily(account, pid, family);
        const byRef = await personsByRef(account, family);
        const root = byRef.get(family.persons[0]!.ref)!;
        const graph = await call<TreeGraph>(account, `/api/tree/graph?root=${root}&up=6&down=6`);
        const context = await signedInContext(browser, app.url, account.cookie);
        const page = await context.newPage();
        await page.goto(`${app.url}/family/tree?root=${root}`);
        await page.getByRole('region', { name: 'Family tree' }).waitFor();
        await page.waitForLoadState('networkidle');
        const cards = await page.locator('[data-testid="tree-layer"] a').count();
        const result = await interact(page);
        await context.close();
        log(
          `view of ${graph.persons.length} persons: ${result.msPerFrame.toFixed(1)} ms of main-thread work a frame over ${result.frames} frames, ${result.longTasks.length} long tasks, ${cards} cards in the page`,
        );
        views.push({ persons: graph.persons.length, cards, ...result });
      }
      const [base, big] = views as [(typeof views)[number], (typeof views)[number]];
      rows.push(
        row(
          `tree view: main-thread work a frame while panning and zooming, ${big.persons.toLocaleString('en')} persons`,
          big.msPerFrame,
          'ms',
          '≤ 16 ms',
          big.msPerFrame <= 16,
          {
            baseline: base.msPerFrame,
            ratio: big.msPerFrame / base.msPerFrame,
            note: `${big.frames} frames; baseline ${base.persons} persons; ${big.cards} cards in the page (${base.cards})`,
          },
        ),
        row(`tree view: long tasks while panning and zooming`, big.longTasks.length, 'tasks', 'report', null, {
          baseline: base.longTasks.length,
          note: big.longTasks.length ? `longest ${Math.max(...big.longTasks).toFixed(0)} ms` : undefined,
        }),
      );
    } finally {
      await browser.close();
    }
  } finally {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  return rows;
}

const rows = await main();
printTable(rows);
if (SCALE === 1) saveRows('tree', rows);
