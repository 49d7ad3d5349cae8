import { PageHeader } from '@web/components/page-header';

// Placeholder: the photos feature fills this screen in (features/photos/).
export function PhotosRoute() {
  return (
    <div>
      <title>My Photos · heirloom</title>
      <PageHeader title="My Photos" />
    </div>
  );
}
