import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { PublicMain, SiteLayout } from './layouts/site-layout';
import { paths } from './paths';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

/** React.lazy for a named export (we use no default exports). Every page but the landing loads on demand. */
function lazyNamed<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const FaqRoute = lazyNamed(() => import('./routes/faq'), 'FaqRoute');
const LoginRoute = lazyNamed(() => import('./routes/login'), 'LoginRoute');
const RegisterRoute = lazyNamed(() => import('./routes/register'), 'RegisterRoute');
const AuthRoute = lazyNamed(() => import('./routes/auth'), 'AuthRoute');
const RequireAuth = lazyNamed(() => import('@web/features/auth/components/require-auth'), 'RequireAuth');
const SignedInLayout = lazyNamed(() => import('./layouts/signed-in-layout'), 'SignedInLayout');
const DashboardRoute = lazyNamed(() => import('./routes/dashboard'), 'DashboardRoute');
const ProfileRoute = lazyNamed(() => import('./routes/profile'), 'ProfileRoute');
const StoryRoute = lazyNamed(() => import('./routes/story'), 'StoryRoute');
const TimelineRoute = lazyNamed(() => import('./routes/timeline'), 'TimelineRoute');
const MemoriesRoute = lazyNamed(() => import('./routes/memories'), 'MemoriesRoute');
const PhotosRoute = lazyNamed(() => import('./routes/photos'), 'PhotosRoute');
const FamilyRoute = lazyNamed(() => import('./routes/contacts'), 'FamilyRoute');
const FriendsRoute = lazyNamed(() => import('./routes/contacts'), 'FriendsRoute');
const VaultRoute = lazyNamed(() => import('./routes/vault'), 'VaultRoute');
const AfterLifeRoute = lazyNamed(() => import('./routes/after-life'), 'AfterLifeRoute');
const SettingsRoute = lazyNamed(() => import('./routes/settings'), 'SettingsRoute');

/** The route table = spec §2, one line per route. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route element={<PublicMain />}>
          <Route path={paths.home} element={<LandingRoute />} />
          <Route path={paths.faq} element={<FaqRoute />} />
          <Route path={paths.login} element={<LoginRoute />} />
          <Route path={paths.register} element={<RegisterRoute />} />
          <Route path={paths.auth} element={<AuthRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
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
    </Routes>
  );
}
