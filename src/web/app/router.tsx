import { Route, Routes } from 'react-router';
import { needCatalogue } from '@web/lib/i18n/language-store';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { AccountMenu, HeaderSearch, PublicMain, SiteLayout } from './layouts/site-layout';
import { isSignedInPath, pageAt, pages, type Page, type PageAccess } from './pages';
import { paths } from './paths';
import { NotFoundRoute } from './routes/not-found';

// The landing page is served on its own (landing.html); inside the app it is fetched only when shown, so the
// app's pages do not carry its sections.
const LandingRoute = preloadableLazy(() =>
  Promise.all([import('./routes/landing'), needCatalogue('app/routes/landing')]).then(([module]) => module.LandingRoute),
);
const QueryScope = preloadableLazy(() => import('./query-scope').then((module) => module.QueryScope));
const RequireAuth = preloadableLazy(() => import('@web/features/auth/components/require-auth').then((module) => module.RequireAuth));
const RedirectSignedIn = preloadableLazy(() =>
  import('@web/features/auth/components/redirect-signed-in').then((module) => module.RedirectSignedIn),
);
const SignedInLayout = preloadableLazy(() => import('./layouts/signed-in-layout').then((module) => module.SignedInLayout));

/**
 * Starts fetching the code `pathname` will render, all at once: without it a signed-in deep link loads the
 * query scope, the guard, the layout and the page one after the other, each waiting for the last.
 * Only fetches modules; what renders is unchanged, except that what has arrived renders without suspending.
 * Settles once they have all arrived (never rejects: a chunk that failed to load fails again where it is
 * rendered, inside the error boundaries).
 */
export function preloadPage(pathname: string): Promise<void> {
  const page = pageAt(pathname);
  if (!page) return pathname === paths.home ? LandingRoute.preload() : Promise.resolve(); // the landing page or not found
  const loads = [QueryScope.preload(), page.Component.preload()];
  if (page.access === 'guest-only') loads.push(RedirectSignedIn.preload());
  if (isSignedInPath(pathname)) loads.push(RequireAuth.preload(), SignedInLayout.preload(), AccountMenu.preload(), HeaderSearch.preload());
  return Promise.allSettled(loads).then(() => undefined);
}

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
