import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { ISLAND_ATTRIBUTE, islandIdPrefix, isLandingIsland, landingIsland } from '@web/app/landing-page';
import { rememberedLanguage } from '@web/lib/i18n/language-choice';
import { needCatalogue, switchLanguage } from '@web/lib/i18n/language-store';

/**
 * Attaches React to the islands of the prerendered landing page (decision 035), each as its own root; loaded by
 * entry-landing.tsx after the first paint. The rest of the page stays the HTML the server sent. `onAttached` is
 * told each container React has taken over.
 */
export async function hydrateLanding(container: HTMLElement, onAttached: (attached: HTMLElement) => void) {
  // The server sent the page prerendered in the reader's language (its <html lang>): the islands speak it too.
  const served = document.documentElement.lang || SOURCE_LANGUAGE;
  const wanted = rememberedLanguage() ?? served;
  // A language the server draws no page in (the pseudo-language), or no prerendered markup (`vite dev`): React
  // draws the whole page, in the language this browser chose.
  if (wanted !== served || !container.hasChildNodes()) return drawWhole(container, wanted, onAttached);
  // The landing page's words only, which are its islands' (decision 086): a German visitor fetches them, not the
  // whole app's, nor the sections' that the server already sent in German.
  await Promise.all([switchLanguage(served, { remember: false }), needCatalogue('landing')]);
  for (const island of container.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = island.getAttribute(ISLAND_ATTRIBUTE)!;
    if (!isLandingIsland(name)) continue;
    // As a transition, React hydrates in slices and yields to the browser between them, rather than in one long task.
    startTransition(() => {
      hydrateRoot(
        island,
        landingIsland(name, () => onAttached(island)),
        { identifierPrefix: islandIdPrefix(name) },
      );
    });
  }
}

/** The whole landing page drawn by React: its code and words (the route module's part, and the frame's) come now. */
async function drawWhole(container: HTMLElement, language: string, onAttached: (attached: HTMLElement) => void) {
  const [, { LandingPage }] = await Promise.all([
    switchLanguage(language, { remember: false }),
    import('./app/routes/landing'),
    needCatalogue('app/routes/landing'),
    needCatalogue('app'),
  ]);
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <LandingPage onAttached={() => onAttached(container)} />
    </StrictMode>,
  );
}
