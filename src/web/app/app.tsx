import { BrowserRouter, Link } from 'react-router';
import { ErrorBoundary, MainErrorFallback } from '@web/components/error-boundary';
import { SiteLinkProvider } from '@web/components/site-link';
import { DeferredToaster } from './deferred-toaster';
import { AppRoutes } from './router';

/**
 * TanStack Query is provided by the routes that use it (app/query-scope.tsx), not here: the landing page needs none.
 * The landing page served at `/` is its own bundle without the router (landing-page.tsx, decision 035); this app
 * renders it too, in `npm run dev` and after navigating back to `/`. The declarative router is enough: no page
 * holds the app back from navigating (uploads go on across pages, decision 088), and it weighs half the data router.
 */
export function App() {
  return (
    <>
      <BrowserRouter>
        <SiteLinkProvider value={Link}>
          <ErrorBoundary fallback={<MainErrorFallback />}>
            <AppRoutes />
          </ErrorBoundary>
        </SiteLinkProvider>
      </BrowserRouter>
      <DeferredToaster />
    </>
  );
}
