import { Navigate } from 'react-router';
import { useUser } from '@web/features/auth/api';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { paths } from '../paths';

/** /auth is listed as public with no content (spec §2): it sends signed-in users on to the dashboard, others to login. */
export function AuthRoute() {
  const user = useUser();
  if (user.isPending) return <FullPageSpinner />;
  return <Navigate to={user.data ? paths.dashboard : paths.login} replace />;
}
