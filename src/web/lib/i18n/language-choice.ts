import { isShipped } from './catalogues';

// The reader's language choice as this browser keeps it, without React or react-intl: the landing page's own
// script reads and writes it before (and without) any React on the page, and the language store through it.
// localStorage for the page's scripts, the cookie for the server.
export const LANGUAGE_STORAGE_KEY = 'heirloom.language';
export const LANGUAGE_COOKIE = 'heirloom_language';

/** The language menu's form name: the landing page's script finds the menu by it. */
export const LANGUAGE_MENU_NAME = 'language';

/** The language this browser's reader chose (the menu, or their account's), if heirloom ships it. */
export function rememberedLanguage(): string | null {
  try {
    const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return chosen && isShipped(chosen) ? chosen : null;
  } catch {
    return null;
  }
}

/** The language the cookie tells the server, if any. */
export function cookieLanguage(): string | null {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(LANGUAGE_COOKIE.length + 1)) : null;
}

/** Keeps `language` as this browser's choice. */
export function rememberLanguage(language: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private windows may refuse; the cookie still tells the server
  }
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
}
