import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isSignedInPath } from '../pages';
import { PublicMainFrame, SiteFrame } from './site-frame';

// Only signed-in paths show the account menu; loading it on demand keeps the landing page light.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const HeaderSearch = lazy(() => import('./header-search').then((m) => ({ default: m.HeaderSearch })));

/** spec §2: the shared header and footer around every page of the app (site-frame.tsx draws them). */
export function SiteLayout() {
  const { pathname } = useLocation();
  const isAppPath = isSignedInPath(pathname);

  return (
    <SiteFrame
      isAppPath={isAppPath}
      appActions={
        <>
          <Suspense fallback={null}>
            <HeaderSearch />
          </Suspense>
          <Suspense fallback={null}>
            <AccountMenu />
          </Suspense>
        </>
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
