import { PageHeader } from '@web/components/page-header';

// Placeholder: the timeline feature fills this screen in (features/timeline/).
export function StoryRoute() {
  return (
    <div>
      <title>My Story · heirloom</title>
      <PageHeader title="My Story" />
    </div>
  );
}
