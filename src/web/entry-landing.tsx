// The script of `/` (landing.html). The page is already readable from its prerendered HTML (decision 035), and
// most of it never changes: React attaches only to its islands (the waitlist forms, the first-run notice, the
// toaster), fetched after the first paint so they do not compete with the stylesheet for the network before
// anything is drawn. The header's language menu and the footer's year need no React: this script, which carries
// none, handles them. No router, page table or signed-in code: the page's links load the app as new pages.
import './zod-config'; // must stay the first import
import './styles.css';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { cookieLanguage, LANGUAGE_MENU_NAME, rememberedLanguage, rememberLanguage } from '@web/lib/i18n/language-choice';

// ── The language: the server sends the page drawn in one (its <html lang>) ──
const served = document.documentElement.lang || SOURCE_LANGUAGE;
const menu = document.querySelector<HTMLSelectElement>(`select[name="${LANGUAGE_MENU_NAME}"]`);
// after a pick in the menu the page comes back in the new language with the keyboard's place on the menu
const MENU_FOCUS = 'heirloom.languageMenuFocus';

/** Keeps `language` as this browser's choice and has the server send the page again, drawn in it. */
function reloadIn(language: string, { focusMenu = false } = {}) {
  rememberLanguage(language);
  // without the cookie the server would send the same page again: stay, rather than reload for ever
  if (cookieLanguage() !== language) return false;
  try {
    if (focusMenu) sessionStorage.setItem(MENU_FOCUS, '1');
  } catch {
    // the menu is simply not focused again
  }
  // once the page has loaded what it asked for (the same files, cached, serve the page that comes next)
  if (document.readyState === 'complete') location.reload();
  else window.addEventListener('load', () => location.reload(), { once: true });
  return true;
}

function languageToReloadIn(): string | null {
  // a pick in the (native) menu before this script ran
  if (menu && menu.value !== served) return menu.value;
  // a choice this browser keeps that the server has not heard of (the cookie is missing or says otherwise): the
  // cookie is set and the page asked for once more; with the cookie set, the server's page is final
  const remembered = rememberedLanguage();
  if (remembered && remembered !== served && cookieLanguage() !== remembered) return remembered;
  return null;
}

const toReloadIn = languageToReloadIn();
const isReloading = toReloadIn !== null && reloadIn(toReloadIn, { focusMenu: document.activeElement === menu });

function pick() {
  if (!menu || menu.value === served) return;
  if (!reloadIn(menu.value, { focusMenu: true })) menu.value = served; // cookies refused: the page stays as it is
}
// A pick from the menu's list is taken at once. The arrow keys on a closed menu step through the languages,
// each step a change: the page is sent again once the reader settles on one (Enter, or leaving the menu), not at
// every step, so a keyboard user can pass a language by without the page changing under them (WCAG 3.2.2).
let isSteppingByKeys = false;
menu?.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') {
    if (isSteppingByKeys && menu.value !== served) {
      event.preventDefault();
      pick();
    }
    isSteppingByKeys = false;
  } else if (/^(Arrow|Page|Home$|End$)/.test(event.key) || event.key.length === 1) {
    isSteppingByKeys = true;
  }
});
menu?.addEventListener('change', () => {
  if (!isSteppingByKeys) pick();
});
menu?.addEventListener('blur', () => {
  if (isSteppingByKeys) pick();
  isSteppingByKeys = false;
});
try {
  if (sessionStorage.getItem(MENU_FOCUS)) {
    sessionStorage.removeItem(MENU_FOCUS);
    if (!isReloading) menu?.focus();
  }
} catch {
  // no session storage: nothing was asked to be focused
}

// ── The footer's year: the build's in the drawn page, today's here ──
const yearLine = document.querySelector<HTMLElement>('footer [data-year]');
const thisYear = String(new Date().getFullYear());
if (yearLine?.textContent && yearLine.dataset.year !== thisYear) {
  yearLine.textContent = yearLine.textContent.replace(yearLine.dataset.year!, thisYear);
  yearLine.dataset.year = thisYear;
}

// ── Forms sent before React: held, then sent again ──
// A waitlist form sent before React is attached to it would reload the page (the form has no action): hold it and
// send it again once React handles the form. Once attached, React's own handler has already prevented it. Each
// island is a root of its own, attached a moment after the one before: a submit that still reaches here unhandled
// after its island was attached (React 19 does not replay submits) is held again and sent again in a moment.
let heldForm: HTMLFormElement | null = null;
const attached = new Set<HTMLElement>();
const isAttached = (form: HTMLFormElement) => [...attached].some((container) => container.contains(form));

document.addEventListener('submit', (event) => {
  if (event.defaultPrevented) return;
  event.preventDefault();
  heldForm = event.target as HTMLFormElement;
  if (isAttached(heldForm)) setTimeout(sendHeldForm, 50);
});

function sendHeldForm() {
  const form = heldForm;
  heldForm = null;
  form?.requestSubmit();
}

function onAttached(container: HTMLElement) {
  attached.add(container);
  // from a task of its own, not from inside React's commit
  if (heldForm && container.contains(heldForm)) setTimeout(sendHeldForm);
}

if (!isReloading) {
  requestAnimationFrame(() => {
    setTimeout(() => {
      void import('./hydrate-landing').then(({ hydrateLanding }) => hydrateLanding(document.getElementById('root')!, onAttached));
    });
  });
}
