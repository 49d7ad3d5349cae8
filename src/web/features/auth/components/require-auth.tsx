import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { useUser } from '../api';

/** spec §2/§6: signed-in pages show a spinner while the user loads and send visitors to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useUser();

  if (user.isPending) return <FullPageSpinner />;
  if (!user.data) return <Navigate to="/login" replace />;
  return children;
}
