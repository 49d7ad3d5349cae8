import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { useUser } from '../api';

/** Guest-only pages (login, register): someone already signed in goes on to the dashboard. */
export function RedirectSignedIn() {
  const user = useUser();

  if (user.isPending) return <FullPageSpinner />;
  if (user.data) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
