import { startTransition, StrictMode, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from '@web/app/landing-page';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { LANGUAGE_MENU_NAME } from '@web/components/language-menu';
import { initialLanguage, needCatalogue, switchLanguage } from '@web/lib/i18n/language-store';

// The landing page's words only: a German visitor fetches them, not the whole app's (decision 086).
void needCatalogue('landing');

const menuOf = (container: HTMLElement) => container.querySelector<HTMLSelectElement>(`select[name="${LANGUAGE_MENU_NAME}"]`);

/**
 * A language the visitor picked in the prerendered menu before React took the page over: the native <select>
 * works from the first paint, but nothing heard the change. Read in the same task as React attaches its
 * listeners, so no later pick goes unheard.
 */
function pickedBeforeReact(container: HTMLElement, served: string): string | null {
  const menu = menuOf(container);
  return menu && menu.value !== served ? menu.value : null;
}

/**
 * Draws the page anew rather than hydrating it: every word is about to change, and a language switch in the
 * middle of hydration would not match the served HTML (the landing page's content hydrates after its frame).
 * The menu keeps the keyboard's focus, and the pick is kept as the menu keeps it.
 */
function redrawIn(language: string, container: HTMLElement, page: ReactNode) {
  const hadFocus = document.activeElement === menuOf(container);
  container.replaceChildren();
  const root = createRoot(container);
  flushSync(() => root.render(page));
  if (hadFocus) menuOf(container)?.focus();
  return switchLanguage(language);
}

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
  const picked = pickedBeforeReact(container, served);
  if (picked) return redrawIn(picked, container, page);
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
