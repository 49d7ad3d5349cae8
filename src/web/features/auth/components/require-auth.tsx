import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { useUser } from '../api';

/** spec §2/§6: signed-in pages show a spinner while the user loads and send visitors to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useUser();

  if (user.isPending) return <FullPageSpinner />;
  if (!user.data) return <Navigate to="/login" replace />;
  return children;
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading" className="size-8" />
    </div>
  );
}
