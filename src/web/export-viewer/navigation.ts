// Hash routing that keeps back/forward working on file://. Each history entry's state says whether the
// reader got there from inside the viewer (so "Close" can step back instead of leaving the archive when a
// photo was opened from a bookmark) and where they had scrolled to before leaving it.

interface EntryState {
  inside?: boolean;
  scrollY?: number;
}

const state = (): EntryState => (history.state as EntryState | null) ?? {};

let followingLink = false;
/** The state a replaced entry hands on to its successor (stepping through photos). */
let carried: EntryState | undefined;

/**
 * Notes a click on a link inside the viewer: the entry being left keeps its scroll position (written once
 * per click, not on every scroll: browsers throttle replaceState), the next one is marked as reached inside.
 */
export function watchLinks() {
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link?.getAttribute('href')?.startsWith('#/')) return;
      history.replaceState({ ...state(), scrollY: window.scrollY }, '');
      followingLink = true;
    },
    true,
  );
}

/** Call on every hashchange, before showing the new screen. */
export function arrived() {
  if (carried) history.replaceState({ inside: carried.inside }, '');
  else if (followingLink && history.state === null) history.replaceState({ inside: true }, '');
  carried = undefined;
  followingLink = false;
}

/** Where the reader had scrolled to on this entry (0 for a new one). */
export function savedScroll(): number {
  return state().scrollY ?? 0;
}

/** Goes back within the viewer if the reader came from it, else to `fallback`. */
export function goBack(fallback: string) {
  if (state().inside) history.back();
  else replaceWith(fallback);
}

/** Moves to `hash` without adding a history entry, keeping how this entry was reached. */
export function replaceWith(hash: string) {
  carried = state();
  location.replace(hash);
}
