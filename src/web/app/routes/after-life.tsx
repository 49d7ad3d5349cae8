import { PageHeader } from '@web/components/page-header';

export function AfterLifeRoute() {
  return (
    <div>
      <title>After Life · heirloom</title>
      <PageHeader title="After Life" />
      <p className="mt-6 text-muted-foreground">After Life page coming soon...</p>
    </div>
  );
}
