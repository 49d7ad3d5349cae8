import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { MainErrorFallback } from '@web/components/error-boundary';
import { RequireAuth } from '@web/features/auth/components/require-auth';
import { PublicMain, SiteLayout } from './layouts/site-layout';
import { paths } from './paths';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

/** React.lazy for a named export (we use no default exports). Every page but the landing loads on demand. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const FaqRoute = lazyNamed(() => import('./routes/faq'), 'FaqRoute');
const LoginRoute = lazyNamed(() => import('./routes/login'), 'LoginRoute');
const RegisterRoute = lazyNamed(() => import('./routes/register'), 'RegisterRoute');
const AuthRoute = lazyNamed(() => import('./routes/auth'), 'AuthRoute');
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

// The route table = spec §2, one line per route.
export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    errorElement: <MainErrorFallback />,
    children: [
      {
        element: <PublicMain />,
        children: [
          { path: paths.home, element: <LandingRoute /> },
          { path: paths.faq, element: <FaqRoute /> },
          { path: paths.login, element: <LoginRoute /> },
          { path: paths.register, element: <RegisterRoute /> },
          { path: paths.auth, element: <AuthRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <SignedInLayout />
          </RequireAuth>
        ),
        children: [
          { path: paths.dashboard, element: <DashboardRoute /> },
          { path: paths.profile, element: <ProfileRoute /> },
          { path: paths.story, element: <StoryRoute /> },
          { path: paths.timeline, element: <TimelineRoute /> },
          { path: paths.memories, element: <MemoriesRoute /> },
          { path: paths.photos, element: <PhotosRoute /> },
          { path: paths.family, element: <FamilyRoute /> },
          { path: paths.friends, element: <FriendsRoute /> },
          { path: paths.vault, element: <VaultRoute /> },
          { path: paths.afterLife, element: <AfterLifeRoute /> },
          { path: paths.settings, element: <SettingsRoute /> },
        ],
      },
    ],
  },
]);
