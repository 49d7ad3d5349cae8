import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from '@web/app/landing-page';

/** Attaches React to the prerendered landing page (decision 035); loaded by entry-landing.tsx after the first paint. */
export function hydrateLanding(container: HTMLElement, onHydrated: () => void) {
  const page = (
    <StrictMode>
      <LandingPage onHydrated={onHydrated} />
    </StrictMode>
  );
  if (!container.hasChildNodes()) {
    createRoot(container).render(page); // landing.html without its prerendered markup (`vite dev`)
    return;
  }
  // As a transition, React hydrates in slices and yields to the browser between them, rather than in one long task.
  startTransition(() => {
    hydrateRoot(container, page);
  });
}
