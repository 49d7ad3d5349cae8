import { PageHeader } from '@web/components/page-header';

// Placeholder: Settings composes the photos feature's maintenance panel (features/photos/).
export function SettingsRoute() {
  return (
    <div>
      <title>Settings · heirloom</title>
      <PageHeader title="Settings" />
    </div>
  );
}
