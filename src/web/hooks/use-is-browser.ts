import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React draws a page at build time (the dashboard the server sends already drawn, decision 035),
 * true in the browser. Controls that need the page's code to work are left out of the drawn page, or drawn
 * disabled: until the app takes over they would do nothing when clicked.
 */
export function useIsBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
