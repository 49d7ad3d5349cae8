// npm run bench:people (and npm run bench) — who is in the photos (issue 29, decision 057).
//  • grouping: placing one new face among 150,000 and a full regroup of them (bench/people-grouping.ts), against
//    the same at a tenth of the size in the same run.
//  • quality: faces of several people in pictures from the model's own package, each in several photos made here
//    (mirrored, cropped, brighter, smaller), grouped one by one as faces.find does: pairs put together wrongly,
//    and faces left without a person or a suggestion (bench/people-quality.ts).
//  • pipeline: the server finding faces in uploaded photos (1,024 px) vs the model alone in this process, photos
//    per hour, the server's memory growth, and a cheap request's delay during the backfill (bench/people-pipeline.ts).
//  • screens: /people and /people/<id> first content in Chromium with 100,000 photos, 150,000 faces and 6,400
//    people, against an account of 1,000 photos in the same run, as bench:library measures its screens
//    (bench/people-screens.ts).
//
//   BENCH_PEOPLE_SCALE=0.05  a smaller grouping, pipeline and library for a quick check of the benchmark; nothing is saved.
//   BENCH_PEOPLE_PARTS=grouping,quality  only these parts.
//   BENCH_ROUNDS=3                       cold visits of each screen (screens).
//   BENCH_DATABASE_URL=postgres://…      a scratch database there instead of an embedded PostgreSQL.
import { signUp } from '../tests/helpers/users';
import { printTable, row, saveRows, startInProcessApp, type Row } from './lib';
import { FULL_GROUPING, measureGrouping, scaledGrouping, type GroupingFigures } from './people-grouping';
import { measureQuality } from './people-quality';
import { measurePipeline } from './people-pipeline';
import { measureScreens } from './people-screens';

const SCALE = Number(process.env.BENCH_PEOPLE_SCALE ?? 1);
const ALL_PARTS = ['grouping', 'quality', 'pipeline', 'screens'];
const PARTS = new Set((process.env.BENCH_PEOPLE_PARTS ?? ALL_PARTS.join(',')).split(','));
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);
const pct = (x: number) => x * 100;

async function grouping(rows: Row[]) {
  const size = SCALE === 1 ? FULL_GROUPING : scaledGrouping(SCALE);
  const baselineSize = scaledGrouping(SCALE / 10);
  const { app, db, close } = await startInProcessApp();
  try {
    const figures: GroupingFigures[] = [];
    for (const s of [baselineSize, size]) {
      const { user } = await signUp(app);
      log(`grouping: ${s.faces} faces, ${s.family} family members, ${s.strangers} strangers, ${s.named} named`);
      const f = await measureGrouping(db, db.$client, user.id, s, log);
      log(
        `  ${f.centroids} people; first read ${f.firstReadMs.toFixed(1)} ms, versions checked ${f.readCentroidsMs.toFixed(1)} ms, compare ${f.placeMs.toFixed(1)} ms, write ${f.writeMs.toFixed(1)} ms;` +
          ` regroup ${(f.regroupMs / 1000).toFixed(1)} s ${JSON.stringify(f.regroup.timings, (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))},` +
          ` ${f.regroup.people} new groups, ${f.regroup.suggestions} suggestions; +${f.rssGrowthMb.toFixed(0)} MB; loop p99 ${f.loopP99Ms.toFixed(1)} ms;` +
          ` wrong pairs ${pct(f.before.wrong).toFixed(2)} % → ${pct(f.after.wrong).toFixed(2)} %, apart ${pct(f.before.apart).toFixed(1)} % → ${pct(f.after.apart).toFixed(1)} %`,
      );
      figures.push(f);
    }
    const [base, full] = figures as [GroupingFigures, GroupingFigures];
    const placeOne = full.readCentroidsMs + full.placeMs + full.writeMs;
    const placeBase = base.readCentroidsMs + base.placeMs + base.writeMs;
    const at = `${full.size.faces.toLocaleString('en')} faces`;
    rows.push(
      row(`people: place one new face at ${at} (centroids checked + compare + write)`, placeOne, 'ms', '≤ 50 ms', placeOne <= 50, {
        baseline: placeBase,
        ratio: placeOne / placeBase,
        note: `${full.centroids} people; checked ${full.readCentroidsMs.toFixed(1)}, compare ${full.placeMs.toFixed(1)}, write ${full.writeMs.toFixed(1)} ms`,
      }),
      row(`people: compare one new face with every person at ${at}`, full.placeMs, 'ms', 'report', null),
      row(`people: read every centroid at ${at} (the first batch after a start)`, full.firstReadMs, 'ms', 'report', null, {
        baseline: base.firstReadMs,
        ratio: full.firstReadMs / base.firstReadMs,
      }),
      row(`people: full regroup at ${at}`, full.regroupMs / 1000, 's', 'report', null, {
        baseline: base.regroupMs / 1000,
        ratio: full.regroupMs / base.regroupMs,
        note: `read ${(full.regroup.timings.read / 1000).toFixed(1)} s, place ${(full.regroup.timings.place / 1000).toFixed(1)} s, merge ${(full.regroup.timings.merge / 1000).toFixed(1)} s, write ${(full.regroup.timings.write / 1000).toFixed(1)} s`,
      }),
      row(`people: memory growth during the regroup at ${at}`, full.rssGrowthMb, 'MB', 'report', null),
      row(`people: event-loop p99 during the regroup at ${at}`, full.loopP99Ms, 'ms', '≤ 20 ms', full.loopP99Ms <= 20),
      row(
        `people: synthetic faces, pairs wrongly together after the regroup`,
        pct(full.after.wrong),
        '%',
        '≤ 1 %',
        full.after.wrong <= 0.01,
        {
          note: `before ${pct(full.before.wrong).toFixed(2)} %`,
        },
      ),
      row(`people: synthetic faces, pairs of one person left apart after the regroup`, pct(full.after.apart), '%', 'report', null, {
        note: `before ${pct(full.before.apart).toFixed(1)} % (every unnamed person split in two)`,
      }),
    );
  } finally {
    await close();
  }
}

const rows: Row[] = [];
if (PARTS.has('grouping')) await grouping(rows);
if (PARTS.has('quality')) rows.push(...(await measureQuality(log)));
if (PARTS.has('pipeline')) rows.push(...(await measurePipeline(SCALE, log)));
if (PARTS.has('screens')) rows.push(...(await measureScreens(SCALE, log)));
printTable(rows);
if (SCALE === 1 && ALL_PARTS.every((p) => PARTS.has(p))) saveRows('people', rows);
else console.log('A smaller size or only some parts: a check of the benchmark, not its figures; nothing saved.');
