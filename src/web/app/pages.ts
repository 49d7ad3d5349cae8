import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { DASHBOARD_RECENT_PHOTOS } from '@shared/limits';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { needCatalogue } from '@web/lib/i18n/language-store';
import { preloadableLazy, type PreloadableComponent } from '@web/lib/preloadable-lazy';
import { pathPatterns, paths } from './paths';

/** public: anyone; guest-only: signed-in visitors go on to the dashboard; signed-in: visitors go to /login. */
export type PageAccess = 'public' | 'guest-only' | 'signed-in';

/**
 * Icons are named here and drawn by the signed-in layout: importing them into this table would put them on
 * the landing page's first load, which only needs the paths.
 */
export type NavIcon = 'story' | 'people' | 'family' | 'friends' | 'vault' | 'collections' | 'shared-with-me' | 'after-life';

/** When a navigation item shows only some of the time; the signed-in layout answers each (received-shares: Shared with me is not empty). */
export type NavCondition = 'received-shares';

type NavLabel = { id: string; defaultMessage: string };

/** The navigation's labels, drawn in the page's language by the signed-in layout. */
const navLabels = defineMessages({
  story: { id: 'app.nav.story', defaultMessage: 'My Story' },
  people: { id: 'app.nav.people', defaultMessage: 'People' },
  family: { id: 'app.nav.family', defaultMessage: 'Family' },
  friends: { id: 'app.nav.friends', defaultMessage: 'Friends' },
  vault: { id: 'app.nav.vault', defaultMessage: 'Vault' },
  collections: { id: 'app.nav.collections', defaultMessage: 'Collections' },
  sharedWithMe: { id: 'app.nav.sharedWithMe', defaultMessage: 'Shared with me' },
  afterLife: { id: 'app.nav.afterLife', defaultMessage: 'After Life' },
});

export type Page = {
  /** A path, or a react-router pattern with parameters (`/collections/:id`) from pathPatterns. */
  path: string;
  access: PageAccess;
  /** The page's module as the build names it (`app/routes/photos.tsx`): the server preloads it with the page. */
  module: string;
  /** Fetches the page's module; the page's component and preloadPage() share it, so a module is fetched once. */
  load: () => Promise<unknown>;
  Component: PreloadableComponent;
  /** An item of the signed-in navigation (spec §2), in table order. */
  nav?: { label: NavLabel; icon: NavIcon; onlyIf?: NavCondition };
  /** The navigation item that stays highlighted on this page (a sub-page of My Story). */
  partOf?: string;
  /**
   * The GET requests the page makes at once, whoever the signed-in user (URLs exactly as the app asks them):
   * the server has the browser fetch them with the page's HTML (decision 056), so they are answered while the
   * code loads. One that the page no longer makes fails tests/e2e/first-paint.spec.ts.
   */
  firstRequests?: string[];
};

/**
 * The route modules, each fetched on its own when first needed; the key is its file (`./routes/photos.tsx`).
 * The landing and not-found pages come with the app (router.tsx).
 */
const routeModules = import.meta.glob<Record<string, ComponentType>>([
  './routes/*.tsx',
  '!./routes/landing.tsx',
  '!./routes/not-found.tsx',
]);

/** React.lazy for a named export (we use no default exports) of a route module, named by its file. */
function page(
  path: string,
  access: PageAccess,
  module: string,
  name: string,
  extra: Pick<Page, 'nav' | 'partOf' | 'firstRequests'> = {},
): Page {
  const loadModule = routeModules[`./routes/${module}.tsx`];
  if (!loadModule) throw new Error(`pages: no route module app/routes/${module}.tsx`);
  // the page's words come with its code, in the page's language (decision 086)
  const load = () => Promise.all([loadModule(), needCatalogue(`app/routes/${module}`)]).then(([loaded]) => loaded);
  const Component = preloadableLazy(() =>
    load().then((loaded) => {
      const component = loaded[name];
      if (!component) throw new Error(`pages: app/routes/${module}.tsx exports no ${name}`);
      return component;
    }),
  );
  return { path, access, module: `app/routes/${module}.tsx`, load, Component, ...extra };
}

