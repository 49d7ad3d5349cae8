// A visitor may pick a language in the prerendered landing page's menu before React has taken the page over:
// hydration must keep that pick, not the language the page was served in.
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { renderLanding, renderLandingIn } from './entry-prerender';
import { hydrateLanding } from './hydrate-landing';

afterEach(async () => {
  document.body.innerHTML = '';
  localStorage.clear();
  document.cookie = 'heirloom_language=; path=/; max-age=0';
  await switchLanguage(SOURCE_LANGUAGE, { remember: false });
});

async function prerendered(language: string) {
  const container = document.createElement('div');
  container.innerHTML = language === SOURCE_LANGUAGE ? renderLanding() : await renderLandingIn(language);
  document.documentElement.lang = language;
  document.body.append(container);
  return container;
}

const menu = (container: HTMLElement) => container.querySelector<HTMLSelectElement>('select[name="language"]')!;

describe('hydrating the landing page', () => {
  it('keeps a language picked in the menu before React took the page over, and remembers it', async () => {
    const container = await prerendered(SOURCE_LANGUAGE);
    menu(container).value = 'de';
    menu(container).dispatchEvent(new Event('change', { bubbles: true }));
    menu(container).focus();
    const onAttached = vi.fn();
    await act(() => hydrateLanding(container, onAttached));
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).not.toBe('Your life story, kept safe for the people you love.'),
    );
    expect(document.documentElement.lang).toBe('de');
    expect(menu(container).value).toBe('de');
    expect(localStorage.getItem('heirloom.language')).toBe('de');
    expect(document.cookie).toContain('heirloom_language=de');
    expect(document.activeElement).toBe(menu(container)); // a keyboard's place in the page is kept
    expect(onAttached).toHaveBeenCalled(); // a waitlist form held before React is sent
  });

  it('stays in the served language when nothing was picked, without remembering a choice', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    const container = await prerendered('fr');
    await act(() => hydrateLanding(container, vi.fn()));
    expect(document.documentElement.lang).toBe('fr');
    expect(menu(container).value).toBe('fr');
    expect(localStorage.getItem('heirloom.language')).toBeNull();
  });
});
