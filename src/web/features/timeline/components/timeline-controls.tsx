import type { ContentType, SortDirection, TimelineCounts } from '@shared/schemas/timeline';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { useIntl } from '@web/lib/i18n/use-intl';

type Props = {
  totals: TimelineCounts;
  contentType?: ContentType;
  onContentTypeChange: (contentType: ContentType | undefined) => void;
  sortDirection: SortDirection;
  onSortDirectionChange: (sortDirection: SortDirection) => void;
};

/** spec §2: 'All Content', 'Photos (n)', 'Memories (n)', 'Documents (n)' and the sort switch. */
export function TimelineControls({ totals, contentType, onContentTypeChange, sortDirection, onSortDirectionChange }: Props) {
  const intl = useIntl();
  const filters: { value: ContentType | undefined; label: string }[] = [
    { value: undefined, label: intl.formatMessage({ id: 'timeline.filter.all', defaultMessage: 'All Content' }) },
    {
      value: 'photo',
      label: intl.formatMessage({ id: 'timeline.filter.photos', defaultMessage: 'Photos ({count})' }, { count: String(totals.photo) }),
    },
    {
      value: 'memory',
      label: intl.formatMessage({ id: 'timeline.filter.memories', defaultMessage: 'Memories ({count})' }, { count: String(totals.memory) }),
    },
    {
      value: 'document',
      label: intl.formatMessage(
        { id: 'timeline.filter.documents', defaultMessage: 'Documents ({count})' },
        { count: String(totals.document) },
      ),
    },
  ];
  const isNewestFirst = sortDirection === 'desc';

  return (
    <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div
        role="group"
        aria-label={intl.formatMessage({ id: 'timeline.filter.label', defaultMessage: 'Content filter' })}
        className="flex flex-wrap gap-2"
      >
        {filters.map((filter) => {
          const isActive = filter.value === contentType;
          return (
            <Button
              key={filter.value ?? 'all'}
              size="sm"
              variant={isActive ? 'default' : 'outline'}
              aria-pressed={isActive}
              onClick={() => onContentTypeChange(filter.value)}
            >
              {filter.label}
            </Button>
          );
        })}
      </div>
      <div className="flex items-center gap-3">
        <Switch id="timeline-sort" checked={isNewestFirst} onCheckedChange={(checked) => onSortDirectionChange(checked ? 'desc' : 'asc')} />
        <Label htmlFor="timeline-sort">
          {isNewestFirst
            ? intl.formatMessage({ id: 'timeline.sort.newestFirst', defaultMessage: 'Newest to Oldest' })
            : intl.formatMessage({ id: 'timeline.sort.oldestFirst', defaultMessage: 'Oldest to Newest' })}
        </Label>
      </div>
    </div>
  );
}
