import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from '@web/app/landing-page';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { initialLanguage, switchLanguage } from '@web/lib/i18n/language-store';

/** Attaches React to the prerendered landing page (decision 035); loaded by entry-landing.tsx after the first paint. */
export async function hydrateLanding(container: HTMLElement, onHydrated: () => void) {
  // The server sent the page prerendered in the reader's language (its <html lang>): React takes it over in that
  // language, then turns to the one this browser chose if that differs.
  const served = document.documentElement.lang || SOURCE_LANGUAGE;
  if (served !== SOURCE_LANGUAGE) await switchLanguage(served, { remember: false });
  const wanted = initialLanguage();
  const page = (
    <StrictMode>
      <LandingPage onHydrated={onHydrated} />
    </StrictMode>
  );
  if (!container.hasChildNodes()) {
    createRoot(container).render(page); // landing.html without its prerendered markup (`vite dev`)
  } else {
    // As a transition, React hydrates in slices and yields to the browser between them, rather than in one long task.
    startTransition(() => {
      hydrateRoot(container, page);
    });
  }
  if (wanted !== served) await switchLanguage(wanted, { remember: false });
}