/** The signed-in layout asks on every signed-in page whether anything is shared with the user (its navigation). */
const NAV_REQUESTS = ['/api/shared-with-me'];
/** The shared marks on a page's items (collections/api.ts). */
const SHARED_ITEMS = '/api/collections/shared-items';

/**
 * The page table = spec §2 plus account recovery. The router and the signed-in navigation are built from it.
 * The landing and not-found pages are not here: they load with the app and need no TanStack Query.
 */
export const pages: Page[] = [
  page(paths.faq, 'public', 'faq', 'FaqRoute'),
  page(paths.login, 'guest-only', 'login', 'LoginRoute'),
  page(paths.register, 'guest-only', 'register', 'RegisterRoute'),
  page(paths.auth, 'public', 'auth', 'AuthRoute'),
  page(paths.forgotPassword, 'public', 'forgot-password', 'ForgotPasswordRoute'),
  page(paths.resetPassword, 'public', 'reset-password', 'ResetPasswordRoute'),
  page(paths.verifyEmail, 'public', 'verify-email', 'VerifyEmailRoute'),
  page(paths.dashboard, 'signed-in', 'dashboard', 'DashboardRoute', {
    firstRequests: [`/api/photos/page?limit=${DASHBOARD_RECENT_PHOTOS}`, ...NAV_REQUESTS],
  }),
  page(paths.profile, 'signed-in', 'profile', 'ProfileRoute'),
  page(paths.story, 'signed-in', 'story', 'StoryRoute', { nav: { label: navLabels.story, icon: 'story' } }),
  page(paths.timeline, 'signed-in', 'timeline', 'TimelineRoute', { partOf: paths.story }),
  page(paths.memories, 'signed-in', 'memories', 'MemoriesRoute', {
    partOf: paths.story,
    firstRequests: ['/api/memories/page', SHARED_ITEMS, ...NAV_REQUESTS],
  }),
  page(paths.photos, 'signed-in', 'photos', 'PhotosRoute', {
    partOf: paths.story,
    firstRequests: ['/api/photos/page?sortBy=dateTaken&limit=150', '/api/capabilities', SHARED_ITEMS, ...NAV_REQUESTS],
  }),
  page(paths.people, 'signed-in', 'people', 'PeopleRoute', {
    nav: { label: navLabels.people, icon: 'people' },
    firstRequests: ['/api/people/status', '/api/people/suggestions', '/api/people', ...NAV_REQUESTS],
  }),
  page(pathPatterns.person, 'signed-in', 'people', 'PersonRoute', { partOf: paths.people }),
  page(paths.family, 'signed-in', 'contacts', 'FamilyRoute', {
    nav: { label: navLabels.family, icon: 'family' },
    firstRequests: ['/api/contacts/page?relationship=family', ...NAV_REQUESTS],
  }),
  page(paths.familyTree, 'signed-in', 'family-tree', 'FamilyTreeRoute', { partOf: paths.family }),
  page(pathPatterns.treePerson, 'signed-in', 'family-tree', 'TreePersonRoute', { partOf: paths.family }),
  page(paths.friends, 'signed-in', 'contacts', 'FriendsRoute', {
    nav: { label: navLabels.friends, icon: 'friends' },
    firstRequests: ['/api/contacts/page?relationship=friend', ...NAV_REQUESTS],
  }),
  page(paths.vault, 'signed-in', 'vault', 'VaultRoute', {
    nav: { label: navLabels.vault, icon: 'vault' },
    firstRequests: ['/api/vault/page', '/api/vault/usage', SHARED_ITEMS, ...NAV_REQUESTS],
  }),
  page(paths.collections, 'signed-in', 'collections', 'CollectionsRoute', { nav: { label: navLabels.collections, icon: 'collections' } }),
  page(pathPatterns.collection, 'signed-in', 'collections', 'CollectionRoute', { partOf: paths.collections }),
  page(paths.sharedWithMe, 'signed-in', 'shared-with-me', 'SharedWithMeRoute', {
    nav: { label: navLabels.sharedWithMe, icon: 'shared-with-me', onlyIf: 'received-shares' },
  }),
  page(pathPatterns.sharedWithMeCollection, 'signed-in', 'shared-with-me', 'SharedWithMeCollectionRoute', { partOf: paths.sharedWithMe }),
  page(paths.afterLife, 'signed-in', 'after-life', 'AfterLifeRoute', { nav: { label: navLabels.afterLife, icon: 'after-life' } }),
  page(paths.settings, 'signed-in', 'settings', 'SettingsRoute'),
  page(pathPatterns.sharedLink, 'public', 'shared-link', 'SharedLinkRoute'),
  page(paths.legacy, 'public', 'legacy', 'LegacyRoute'),
  page(paths.legacyCheckIn, 'public', 'legacy', 'LegacyCheckInRoute'),
  page(paths.legacyCancel, 'public', 'legacy', 'LegacyCancelRoute'),
  page(paths.legacyReachable, 'public', 'legacy', 'LegacyReachableRoute'),
  page(paths.legacyVerify, 'public', 'legacy', 'LegacyVerifyRoute'),
  page(pathPatterns.legacyVerifyLink, 'public', 'legacy', 'LegacyVerifyRoute'),
  page(paths.care, 'public', 'care', 'CareRoute'),
  page(paths.careRefuse, 'public', 'care', 'CareRefuseRoute'),
  page(pathPatterns.careLink, 'public', 'care', 'CareRoute'),
  page(paths.interviews, 'signed-in', 'interviews', 'InterviewsRoute', { partOf: paths.story }),
  page(paths.newInterview, 'signed-in', 'interviews', 'NewInterviewRoute', { partOf: paths.story }),
  page(pathPatterns.interview, 'signed-in', 'interviews', 'InterviewRoute', { partOf: paths.story }),
  page(paths.answer, 'public', 'answer', 'AnswerRoute'),
  page(pathPatterns.answerLink, 'public', 'answer', 'AnswerRoute'),
];

