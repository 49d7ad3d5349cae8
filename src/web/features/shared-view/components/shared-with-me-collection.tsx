import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { useIntl } from '@web/lib/i18n/use-intl';
import { linkProblem, useSharedWithMeCollection } from '../api';
import { SharedCollectionView } from './shared-collection-view';

function BackLink() {
  const intl = useIntl();
  return (
    <Link
      to="/shared-with-me"
      className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {intl.formatMessage({ id: 'sharedView.withMe.back', defaultMessage: 'Shared with me' })}
    </Link>
  );
}

// An unknown id, a revoked share and an expired one look alike to the recipient: it is not there any more.
function NotShared() {
  const intl = useIntl();
  return (
    <div className="grid gap-2">
      <h1 className="text-2xl font-semibold">
        {intl.formatMessage({ id: 'sharedView.withMe.notShared', defaultMessage: 'This collection is not shared with you any more.' })}
      </h1>
      <p className="text-muted-foreground">
        {intl.formatMessage({
          id: 'sharedView.withMe.notSharedText',
          defaultMessage: 'Ask the person who shared it if you would like to see it again.',
        })}
      </p>
    </div>
  );
}

/** One collection under Shared with me: the same view as its link shows. */
export function SharedWithMeCollection({ grantId }: { grantId: number }) {
  const intl = useIntl();
  const isValidId = Number.isSafeInteger(grantId) && grantId > 0;
  const shared = useSharedWithMeCollection(grantId, isValidId);

  let body;
  if (!isValidId) body = <NotShared />;
  else if (shared.isPending) body = <FullPageSpinner />;
  else if (shared.isError) {
    const problem = linkProblem(shared.error);
    body =
      problem === 'expired' || problem === 'not-found' ? (
        <NotShared />
      ) : (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-muted-foreground">
            {intl.formatMessage({ id: 'sharedView.link.loadFailed', defaultMessage: 'This collection could not be loaded.' })}
          </p>
          <Button variant="outline" onClick={() => void shared.refetch()}>
            {intl.formatMessage({ id: 'sharedView.link.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        </div>
      );
  } else body = <SharedCollectionView collection={shared.data} />;

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink />
      {body}
    </div>
  );
}
