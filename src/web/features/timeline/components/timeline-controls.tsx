import type { ContentType, SortDirection, TimelineCounts } from '@shared/schemas/timeline';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';

type Props = {
  totals: TimelineCounts;
  contentType?: ContentType;
  onContentTypeChange: (contentType: ContentType | undefined) => void;
  sortDirection: SortDirection;
  onSortDirectionChange: (sortDirection: SortDirection) => void;
};

/** spec §2: 'All Content', 'Photos (n)', 'Memories (n)', 'Documents (n)' and the sort switch. */
export function TimelineControls({ totals, contentType, onContentTypeChange, sortDirection, onSortDirectionChange }: Props) {
  const filters: { value: ContentType | undefined; label: string }[] = [
    { value: undefined, label: 'All Content' },
    { value: 'photo', label: `Photos (${totals.photo})` },
    { value: 'memory', label: `Memories (${totals.memory})` },
    { value: 'document', label: `Documents (${totals.document})` },
  ];
  const isNewestFirst = sortDirection === 'desc';

  return (
    <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div role="group" aria-label="Content filter" className="flex flex-wrap gap-2">
        {filters.map((filter) => {
          const isActive = filter.value === contentType;
          return (
            <Button
              key={filter.label}
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
        <Label htmlFor="timeline-sort">{isNewestFirst ? 'Newest to Oldest' : 'Oldest to Newest'}</Label>
      </div>
    </div>
  );
}
