import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { PublicMain, SiteLayout } from './layouts/site-layout';
import { isSignedInPath, pageAt, pages, type Page, type PageAccess } from './pages';
import { paths } from './paths';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

const loadRequireAuth = () => import('@web/features/auth/components/require-auth');
const loadRedirectSignedIn = () => import('@web/features/auth/components/redirect-signed-in');
const loadSignedInLayout = () => import('./layouts/signed-in-layout');
const loadQueryScope = () => import('./query-scope');

/**
 * Starts fetching the code `pathname` will render, all at once: without it a signed-in deep link loads the
 * query scope, the guard, the layout and the page one after the other, each waiting for the last.
 * Only fetches modules; what renders is unchanged.
 */
export function preloadPage(pathname: string) {
  const page = pageAt(pathname);
  if (!page) return; // the landing page (already loaded) or not found
  void loadQueryScope();
  void page.load();
  if (page.access === 'guest-only') void loadRedirectSignedIn();
  if (isSignedInPath(pathname)) {
    void loadRequireAuth();
    void loadSignedInLayout();
  }
}

const QueryScope = lazy(() => {
  preloadPage(window.location.pathname); // the page inside the scope loads alongside it, not after it
  return loadQueryScope().then((module) => ({ default: module.QueryScope }));
});
const RequireAuth = lazy(() => loadRequireAuth().then((module) => ({ default: module.RequireAuth })));
const RedirectSignedIn = lazy(() => loadRedirectSignedIn().then((module) => ({ default: module.RedirectSignedIn })));
const SignedInLayout = lazy(() => loadSignedInLayout().then((module) => ({ default: module.SignedInLayout })));

function routesFor(access: PageAccess) {
  return pages
    .filter((page) => page.access === access)
    .map(({ path, Component }: Page) => <Route key={path} path={path} element={<Component />} />);
}

/** Built from the page table (app/pages.ts). The landing and not-found pages need no TanStack Query. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route element={<PublicMain />}>
          <Route path={paths.home} element={<LandingRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
          <Route element={<QueryScope />}>
            {routesFor('public')}
            <Route element={<RedirectSignedIn />}>{routesFor('guest-only')}</Route>
          </Route>
        </Route>
        <Route element={<QueryScope />}>
          <Route
            element={
              <RequireAuth>
                <SignedInLayout />
              </RequireAuth>
            }
          >
            {routesFor('signed-in')}
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
