/**
 * A ref callback for a modal popup that is not a dialog (an open select list). Radix hides the rest of the page
 * from assistive technology with aria-hidden and keeps focus inside the popup with a script, but the hidden page
 * is still focusable as far as the DOM says, which screen readers and axe (aria-hidden-focus) take at its word.
 * `inert` makes the rest of the page really unreachable until the popup goes away.
 */
export function inertOutside(node: HTMLElement | null) {
  if (!node) return;
  const made: Element[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element.contains(node) || element.hasAttribute('inert')) continue;
    element.setAttribute('inert', '');
    made.push(element);
  }
  // React 19 calls this when the popup unmounts, before Radix gives focus back to the trigger.
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}
