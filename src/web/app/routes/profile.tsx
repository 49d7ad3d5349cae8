import { PageHeader } from '@web/components/page-header';

// Placeholder: the profile feature fills this screen in (features/profile/).
export function ProfileRoute() {
  return (
    <div>
      <title>Profile · heirloom</title>
      <PageHeader title="Profile" />
    </div>
  );
}
