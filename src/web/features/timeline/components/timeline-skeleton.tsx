import { Skeleton } from '@web/components/ui/skeleton';

/** spec §2: skeleton placeholders while the timeline loads. */
export function TimelineEntrySkeletons({ count = 3 }: { count?: number }) {
  return (
    <div aria-hidden="true" data-testid="timeline-skeleton" className="space-y-4">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="rounded-xl border bg-card p-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-3 h-6 w-2/3" />
          <Skeleton className="mt-3 h-24 w-full" />
        </div>
      ))}
    </div>
  );
}
