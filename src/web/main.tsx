import './zod-config'; // must stay the first import
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import { preloadPage } from '@web/app/router';
import './styles.css';

preloadPage(window.location.pathname); // a deep link's chunks, in parallel rather than one by one

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (window.location.pathname === '/' && container.hasChildNodes()) {
  // The server sent the landing page prerendered at build time (decision 035): React attaches to that HTML.
  hydrateRoot(container, app);
} else {
  // The first render as a transition: React yields to the browser every few milliseconds while it builds the
  // page instead of blocking input in one long task. What it renders is the same.
  container.replaceChildren(); // a prerendered page served under another path (e.g. /landing.html) is not this one
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
