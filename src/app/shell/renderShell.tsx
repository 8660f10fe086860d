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
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Router } from 'wouter';
import {
  SHELL_LANGS,
  SKELETON_KINDS,
  SKELETON_TOKENS,
  shellTitles,
  type ShellLanguages,
  type SkeletonKind,
} from '../../../common/routeSkeleton';
import { setLocale } from '../../lib/i18n/locale';
import { Loading } from '../../ui/Loading';
import { Layout } from '../layout/Layout';
import { makeStore } from '../store';
import { RouteSkeleton } from './RouteSkeleton';
import { withServerWindow } from './serverWindow';

/** Class the shell's Loading box carries (min-height of App.tsx's route fallback). */
export const SHELL_LOADING_CLASS = 'loading--route';

/** Figure spaces: as wide as the countdown's digits, so the real values replace them in place. */
const BLANK_DIGITS = '\u2007\u2007';

export function renderShell(): string {
  return withServerWindow(shellMarkup);
}

/**
 * The main of each landing route's skeleton (RouteSkeleton), with SKELETON_TOKENS where the
 * heading and the URL's value go: the server fills them per request (server/api/spaShell.ts).
 */
export function renderSkeletons(): Record<SkeletonKind, string> {
  return withServerWindow(() => {
    const out = {} as Record<SkeletonKind, string>;
    for (const kind of SKELETON_KINDS)
      out[kind] = staticMarkup(<RouteSkeleton skeleton={{ kind, heading: SKELETON_TOKENS.heading, value: SKELETON_TOKENS.value }} />);
    return out;
  });
}

/**
 * The shell, the skeletons and the served titles in every language, each rendered
 * with that language active, as the SPA's first frame in it would be; English active again after.
 */
export async function renderShellLanguages(): Promise<ShellLanguages> {
  const out: ShellLanguages = {};
  try {
    for (const lang of SHELL_LANGS) {
      await setLocale(lang, { persist: false });
      out[lang] = { shell: renderShell(), skeletons: renderSkeletons(), titles: shellTitles() };
    }
  } finally {
    await setLocale('en', { persist: false });
  }
  return out;
}

function staticMarkup(element: ReactElement): string {
  const html = renderToStaticMarkup(element);
  if (/\sstyle="/.test(html)) throw new Error('the app shell has a style attribute, which the CSP would block');
  return html;
}

/**
 * The shell's store: a query hook starts its query while the server renders (src/app/api.ts),
 * and the shell is the page before any data, so its API answers nothing (no request is made).
 */
const shellStore = makeStore({ serverFetch: () => Promise.resolve(new Response(null, { status: 503 })) });

function shellMarkup(): string {
  const html = staticMarkup(
    <Provider store={shellStore}>
      <Router ssrPath="/__shell">
        <Layout price={{}} indexing={null}>
          <Loading className={SHELL_LOADING_CLASS} />
        </Layout>
      </Router>
    </Provider>,
  );
  // The countdown was computed at build time: blank it until the app shows the real one.
  return html.replace(/(<span class="countdown__value"[^>]*>)\d+(<\/span>)/g, `$1${BLANK_DIGITS}$2`);
}
