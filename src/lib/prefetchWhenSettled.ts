/**
 * Runs `prefetch` once the page has settled (fewer requests before the data): after
 * the window's load event, then `delayMs`, then an idle moment; or at once on the first key or
 * pointer press, when the visitor may be about to need it. Before, an idle callback fired while
 * the page still waited on the network, and the prefetch was among the requests made before the
 * page's data showed. Returns the cancel function (for an effect's cleanup).
 */
export function prefetchWhenSettled(prefetch: () => void, delayMs = 2_000): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    prefetch();
  };
  const afterLoad = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 5_000 });
      else run();
    }, delayMs);
  };
  const cancel = () => {
    window.removeEventListener('load', afterLoad);
    window.removeEventListener('keydown', run, true);
    window.removeEventListener('pointerdown', run, true);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
  window.addEventListener('keydown', run, true);
  window.addEventListener('pointerdown', run, true);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    done = true;
    cancel();
  };
}
