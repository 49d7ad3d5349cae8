// Built by scripts/build.mjs as a server (SSR) bundle and run once at build time by scripts/prerender.mjs:
// the landing page's HTML, which the server sends for `/` and hydrate-landing.tsx hydrates (decision 035).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingPage } from '@web/app/landing-page';

/** The markup of `/` as hydrate-landing.tsx renders it in the browser (same tree, same StrictMode), to go inside #root. */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
