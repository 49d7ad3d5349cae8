import type { ImportReport } from '@shared/schemas/transfers';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';

/** How many entries of a long list are shown; the rest are counted. */
const SHOWN = 20;

const KINDS = defineMessages({
  photos: { id: 'account.importReport.photos', defaultMessage: '{count, plural, one {# photo} other {# photos}}' },
  memories: { id: 'account.importReport.memories', defaultMessage: '{count, plural, one {# memory} other {# memories}}' },
  attachments: { id: 'account.importReport.attachments', defaultMessage: '{count, plural, one {# attachment} other {# attachments}}' },
  documents: { id: 'account.importReport.documents', defaultMessage: '{count, plural, one {# document} other {# documents}}' },
  contacts: { id: 'account.importReport.contacts', defaultMessage: '{count, plural, one {# contact} other {# contacts}}' },
  collections: { id: 'account.importReport.collections', defaultMessage: '{count, plural, one {# collection} other {# collections}}' },
  // the people in the photos of an heirloom archive (absent for Takeout and older reports)
  people: { id: 'account.importReport.people', defaultMessage: '{count, plural, one {# person} other {# people}}' },
  namedFaces: { id: 'account.importReport.namedFaces', defaultMessage: '{count, plural, one {# named face} other {# named faces}}' },
  // an heirloom archive's interviews (decision 066)
  interviews: { id: 'account.importReport.interviews', defaultMessage: '{count, plural, one {# interview} other {# interviews}}' },
} satisfies Record<keyof ImportReport['imported'], unknown>);

/** The finished import: what came in per kind, then the skipped and refused files with their reasons. */
export function ImportReportView({ report, finishedAt }: { report: ImportReport; finishedAt: string | null }) {
  const intl = useIntl();
  const imported = (Object.keys(KINDS) as (keyof typeof KINDS)[]).flatMap((key) => {
    const n = report.imported[key] ?? 0;
    return n > 0 ? [{ key, label: intl.formatMessage(KINDS[key], { count: n }) }] : [];
  });
  const source =
    report.format === 'heirloom'
      ? intl.formatMessage({ id: 'account.importReport.heirloom', defaultMessage: 'heirloom export' })
      : intl.formatMessage({ id: 'account.importReport.takeout', defaultMessage: 'Google Photos Takeout' });
  return (
    <div
      className="grid gap-3 rounded-lg border bg-muted/40 p-4"
      aria-label={intl.formatMessage({ id: 'account.importReport.label', defaultMessage: 'Import report' })}
      role="region"
    >
      <p className="font-medium">
        {finishedAt
          ? intl.formatMessage(
              { id: 'account.importReport.finishedOn', defaultMessage: 'Import finished on {date} ({source}).' },
              { date: formatLongDate(finishedAt), source },
            )
          : intl.formatMessage({ id: 'account.importReport.finished', defaultMessage: 'Import finished ({source}).' }, { source })}
      </p>
      {imported.length > 0 ? (
        <ul
          aria-label={intl.formatMessage({ id: 'account.importReport.imported', defaultMessage: 'Imported' })}
          className="flex flex-wrap gap-x-6 gap-y-1 text-sm"
        >
          {imported.map(({ key, label }) => (
            <li key={key}>{label}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{intl.formatMessage({ id: 'account.importReport.nothing', defaultMessage: 'Nothing new was imported.' })}</p>
      )}
      {(report.imported.interviews ?? 0) > 0 ? (
        <p className="text-sm">
          {intl.formatMessage({
            id: 'account.importReport.interviewsPaused',
            defaultMessage: 'Imported interviews are paused, so nobody receives a question until you resume them in Ask the elders.',
          })}
        </p>
      ) : null}
      <ReportList title={intl.formatMessage({ id: 'account.importReport.skipped', defaultMessage: 'Skipped' })} list={report.skipped} />
      <ReportList
        title={intl.formatMessage({ id: 'account.importReport.refused', defaultMessage: 'Not imported' })}
        list={report.refused}
      />
    </div>
  );
}

function ReportList({ title, list }: { title: string; list: ImportReport['skipped'] }) {
  const intl = useIntl();
  if (list.count === 0) return null;
  const shown = list.items.slice(0, SHOWN);
  const more = list.count - shown.length;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">
        {intl.formatMessage(
          { id: 'account.importReport.listTitle', defaultMessage: '{title}: {count, number}' },
          { title, count: list.count },
        )}
      </summary>
      <ul className="mt-2 grid gap-1">
        {shown.map((entry, i) => (
          <li key={`${entry.path}-${i}`} className="break-words">
            <span className="font-mono text-xs">{entry.path}</span> <span className="text-muted-foreground">— {entry.reason}</span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="mt-1 text-muted-foreground">
          {intl.formatMessage({ id: 'account.importReport.more', defaultMessage: 'and {count, number} more' }, { count: more })}
        </p>
      )}
    </details>
  );
}
