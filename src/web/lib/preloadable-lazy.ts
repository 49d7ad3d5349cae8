import { createElement, lazy, type ComponentType } from 'react';

export type PreloadableComponent<P extends object = object> = ComponentType<P> & {
  /** Fetches the module now; once it has arrived the component renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * React.lazy that renders at once when its module has already arrived. React.lazy suspends on its first render
 * even then (its promise settles a tick later), and the nearest Suspense boundary would flash its fallback:
 * on a page the server sent already drawn (decision 035), a spinner between the drawn page and the same page live.
 * Which of the two it uses is settled at its first render and kept, so no mounted tree is ever swapped.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let rendersDirectly: boolean | undefined;
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    rendersDirectly ??= loaded !== undefined;
    return createElement(rendersDirectly ? loaded! : Lazy, props);
  }
  const preload = () =>
    load().then((component) => {
      loaded = component;
    });
  return Object.assign(Preloadable, { preload });
}
