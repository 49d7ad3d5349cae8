import { useParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { SharedWithMeCollection } from '@web/features/shared-view/components/shared-with-me-collection';
import { SharedWithMeList } from '@web/features/shared-view/components/shared-with-me-list';

/** Shared with me: collections other heirloom users shared with this account. */
export function SharedWithMeRoute() {
  return (
    <div>
      <title>Shared with me · heirloom</title>
      <PageHeader title="Shared with me" description="Collections that family and friends have shared with you." />
      <div className="mt-8">
        <SharedWithMeList />
      </div>
    </div>
  );
}

/** One collection shared with this account, shown as its link shows it. */
export function SharedWithMeCollectionRoute() {
  const { grantId = '' } = useParams();
  return (
    <>
      <title>Shared with me · heirloom</title>
      <SharedWithMeCollection key={grantId} grantId={/^\d+$/.test(grantId) ? Number(grantId) : 0} />
    </>
  );
}
