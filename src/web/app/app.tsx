import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary, MainErrorFallback } from '@web/components/error-boundary';
import { useToast } from '@web/components/ui/use-toast';
import { AppRoutes } from './router';

const Toaster = lazy(() => import('@web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * TanStack Query is provided by the routes that use it (app/query-scope.tsx), not here: the landing page needs none.
 * `Router` is BrowserRouter in the browser and a StaticRouter when the landing page is prerendered at build time
 * (entry-prerender.tsx): both must render the same tree for hydration to match.
 */
export function App({ Router = BrowserRouter }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <>
      <Router>
        <ErrorBoundary fallback={<MainErrorFallback />}>
          <AppRoutes />
        </ErrorBoundary>
      </Router>
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
