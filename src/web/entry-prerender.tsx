// Built by scripts/build.mjs as a server (SSR) bundle and run once at build time by scripts/prerender.mjs:
// the landing page's HTML, which the server sends for `/` and main.tsx hydrates (decision 035).
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '@web/app/app';

function LandingRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

/** The markup of `/` as main.tsx renders it in the browser (same tree, same StrictMode), to go inside #root. */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <App Router={LandingRouter} />
    </StrictMode>,
  );
}