/**
 * What a page of each access renders around its own module (router.tsx's preloadPage), as the build names
 * the modules: the server preloads them with the page (scripts/prerender.mjs fails the build on a stale name).
 */
export const frameModules: Record<PageAccess, string[]> = {
  public: ['app/query-scope.tsx'],
  'guest-only': ['app/query-scope.tsx', 'features/auth/components/redirect-signed-in.tsx'],
  'signed-in': [
    'app/query-scope.tsx',
    'features/auth/components/require-auth.tsx',
    'app/layouts/signed-in-layout.tsx',
    'app/layouts/account-menu.tsx',
    'app/layouts/header-search.tsx',
  ],
};

const hasParams = (p: Page) => p.path.includes(':');
const byPath = new Map(pages.filter((p) => !hasParams(p)).map((p) => [p.path, p]));
const withParams = pages.filter(hasParams);

/** The page a pathname shows ('/story/' is '/story'), or undefined for the landing and not-found pages. */
export function pageAt(pathname: string): Page | undefined {
  const trimmed = pathname.replace(/(.)\/+$/, '$1');
  return byPath.get(trimmed) ?? withParams.find((p) => matchPath(p.path, trimmed) !== null);
}

const signedInSegments = new Set(pages.filter((p) => p.access === 'signed-in').map((p) => p.path.split('/')[1]));

/** spec §2: when the path starts with a signed-in page's segment, the header's brand goes to /dashboard and shows the account menu. */
export function isSignedInPath(pathname: string) {
  return signedInSegments.has(pathname.split('/')[1] ?? '');
}

export const navItems = pages.filter((p): p is Page & { nav: NonNullable<Page['nav']> } => p.nav !== undefined);

/** The path of the navigation item to highlight on `pathname`: its own, or the one it is part of. */
export function activeNavPath(pathname: string): string | undefined {
  const current = pageAt(pathname);
  return current?.partOf ?? current?.path;
}
