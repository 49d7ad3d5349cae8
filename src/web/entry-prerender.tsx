// Built by scripts/build.mjs as a server (SSR) bundle and run once at build time by scripts/prerender.mjs:
// the HTML of the pages the server sends already drawn (decision 035) — the landing page, whose islands
// hydrate-landing.tsx hydrates, and the signed-in dashboard's frame, which main.tsx replaces with the live app.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Link, Route, Routes, StaticRouter } from 'react-router';
import { SiteLinkProvider } from '@web/components/site-link';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { LandingPage } from '@web/app/routes/landing';
import {
  ISLAND_ATTRIBUTE,
  IslandContainersProvider,
  islandIdPrefix,
  isLandingIsland,
  landingIsland,
  landingIslandNames,
} from '@web/app/landing-page';
import { landingHead } from '@web/features/marketing/landing-head';
import { SiteLayout } from '@web/app/layouts/site-layout';
import { frameModules, pages } from '@web/app/pages';
import { paths } from '@web/app/paths';
import { QueryScope } from '@web/app/query-scope';

/** The languages the landing page is prerendered in: every one heirloom ships (landing.<language>.html). */
export { shippedLanguages } from '@web/lib/i18n/catalogues';

/** `render` with the page's language set to `language`, then back to English for the next page. */
async function inLanguage<T>(language: string, render: () => T | Promise<T>): Promise<T> {
  await switchLanguage(language, { remember: false });
  try {
    return await render();
  } finally {
    await switchLanguage(SOURCE_LANGUAGE, { remember: false });
  }
}

/** The landing page's <title> and description in `language`, for its prerendered page's head. */
export const landingHeadIn = (language: string) => inLanguage(language, landingHead);

/** `/` in `language`, for a reader the server knows to read it (their choice's cookie, their browser's languages). */
export const renderLandingIn = (language: string) => inLanguage(language, renderLanding);

const ISLAND_CONTAINER = new RegExp(`<div ${ISLAND_ATTRIBUTE}="([\\w-]+)"([^>]*)></div>`, 'g');

/**
 * The markup of `/`, to go inside #root: the page drawn once, each island as an empty container, then each island
 * rendered on its own, as hydrate-landing.tsx hydrates it (its own root, same tree, its own useId prefix), and put
 * into its container. The rest of the page is never hydrated.
 */
export function renderLanding(): string {
  const page = renderToString(
    <StrictMode>
      <IslandContainersProvider value={true}>
        <LandingPage />
      </IslandContainersProvider>
    </StrictMode>,
  );
  const drawn = new Set<string>();
  const html = page.replace(ISLAND_CONTAINER, (_, name: string, attributes: string) => {
    if (!isLandingIsland(name) || drawn.has(name)) throw new Error(`prerender: an unknown or second island ${name}`);
    drawn.add(name);
    const markup = renderToString(landingIsland(name), { identifierPrefix: islandIdPrefix(name) });
    return `<div ${ISLAND_ATTRIBUTE}="${name}"${attributes}>${markup}</div>`;
  });
  const missing = landingIslandNames.filter((name) => !drawn.has(name));
  if (missing.length > 0) throw new Error(`prerender: the landing page lacks the islands ${missing.join(', ')}`);
  return html;
}

/** The dashboard's first paint in `language`, for a signed-in reader of it (dashboard.<language>.html). */
export const renderDashboardIn = (language: string) => inLanguage(language, renderDashboard);

/**
 * The dashboard as its first paint shows it, to go inside #root of the page the server sends a signed-in
 * visitor for /dashboard: the header, the navigation and the dashboard's own text, with what comes from the
 * API (recent photos, On this day, "Shared with me") in its loading state, as the app draws it before the
 * answers arrive. Nothing in it is personal, so one build serves every account. Waits for the header's lazy
 * parts, so the markup is complete.
 */
export async function renderDashboard(): Promise<string> {
  // Imported here as the app does (lazily), so the build keeps them in their own chunks.
  const { SignedInLayout } = await import('@web/app/layouts/signed-in-layout');
  const { DashboardRoute } = await import('@web/app/routes/dashboard');
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={paths.dashboard}>
        <SiteLinkProvider value={Link}>
          <Routes>
            <Route element={<SiteLayout />}>
              <Route element={<QueryScope />}>
                <Route element={<SignedInLayout />}>
                  <Route path={paths.dashboard} element={<DashboardRoute />} />
                </Route>
              </Route>
            </Route>
          </Routes>
        </SiteLinkProvider>
      </StaticRouter>
    </StrictMode>,
    // Without it React sends a large finished part as a placeholder plus a script that swaps it in, which
    // the CSP (script-src 'self') would block; this page is written once and sent whole.
    { progressiveChunkSize: Infinity },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** For the build's page-preloads.json: each page's path, who may see it, its modules and first requests. */
export function pagePreloadSources() {
  return pages.map(({ path, access, module, firstRequests }) => ({
    path,
    access,
    modules: [...frameModules[access], module],
    requests: firstRequests ?? [],
    // its words' part of the catalogues (decision 086)
    part: module.replace(/\.tsx?$/, ''),
  }));
}
