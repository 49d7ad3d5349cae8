// The landing page's script keeps the reader's choice without the language store (which brings react-intl):
// both must keep it in the same places.
import { afterEach, describe, expect, it } from 'vitest';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { cookieLanguage, rememberedLanguage, rememberLanguage } from './language-choice';
import { initialLanguage, LANGUAGE_COOKIE, switchLanguage } from './language-store';

afterEach(async () => {
  localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  await switchLanguage(SOURCE_LANGUAGE, { remember: false });
});

describe('the language choice without React', () => {
  it('reads what the language store keeps', async () => {
    expect(rememberedLanguage()).toBeNull();
    expect(cookieLanguage()).toBeNull();
    await switchLanguage('de');
    expect(rememberedLanguage()).toBe('de');
    expect(cookieLanguage()).toBe('de');
  });

  it('keeps a choice the language store reads', () => {
    rememberLanguage('fr');
    expect(initialLanguage()).toBe('fr');
    expect(cookieLanguage()).toBe('fr');
  });

  it('ignores a language heirloom does not ship', () => {
    localStorage.setItem('heirloom.language', 'xx');
    expect(rememberedLanguage()).toBeNull();
  });
});
