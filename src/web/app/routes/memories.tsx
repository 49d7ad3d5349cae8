import { PageHeader } from '@web/components/page-header';

// Placeholder: the memories feature fills this screen in (features/memories/).
export function MemoriesRoute() {
  return (
    <div>
      <title>My Memories · heirloom</title>
      <PageHeader title="My Memories" />
    </div>
  );
}
