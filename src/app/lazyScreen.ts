import { createElement, lazy, type ComponentType } from 'react';

/** Re-arms screens whose chunk failed to load; called by the error boundary's Retry. */
const failedResets = new Set<() => void>();

export function retryFailedScreens(): void {
  for (const reset of failedResets) reset();
  failedResets.clear();
}

/**
 * React.lazy per route (one chunk per screen), retryable: React.lazy caches a rejected import
 * forever, so after a failure we swap in a fresh lazy component that imports again.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const importIt = () =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        failedResets.add(reset);
        throw error;
      },
    );
  let Lazy = lazy(importIt);
  function reset() {
    Lazy = lazy(importIt);
  }
  function Screen(props: P) {
    return createElement(Lazy, props);
  }
  return Screen;
}
