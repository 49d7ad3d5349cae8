// The landing page's script attaches React to its islands only (decision 035): the forms, the first-run notice and
// the toaster, in the language the page was served in; the rest of the page stays the served HTML.
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { ISLAND_ATTRIBUTE } from '@web/app/landing-page';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { renderLanding, renderLandingIn } from './entry-prerender';
import { hydrateLanding } from './hydrate-landing';

afterEach(async () => {
  vi.restoreAllMocks();
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

const islands = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];

describe('hydrating the landing page', () => {
  it('attaches React to each island in the served language, without a mismatch, and leaves the rest as served', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = await prerendered('de');
    const heading = container.querySelector('h1')!;
    const served = heading.textContent;
    const onAttached = vi.fn();
    await act(() => hydrateLanding(container, onAttached));
    const attached = () => new Set(onAttached.mock.calls.map(([island]) => island as HTMLElement));
    await vi.waitFor(() => expect(attached()).toEqual(new Set(islands(container))));
    expect(attached().size).toBe(5);
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading.textContent).toBe(served);
    expect(document.documentElement.lang).toBe('de');
    expect(container.querySelector('input[name="email"]')?.getAttribute('placeholder')).not.toBe('Enter your email');
    expect(errors).not.toHaveBeenCalled();
    expect(localStorage.getItem('heirloom.language')).toBeNull(); // nothing was chosen
  });

  it('draws the whole page in a language the server has no page in (the pseudo-language)', async () => {
    localStorage.setItem('heirloom.language', PSEUDO_LANGUAGE);
    const container = await prerendered(SOURCE_LANGUAGE);
    const onAttached = vi.fn();
    await act(() => hydrateLanding(container, onAttached));
    await vi.waitFor(() => expect(onAttached).toHaveBeenCalledWith(container));
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).not.toBe('Your life story, kept safe for the people you love.'),
    );
    expect(document.documentElement.lang).toBe(PSEUDO_LANGUAGE);
    expect(container.querySelectorAll('form')).toHaveLength(3);
  });
});
