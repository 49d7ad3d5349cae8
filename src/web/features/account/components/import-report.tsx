import type { ImportReport } from '@shared/schemas/transfers';
import { formatLongDate } from '@web/lib/format';

/** How many entries of a long list are shown; the rest are counted. */
const SHOWN = 20;

const KINDS: { key: keyof ImportReport['imported']; one: string; many: string }[] = [
  { key: 'photos', one: 'photo', many: 'photos' },
  { key: 'memories', one: 'memory', many: 'memories' },
  { key: 'attachments', one: 'attachment', many: 'attachments' },
  { key: 'documents', one: 'document', many: 'documents' },
  { key: 'contacts', one: 'contact', many: 'contacts' },
  { key: 'collections', one: 'collection', many: 'collections' },
  // the people in the photos of an heirloom archive (absent for Takeout and older reports)
  { key: 'people', one: 'person', many: 'people' },
  { key: 'namedFaces', one: 'named face', many: 'named faces' },
  // an heirloom archive's interviews (decision 066)
  { key: 'interviews', one: 'interview', many: 'interviews' },
];

const count = new Intl.NumberFormat('en-US');

/** The finished import: what came in per kind, then the skipped and refused files with their reasons. */
export function ImportReportView({ report, finishedAt }: { report: ImportReport; finishedAt: string | null }) {
  const imported = KINDS.flatMap(({ key, one, many }) => {
    const n = report.imported[key] ?? 0;
    return n > 0 ? [{ key, n, label: n === 1 ? one : many }] : [];
  });
  const source = report.format === 'heirloom' ? 'heirloom export' : 'Google Photos Takeout';
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4" aria-label="Import report" role="region">
      <p className="font-medium">
        Import finished{finishedAt ? ` on ${formatLongDate(finishedAt)}` : ''} ({source}).
      </p>
      {imported.length > 0 ? (
        <ul aria-label="Imported" className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {imported.map(({ key, n, label }) => (
            <li key={key}>
              {count.format(n)} {label}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">Nothing new was imported.</p>
      )}
      {(report.imported.interviews ?? 0) > 0 ? (
        <p className="text-sm">Imported interviews are paused, so nobody receives a question until you resume them in Ask the elders.</p>
      ) : null}
      <ReportList title="Skipped" list={report.skipped} />
      <ReportList title="Not imported" list={report.refused} />
    </div>
  );
}

function ReportList({ title, list }: { title: string; list: ImportReport['skipped'] }) {
  if (list.count === 0) return null;
  const shown = list.items.slice(0, SHOWN);
  const more = list.count - shown.length;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">
        {title}: {count.format(list.count)}
      </summary>
      <ul className="mt-2 grid gap-1">
        {shown.map((entry, i) => (
          <li key={`${entry.path}-${i}`} className="break-words">
            <span className="font-mono text-xs">{entry.path}</span> <span className="text-muted-foreground">— {entry.reason}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-1 text-muted-foreground">and {count.format(more)} more</p>}
    </details>
  );
}
