import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary, MainErrorFallback } from '@web/components/error-boundary';
import { useToast } from '@web/components/ui/use-toast';
import { AppRoutes } from './router';

const Toaster = lazy(() => import('@web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** TanStack Query is provided by the routes that use it (app/query-scope.tsx), not here: the landing page needs none. */
export function App() {
  return (
    <>
      <BrowserRouter>
        <ErrorBoundary fallback={<MainErrorFallback />}>
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
      <DeferredToaster />
    </>
  );
}

/** Radix Toast is loaded with the first toast rather than with the landing page; then it stays mounted. */
function DeferredToaster() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && toasts.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
