import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { CaregiverScreen, type RenderCareCollection } from '@web/features/care/components/caregiver-screen';
import { RefuseCareScreen } from '@web/features/care/components/refuse-screen';
import { fromEntryState, useAddressBarParam } from '@web/features/heir/use-address-bar-param';
import { SharedCollectionView } from '@web/features/shared-view/components/shared-collection-view';
import { paths } from '../paths';
import { useIntl } from '@web/lib/i18n/use-intl';

// A chosen collection looks exactly like a shared one: the shared view draws it.
const renderCollection: RenderCareCollection = (collection) => <SharedCollectionView collection={collection} />;

/** Reached with a personal token: not for search engines. */
function NoIndex({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}

/**
 * /care/<token>, a caregiver's personal link (decision 077): the token moves from the path into this tab's
 * history entry (/care), so it is not left in the browser's history yet a reload still works.
 */
export function CareRoute() {
  const intl = useIntl();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.token ?? fromEntryState(location.state, 'token') ?? '');

  // The address bar is outside React: replacing the entry is syncing with it.
  useEffect(() => {
    if (params.token) void navigate(paths.care, { replace: true, state: { token: params.token } });
  }, [params.token, navigate]);

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12">
      <NoIndex title={intl.formatMessage({ id: 'app.care.pageTitle', defaultMessage: 'Care access · heirloom' })} />
      <CaregiverScreen token={token} renderCollection={renderCollection} />
    </div>
  );
}

/** /care/refuse?token=…, the one click of the mail that tells the owner a caregiver asked. */
export function CareRefuseRoute() {
  const intl = useIntl();
  const token = useAddressBarParam('token', { keepForReload: true });
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
      <NoIndex title={intl.formatMessage({ id: 'app.careRefuse.pageTitle', defaultMessage: 'Refuse care access · heirloom' })} />
      <RefuseCareScreen token={token} />
    </div>
  );
}
