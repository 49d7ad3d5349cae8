import { CalendarClock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ContentType, SortDirection, TimelineSummary } from '@shared/schemas/timeline';
import { EmptyState } from '@web/components/empty-state';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { localTimeZone } from '@web/lib/local-day';
import { useTimelineSummary } from '../api';
import { TimelineControls } from './timeline-controls';
import { TimelineError } from './timeline-error';
import { TimelineEntrySkeletons } from './timeline-skeleton';
import { TimelineYearItems } from './timeline-year-items';

const itemsLabel = (n: number) => `(${n} ${n === 1 ? 'item' : 'items'})`; // spec §2: '(n item[s])'

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
  const [tz] = useState(localTimeZone);
  const [sortDirection, setSortDirection] = useState<SortDirection>('desc'); // spec §4 default
  const [contentType, setContentType] = useState<ContentType | undefined>(undefined); // spec §4: all
  // issue 29: with a person, only the photos they are in
  const summary = useTimelineSummary(tz, person);

  if (summary.isPending) {
    return (
      <div className="mt-6">
        <span className="sr-only" role="status">
          Loading timeline
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
          title="No content found"
          description={
            person !== undefined
              ? 'No photos of this person.'
              : contentType
                ? `No ${contentType} content available. Try selecting a different filter.`
                : 'Add photos, memories, and documents to build your story timeline.'
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
                  <span className="text-base font-normal text-muted-foreground">{itemsLabel(count)}</span>
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
