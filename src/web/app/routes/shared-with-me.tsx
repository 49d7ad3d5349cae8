import { useParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { SharedWithMeCollection } from '@web/features/shared-view/components/shared-with-me-collection';
import { SharedWithMeList } from '@web/features/shared-view/components/shared-with-me-list';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Shared with me: collections other heirloom users shared with this account. */
export function SharedWithMeRoute() {
  const intl = useIntl();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.sharedWithMe.pageTitle', defaultMessage: 'Shared with me · heirloom' })}</title>
      <PageHeader
        title={intl.formatMessage({ id: 'app.sharedWithMe.title', defaultMessage: 'Shared with me' })}
        description={intl.formatMessage({
          id: 'app.sharedWithMe.description',
          defaultMessage: 'Collections that family and friends have shared with you.',
        })}
      />
      <div className="mt-8">
        <SharedWithMeList />
      </div>
    </div>
  );
}

/** One collection shared with this account, shown as its link shows it. */
export function SharedWithMeCollectionRoute() {
  const intl = useIntl();
  const { grantId = '' } = useParams();
  return (
    <>
      <title>{intl.formatMessage({ id: 'app.sharedWithMe.pageTitle', defaultMessage: 'Shared with me · heirloom' })}</title>
      <SharedWithMeCollection key={grantId} grantId={/^\d+$/.test(grantId) ? Number(grantId) : 0} />
    </>
  );
}
