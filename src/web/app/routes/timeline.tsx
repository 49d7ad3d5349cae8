import { PageHeader } from '@web/components/page-header';

// Placeholder: the timeline feature fills this screen in (features/timeline/).
export function TimelineRoute() {
  return (
    <div>
      <title>Timeline · heirloom</title>
      <PageHeader title="Timeline" />
    </div>
  );
}
