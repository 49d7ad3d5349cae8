// Hash routing that keeps back/forward working on file://. Entries the reader reached inside the viewer
// are marked in history.state, so "Close" can step back to where they came from instead of leaving the
// archive when a photo was opened straight from a bookmark.

export function markInside() {
  if (!history.state?.heirloom) history.replaceState({ heirloom: true }, '');
}

/** Goes back within the viewer if possible, else to `fallback`. */
export function goBack(fallback: string) {
  if (history.state?.heirloom && history.length > 1) history.back();
  else location.replace(fallback);
}

/** Moves to `hash` without adding a history entry (stepping through photos). */
export function replaceWith(hash: string) {
  location.replace(hash);
}
