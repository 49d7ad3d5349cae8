import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from '@web/app/landing-page';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { initialLanguage, switchLanguage } from '@web/lib/i18n/language-store';

/** Attaches React to the prerendered landing page (decision 035); loaded by entry-landing.tsx after the first paint. */
export async function hydrateLanding(container: HTMLElement, onHydrated: () => void) {
  // The page was prerendered in English: a reader of another language gets it drawn anew in theirs.
  const language = initialLanguage();
  if (language !== SOURCE_LANGUAGE) await switchLanguage(language, { remember: false });
  const page = (
    <StrictMode>
      <LandingPage onHydrated={onHydrated} />
    </StrictMode>
  );
  if (!container.hasChildNodes() || language !== SOURCE_LANGUAGE) {
    createRoot(container).render(page); // landing.html without its prerendered markup (`vite dev`)
    return;
  }
  // As a transition, React hydrates in slices and yields to the browser between them, rather than in one long task.
  startTransition(() => {
    hydrateRoot(container, page);
  });
}
