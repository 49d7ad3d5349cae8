import { createBrowserRouter, Link } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary, MainErrorFallback } from '@web/components/error-boundary';
import { SiteLinkProvider } from '@web/components/site-link';
import { DeferredToaster } from './deferred-toaster';
import { AppRoutes } from './router';

// A data router around the route table (one splat route): pages can then ask before the app navigates away
// (useBlocker), e.g. /photos while a video uploads.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <SiteLinkProvider value={Link}>
        <ErrorBoundary fallback={<MainErrorFallback />}>
          <AppRoutes />
        </ErrorBoundary>
      </SiteLinkProvider>
    ),
  },
]);

/**
 * TanStack Query is provided by the routes that use it (app/query-scope.tsx), not here: the landing page needs none.
 * The landing page served at `/` is its own bundle without the router (landing-page.tsx, decision 035); this app
 * renders it too, in `npm run dev` and after navigating back to `/`.
 */
export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <DeferredToaster />
    </>
  );
}
