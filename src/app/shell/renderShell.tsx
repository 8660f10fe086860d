/**
 * The page shell as static HTML, rendered at build time (vite.config.ts, appShell) into
 * index.html's #root, so the first paint is the real layout before any JavaScript has run:
 * price strip, navigation, countdown, a 'Loading...' main area, footer. main.tsx then renders
 * the app into #root, replacing it; its first frame is the same Layout with the same Loading
 * fallback (App.tsx's Suspense), so nothing moves (CLS) and nothing flashes.
 *
 * Invariants: no style="" attribute in the output (the CSP allows only 'self' styles), hence
 * the Loading's height comes from a class (shell.css) and not from its minHeight prop; the
 * location matches no header link, so no link is marked current before the app knows the route.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Router } from 'wouter';
import { Loading } from '../../ui/Loading';
import { Layout } from '../layout/Layout';
import { store } from '../store';

/** Class the shell's Loading box carries (min-height of App.tsx's route fallback). */
export const SHELL_LOADING_CLASS = 'loading--route';

/** Figure spaces: as wide as the countdown's digits, so the real values replace them in place. */
const BLANK_DIGITS = '\u2007\u2007';

export function renderShell(): string {
  // The header's session (src/lib/authToken.ts) listens for token changes on `window`; at build
  // time an EventTarget stands in for it (nothing fires; the shell is the logged-out header).
  const g = globalThis as { window?: unknown };
  const hadWindow = 'window' in g;
  if (!hadWindow) g.window = new EventTarget();
  try {
    return shellMarkup();
  } finally {
    if (!hadWindow) delete g.window;
  }
}

function shellMarkup(): string {
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <Router ssrPath="/__shell">
        <Layout price={{}} indexing={null}>
          <Loading className={SHELL_LOADING_CLASS} />
        </Layout>
      </Router>
    </Provider>,
  );
  // The countdown was computed at build time: blank it until the app shows the real one.
  const out = html.replace(/(<span class="countdown__value"[^>]*>)\d+(<\/span>)/g, `$1${BLANK_DIGITS}$2`);
  if (/\sstyle="/.test(out)) throw new Error('the app shell has a style attribute, which the CSP would block');
  return out;
}
