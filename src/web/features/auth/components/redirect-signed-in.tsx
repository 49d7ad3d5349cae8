import { Navigate, Outlet, useSearchParams } from 'react-router';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { pageAfterSignIn } from '../after-sign-in';
import { useUser } from '../api';

/**
 * Guest-only pages (login, register): someone already signed in goes on where signing in leads. Signing in lands
 * here too, as the signed-in user is known before the form's own navigation runs.
 */
export function RedirectSignedIn() {
  const user = useUser();
  const [params] = useSearchParams();

  if (user.isPending) return <FullPageSpinner />;
  if (user.data) return <Navigate to={pageAfterSignIn(params)} replace />;
  return <Outlet />;
}
