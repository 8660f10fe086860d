import { createElement, lazy, useState, type ComponentType } from 'react';

/** Re-arms the components (screens, charts) whose chunk failed to load; called by the error boundary's Retry. */
const failedResets = new Set<() => void>();

export function retryFailedLoads(): void {
  for (const reset of failedResets) reset();
  failedResets.clear();
}

/** A component in its own chunk (a route's screen, a chart): rendered lazily, loadable ahead of its first render. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Loads the screen's code; once it has resolved, the screen renders without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy (one chunk per screen or chart), retryable: React.lazy caches a rejected import
 * forever, so after a failure we swap in a fresh lazy component that imports again. Once loaded
 * (by `preload` or by a render), the component renders directly: a page rendered by the server
 * is rendered again by the SPA's first frame with the same content, not with a
 * skeleton or 'Loading...' while React.lazy resolves an import that has already resolved.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        failedResets.add(reset);
        throw error;
      },
    );
    return pending;
  };
  const importIt = () => loadOnce().then((component) => ({ default: component }));
  let Lazy = lazy(importIt);
  function reset() {
    Lazy = lazy(importIt);
  }
  function Screen(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the page.
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  return Object.assign(Screen, { preload: loadOnce });
}
