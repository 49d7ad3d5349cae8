import { CalendarClock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ContentType, SortDirection, TimelineSummary } from '@shared/schemas/timeline';
import { EmptyState } from '@web/components/empty-state';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localTimeZone } from '@web/lib/local-day';
import { useTimelineSummary } from '../api';
import { TimelineControls } from './timeline-controls';
import { TimelineError } from './timeline-error';
import { TimelineEntrySkeletons } from './timeline-skeleton';
import { TimelineYearItems } from './timeline-year-items';

const EMPTY_OF = defineMessages({
  photo: { id: 'timeline.view.noPhotos', defaultMessage: 'No photo content available. Try selecting a different filter.' },
  memory: { id: 'timeline.view.noMemories', defaultMessage: 'No memory content available. Try selecting a different filter.' },
  document: { id: 'timeline.view.noDocuments', defaultMessage: 'No document content available. Try selecting a different filter.' },
});

/** The years that hold content of the chosen type, in the chosen order, with their counts. */
function yearsFor(summary: TimelineSummary, sortDirection: SortDirection, contentType?: ContentType) {
  const years = summary.years.map((y) => ({ year: y.year, count: contentType ? y[contentType] : y.total })).filter((y) => y.count > 0);
  return years.sort((a, b) => (sortDirection === 'asc' ? a.year - b.year : b.year - a.year));
}

/**
 * spec §2 Timeline: filter, sort switch and year accordions. The year list and the counts come from the
 * summary; a year's entries load only when it is opened (a closed accordion renders nothing).
 */
export function TimelineView({ person, personFilter }: { person?: number; personFilter?: ReactNode } = {}) {
  const intl = useIntl();
  const [tz] = useState(localTimeZone);
  const [sortDirection, setSortDirection] = useState<SortDirection>('desc'); // spec §4 default
  const [contentType, setContentType] = useState<ContentType | undefined>(undefined); // spec §4: all
  // issue 29: with a person, only the photos they are in
  const summary = useTimelineSummary(tz, person);

  if (summary.isPending) {
    return (
      <div className="mt-6">
        <span className="sr-only" role="status">
          {intl.formatMessage({ id: 'timeline.view.loading', defaultMessage: 'Loading timeline' })}
        </span>
        <TimelineEntrySkeletons />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <div className="mt-6">
        <TimelineError message={summary.error.message} />
      </div>
    );
  }

  const years = yearsFor(summary.data, sortDirection, contentType);
  return (
    <div className="mt-6">
      {personFilter && <div className="mb-4 flex flex-wrap items-center gap-2">{personFilter}</div>}
      <TimelineControls
        totals={summary.data.totals}
        contentType={contentType}
        onContentTypeChange={setContentType}
        sortDirection={sortDirection}
        onSortDirectionChange={setSortDirection}
      />
      {years.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={CalendarClock}
          headingLevel={2}
          title={intl.formatMessage({ id: 'timeline.view.emptyTitle', defaultMessage: 'No content found' })}
          description={
            person !== undefined
              ? intl.formatMessage({ id: 'timeline.view.noneOfPerson', defaultMessage: 'No photos of this person.' })
              : contentType
                ? intl.formatMessage(EMPTY_OF[contentType])
                : intl.formatMessage({
                    id: 'timeline.view.empty',
                    defaultMessage: 'Add photos, memories, and documents to build your story timeline.',
                  })
          }
        />
      ) : (
        // Keyed by the view: a new filter or order starts again with its own first year open (spec §2).
        <Accordion
          key={`${sortDirection}-${contentType ?? 'all'}-${person ?? 'everyone'}`}
          type="multiple"
          defaultValue={[String(years[0]!.year)]}
          className="mt-6"
        >
          {years.map(({ year, count }) => (
            <AccordionItem key={year} value={String(year)}>
              <AccordionTrigger headingLevel={2} className="text-xl">
                <span>
                  <span className="font-semibold text-foreground">{year}</span>{' '}
                  <span className="text-base font-normal text-muted-foreground">
                    {intl.formatMessage(
                      // spec §2: '(n item[s])'
                      { id: 'timeline.view.items', defaultMessage: '({count, plural, one {# item} other {# items}})' },
                      { count },
                    )}
                  </span>
                </span>
              </AccordionTrigger>
              <AccordionContent className="text-base text-foreground">
                <TimelineYearItems year={year} sortDirection={sortDirection} contentType={contentType} tz={tz} person={person} />
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      )}
    </div>
  );
}
