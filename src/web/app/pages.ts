import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { preloadableLazy, type PreloadableComponent } from '@web/lib/preloadable-lazy';
import { pathPatterns, paths } from './paths';

/** public: anyone; guest-only: signed-in visitors go on to the dashboard; signed-in: visitors go to /login. */
export type PageAccess = 'public' | 'guest-only' | 'signed-in';

/**
 * Icons are named here and drawn by the signed-in layout: importing them into this table would put them on
 * the landing page's first load, which only needs the paths.
 */
export type NavIcon = 'story' | 'family' | 'friends' | 'vault' | 'collections' | 'shared-with-me' | 'after-life';

/** When a navigation item shows only some of the time; the signed-in layout answers each (received-shares: Shared with me is not empty). */
export type NavCondition = 'received-shares';

export type Page = {
  /** A path, or a react-router pattern with parameters (`/collections/:id`) from pathPatterns. */
  path: string;
  access: PageAccess;
  /** Fetches the page's module; the page's component and preloadPage() share it, so a module is fetched once. */
  load: () => Promise<unknown>;
  Component: PreloadableComponent;
  /** An item of the signed-in navigation (spec §2), in table order. */
  nav?: { label: string; icon: NavIcon; onlyIf?: NavCondition };
  /** The navigation item that stays highlighted on this page (a sub-page of My Story). */
  partOf?: string;
};

type Loader<K extends string> = () => Promise<Record<K, ComponentType>>;

/** React.lazy for a named export (we use no default exports). */
function page<K extends string>(
  path: string,
  access: PageAccess,
  load: Loader<K>,
  name: K,
  extra: Pick<Page, 'nav' | 'partOf'> = {},
): Page {
  const Component = preloadableLazy(() => load().then((module) => module[name]));
  return { path, access, load, Component, ...extra };
}

const loadContacts = () => import('./routes/contacts');
const loadCollections = () => import('./routes/collections');
const loadSharedWithMe = () => import('./routes/shared-with-me');
const loadLegacy = () => import('./routes/legacy');

/**
 * The page table = spec §2 plus account recovery. The router and the signed-in navigation are built from it.
 * The landing and not-found pages are not here: they load with the app and need no TanStack Query.
 */
export const pages: Page[] = [
  page(paths.faq, 'public', () => import('./routes/faq'), 'FaqRoute'),
  page(paths.login, 'guest-only', () => import('./routes/login'), 'LoginRoute'),
  page(paths.register, 'guest-only', () => import('./routes/register'), 'RegisterRoute'),
  page(paths.auth, 'public', () => import('./routes/auth'), 'AuthRoute'),
  page(paths.forgotPassword, 'public', () => import('./routes/forgot-password'), 'ForgotPasswordRoute'),
  page(paths.resetPassword, 'public', () => import('./routes/reset-password'), 'ResetPasswordRoute'),
  page(paths.verifyEmail, 'public', () => import('./routes/verify-email'), 'VerifyEmailRoute'),
  page(paths.dashboard, 'signed-in', () => import('./routes/dashboard'), 'DashboardRoute'),
  page(paths.profile, 'signed-in', () => import('./routes/profile'), 'ProfileRoute'),
  page(paths.story, 'signed-in', () => import('./routes/story'), 'StoryRoute', { nav: { label: 'My Story', icon: 'story' } }),
  page(paths.timeline, 'signed-in', () => import('./routes/timeline'), 'TimelineRoute', { partOf: paths.story }),
  page(paths.memories, 'signed-in', () => import('./routes/memories'), 'MemoriesRoute', { partOf: paths.story }),
  page(paths.photos, 'signed-in', () => import('./routes/photos'), 'PhotosRoute', { partOf: paths.story }),
  page(paths.family, 'signed-in', loadContacts, 'FamilyRoute', { nav: { label: 'Family', icon: 'family' } }),
  page(paths.friends, 'signed-in', loadContacts, 'FriendsRoute', { nav: { label: 'Friends', icon: 'friends' } }),
  page(paths.vault, 'signed-in', () => import('./routes/vault'), 'VaultRoute', { nav: { label: 'Vault', icon: 'vault' } }),
  page(paths.collections, 'signed-in', loadCollections, 'CollectionsRoute', { nav: { label: 'Collections', icon: 'collections' } }),
  page(pathPatterns.collection, 'signed-in', loadCollections, 'CollectionRoute', { partOf: paths.collections }),
  page(paths.sharedWithMe, 'signed-in', loadSharedWithMe, 'SharedWithMeRoute', {
    nav: { label: 'Shared with me', icon: 'shared-with-me', onlyIf: 'received-shares' },
  }),
  page(pathPatterns.sharedWithMeCollection, 'signed-in', loadSharedWithMe, 'SharedWithMeCollectionRoute', { partOf: paths.sharedWithMe }),
  page(paths.afterLife, 'signed-in', () => import('./routes/after-life'), 'AfterLifeRoute', {
    nav: { label: 'After Life', icon: 'after-life' },
  }),
  page(paths.settings, 'signed-in', () => import('./routes/settings'), 'SettingsRoute'),
  page(pathPatterns.sharedLink, 'public', () => import('./routes/shared-link'), 'SharedLinkRoute'),
  page(paths.legacy, 'public', loadLegacy, 'LegacyRoute'),
  page(paths.legacyCheckIn, 'public', loadLegacy, 'LegacyCheckInRoute'),
  page(paths.legacyCancel, 'public', loadLegacy, 'LegacyCancelRoute'),
  page(paths.legacyVerify, 'public', loadLegacy, 'LegacyVerifyRoute'),
  page(pathPatterns.legacyVerifyLink, 'public', loadLegacy, 'LegacyVerifyRoute'),
];

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
