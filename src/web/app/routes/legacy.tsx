import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { CancelScreen } from '@web/features/heir/components/cancel-screen';
import { CheckInScreen } from '@web/features/heir/components/check-in-screen';
import { LegacyScreen } from '@web/features/heir/components/legacy-screen';
import { ReachableScreen } from '@web/features/heir/components/reachable-screen';
import type { RenderCollection } from '@web/features/heir/components/release-timeline';
import { VerifierScreen } from '@web/features/heir/components/verifier-screen';
import { fromEntryState, useAddressBarParam } from '@web/features/heir/use-address-bar-param';
import { SharedCollectionView } from '@web/features/shared-view/components/shared-collection-view';
import { paths } from '../paths';
import { useIntl } from '@web/lib/i18n/use-intl';

// A release's contents look exactly like a shared collection: the shared view draws them.
const renderCollection: RenderCollection = (collection) => <SharedCollectionView collection={collection} />;

/** These pages are reached with a secret (a key code or a personal token): not for search engines. */
function NoIndex({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">{children}</div>;
}

/** /legacy (and /legacy?code=… from a Legacy Kit's QR code): an heir opens what was released with a key code. */
export function LegacyRoute() {
  const intl = useIntl();
  const code = useAddressBarParam('code');
  return (
    <>
      <NoIndex title={intl.formatMessage({ id: 'app.legacy.pageTitle', defaultMessage: 'Something left for you · heirloom' })} />
      <LegacyScreen initialCode={code} renderCollection={renderCollection} />
    </>
  );
}

/** /legacy/check-in?token=…, the check-in mail's link. */
export function LegacyCheckInRoute() {
  const intl = useIntl();
  const token = useAddressBarParam('token', { keepForReload: true });
  return (
    <Centered>
      <NoIndex title={intl.formatMessage({ id: 'app.legacyCheckIn.pageTitle', defaultMessage: 'Are you still there? · heirloom' })} />
      <CheckInScreen token={token} />
    </Centered>
  );
}

/** /legacy/cancel?token=…, the veto mail's link. */
export function LegacyCancelRoute() {
  const intl = useIntl();
  const token = useAddressBarParam('token', { keepForReload: true });
  return (
    <Centered>
      <NoIndex title={intl.formatMessage({ id: 'app.legacyCancel.pageTitle', defaultMessage: 'Cancel the release · heirloom' })} />
      <CancelScreen token={token} />
    </Centered>
  );
}

/** /legacy/reachable?token=…, the yearly "does this address still reach you?" mail's link. */
export function LegacyReachableRoute() {
  const intl = useIntl();
  const token = useAddressBarParam('token', { keepForReload: true });
  return (
    <Centered>
      <NoIndex
        title={intl.formatMessage({ id: 'app.legacyReachable.pageTitle', defaultMessage: 'Does this address reach you? · heirloom' })}
      />
      <ReachableScreen token={token} />
    </Centered>
  );
}

/**
 * /legacy/verify/<token>, a verifier's personal link: the token moves from the path into this tab's history
 * entry (/legacy/verify), so it is not left in the browser's history yet a reload still works.
 */
export function LegacyVerifyRoute() {
  const intl = useIntl();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.token ?? fromEntryState(location.state, 'token') ?? '');

  // The address bar is outside React: replacing the entry is syncing with it.
  useEffect(() => {
    if (params.token) void navigate(paths.legacyVerify, { replace: true, state: { token: params.token } });
  }, [params.token, navigate]);

  return (
    <Centered>
      <NoIndex title={intl.formatMessage({ id: 'app.legacyVerify.pageTitle', defaultMessage: "A verifier's page · heirloom" })} />
      <VerifierScreen token={token} />
    </Centered>
  );
}
