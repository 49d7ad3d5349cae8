import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { PublicMain, SiteLayout } from './layouts/site-layout';
import { isSignedInPath, paths } from './paths';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

type Loader<K extends string, P extends object> = () => Promise<Record<K, ComponentType<P>>>;

/** React.lazy for a named export (we use no default exports). Every page but the landing loads on demand. */
function lazyNamed<K extends string, P extends object = object>(load: Loader<K, P>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

// One loader per page module; preloadPage() and React.lazy share them (a module is fetched once).
const load = {
  faq: () => import('./routes/faq'),
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  auth: () => import('./routes/auth'),
  requireAuth: () => import('@web/features/auth/components/require-auth'),
  signedInLayout: () => import('./layouts/signed-in-layout'),
  dashboard: () => import('./routes/dashboard'),
  profile: () => import('./routes/profile'),
  story: () => import('./routes/story'),
  timeline: () => import('./routes/timeline'),
  memories: () => import('./routes/memories'),
  photos: () => import('./routes/photos'),
  contacts: () => import('./routes/contacts'),
  vault: () => import('./routes/vault'),
  afterLife: () => import('./routes/after-life'),
  settings: () => import('./routes/settings'),
};

const pageLoaders: Record<string, () => Promise<unknown>> = {
  [paths.faq]: load.faq,
  [paths.login]: load.login,
  [paths.register]: load.register,
  [paths.auth]: load.auth,
  [paths.dashboard]: load.dashboard,
  [paths.profile]: load.profile,
  [paths.story]: load.story,
  [paths.timeline]: load.timeline,
  [paths.memories]: load.memories,
  [paths.photos]: load.photos,
  [paths.family]: load.contacts,
  [paths.friends]: load.contacts,
  [paths.vault]: load.vault,
  [paths.afterLife]: load.afterLife,
  [paths.settings]: load.settings,
};

/**
 * Starts fetching the code `pathname` will render, all at once: without it a signed-in deep link loads the
 * query scope, the guard, the layout and the page one after the other, each waiting for the last.
 * Only fetches modules; what renders is unchanged.
 */
export function preloadPage(pathname: string) {
  const page = pageLoaders[pathname.replace(/(.)\/+$/, '$1')];
  if (!page) return; // the landing page (already loaded) or not found
  void loadQueryScope();
  void page();
  if (isSignedInPath(pathname)) {
    void load.requireAuth();
    void load.signedInLayout();
  }
}

const loadQueryScope = () => import('./query-scope');
const QueryScope = lazy(() => {
  preloadPage(window.location.pathname); // the page inside the scope loads alongside it, not after it
  return loadQueryScope().then((module) => ({ default: module.QueryScope }));
});

const FaqRoute = lazyNamed(load.faq, 'FaqRoute');
const LoginRoute = lazyNamed(load.login, 'LoginRoute');
const RegisterRoute = lazyNamed(load.register, 'RegisterRoute');
const AuthRoute = lazyNamed(load.auth, 'AuthRoute');
const RequireAuth = lazyNamed(load.requireAuth, 'RequireAuth');
const SignedInLayout = lazyNamed(load.signedInLayout, 'SignedInLayout');
const DashboardRoute = lazyNamed(load.dashboard, 'DashboardRoute');
const ProfileRoute = lazyNamed(load.profile, 'ProfileRoute');
const StoryRoute = lazyNamed(load.story, 'StoryRoute');
const TimelineRoute = lazyNamed(load.timeline, 'TimelineRoute');
const MemoriesRoute = lazyNamed(load.memories, 'MemoriesRoute');
const PhotosRoute = lazyNamed(load.photos, 'PhotosRoute');
const FamilyRoute = lazyNamed(load.contacts, 'FamilyRoute');
const FriendsRoute = lazyNamed(load.contacts, 'FriendsRoute');
const VaultRoute = lazyNamed(load.vault, 'VaultRoute');
const AfterLifeRoute = lazyNamed(load.afterLife, 'AfterLifeRoute');
const SettingsRoute = lazyNamed(load.settings, 'SettingsRoute');

/** The route table = spec §2, one line per route. The landing and not-found pages need no TanStack Query. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route element={<PublicMain />}>
          <Route path={paths.home} element={<LandingRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
          <Route element={<QueryScope />}>
            <Route path={paths.faq} element={<FaqRoute />} />
            <Route path={paths.login} element={<LoginRoute />} />
            <Route path={paths.register} element={<RegisterRoute />} />
            <Route path={paths.auth} element={<AuthRoute />} />
          </Route>
        </Route>
        <Route element={<QueryScope />}>
          <Route element={<RequireAuth><SignedInLayout /></RequireAuth>}>
            <Route path={paths.dashboard} element={<DashboardRoute />} />
            <Route path={paths.profile} element={<ProfileRoute />} />
            <Route path={paths.story} element={<StoryRoute />} />
            <Route path={paths.timeline} element={<TimelineRoute />} />
            <Route path={paths.memories} element={<MemoriesRoute />} />
            <Route path={paths.photos} element={<PhotosRoute />} />
            <Route path={paths.family} element={<FamilyRoute />} />
            <Route path={paths.friends} element={<FriendsRoute />} />
            <Route path={paths.vault} element={<VaultRoute />} />
            <Route path={paths.afterLife} element={<AfterLifeRoute />} />
            <Route path={paths.settings} element={<SettingsRoute />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
