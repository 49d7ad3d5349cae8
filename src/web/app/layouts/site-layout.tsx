import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button } from '@web/components/ui/button';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { cn } from '@web/lib/cn';
import { isSignedInPath } from '../pages';
import { paths } from '../paths';

// Only signed-in paths show the account menu; loading it on demand keeps the landing page light.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const HeaderSearch = lazy(() => import('./header-search').then((m) => ({ default: m.HeaderSearch })));

const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR);
const noSubscription = () => () => {};
const yearNow = () => new Date().getFullYear();

/**
 * spec §2: the footer's current year. The landing page's HTML is rendered at build time, so hydration starts
 * from the build's year (as the prerendered HTML has it) and React then renders today's year if it differs.
 */
function useCurrentYear() {
  return useSyncExternalStore(noSubscription, yearNow, () => BUILD_YEAR);
}

/** spec §2: the shared header and footer around every page. Each child layout renders its own <main>. */
export function SiteLayout() {
  const { pathname } = useLocation();
  const isAppPath = isSignedInPath(pathname);
  const year = useCurrentYear();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to={isAppPath ? paths.dashboard : paths.home}
            className="rounded-md px-1 font-serif text-2xl font-semibold tracking-tight text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            heirloom
          </Link>
          {isAppPath ? (
            <div className="flex items-center gap-2">
              <Suspense fallback={null}>
                <HeaderSearch />
              </Suspense>
              <Suspense fallback={null}>
                <AccountMenu />
              </Suspense>
            </div>
          ) : (
            <Button asChild variant="outline">
              <Link to={paths.login}>Login</Link>
            </Button>
          )}
        </div>
      </header>
      <div className="flex flex-1 flex-col pt-16">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
      <footer className={cn('border-t bg-card', isAppPath && 'pb-16 md:pb-0')}>
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>© {year} heirloom. All rights reserved.</p>
          <Link to={paths.faq} className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline">
            FAQ
          </Link>
        </div>
      </footer>
    </div>
  );
}

/** The <main> of public pages (landing, FAQ, login, register, not found). */
export function PublicMain() {
  return (
    <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
      <Outlet />
    </main>
  );
}
