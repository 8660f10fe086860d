/**
 * For a render outside the browser (the build's shell, renderShell.tsx; a page with its data,
 * renderPage.tsx): the header's session (src/lib/authToken.ts) listens for token changes on
 * `window`, so an EventTarget stands in for it during the (synchronous) render only. Nothing
 * fires on it: what is rendered is the logged-out page.
 */
export function withServerWindow<T>(render: () => T): T {
  const g = globalThis as { window?: unknown };
  const hadWindow = 'window' in g;
  if (!hadWindow) g.window = new EventTarget();
  try {
    return render();
  } finally {
    if (!hadWindow) delete g.window;
  }
}
