import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useIsBrowser } from '@web/hooks/use-is-browser';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { isSignedInPath } from '../pages';
import { PublicMainFrame, SiteFrame } from './site-frame';

// Only signed-in paths show the account menu; loading it on demand keeps the landing page light.
export const AccountMenu = preloadableLazy(() => import('./account-menu').then((m) => m.AccountMenu));
export const HeaderSearch = preloadableLazy(() => import('./header-search').then((m) => m.HeaderSearch));

/** spec §2: the shared header and footer around every page of the app (site-frame.tsx draws them). */
export function SiteLayout() {
  const { pathname } = useLocation();
  const isAppPath = isSignedInPath(pathname);
  // The search and the account menu work only once the app runs: a drawn page (decision 035) shows them then.
  const isBrowser = useIsBrowser();

  return (
    <SiteFrame
      isAppPath={isAppPath}
      appActions={
        isBrowser && (
          <>
            <Suspense fallback={null}>
              <HeaderSearch />
            </Suspense>
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          </>
        )
      }
    >
      <Outlet />
    </SiteFrame>
  );
}

/** The <main> of public pages (landing, FAQ, login, register, not found). */
export function PublicMain() {
  return (
    <PublicMainFrame>
      <Outlet />
    </PublicMainFrame>
  );
}
