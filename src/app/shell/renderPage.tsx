/**
 * A landing page rendered on the server with its first data (the data painted before
 * the JavaScript). Built by vite.config.ts (serverRenderBuild) into dist/.ssr/renderPage.js and
 * called by server/api/spaShell.ts for the home, block, transaction and address pages.
 *
 * How: the real App in a fresh store whose queries go to the server's own API in-process
 * (ServerRenderExtra); on the server a query hook starts its query while rendering (api.ts), so
 * each pass renders, waits for the queries that render asked for, and renders again, until a
 * pass asks for nothing new. The answer is the markup of #root and the answers it was rendered
 * from; main.tsx puts those in the SPA's store (upsertQueryEntries: new cache entries, so each
 * endpoint's onCacheEntryAdded follows its live updates as after a fetch) before its first
 * render, which then shows the same page with no request and no skeleton.
 *
 * Invariants: nothing is rendered for a logged-in user (no token reaches the server's store);
 * a page whose queries failed, that is still waiting after the deadline, or whose markup holds a
 * style attribute (the CSP would refuse it) is not rendered (null): the server then sends the
 * skeleton page and the SPA fetches as before. Renders run one at a time (the language is global
 * state of the i18n module), at most MAX_WAITING waiting.
 */
import { renderToString } from 'react-dom/server';
import { API_PREFIX } from '../../../common/api/paths';
import type { ShellLang } from '../../../common/routeSkeleton';
import { setLocale } from '../../lib/i18n/locale';
import { App } from '../App';
import { api, type ServerRenderExtra } from '../api';
import { preloadLandingScreen } from '../routes';
import { makeStore } from '../store';
import { withServerWindow } from './serverWindow';

export interface RenderPageInput {
  /** The request's path and query (`/block/12?tab=1`). */
  url: string;
  lang: ShellLang;
  /** GET of an API path (after /api) on the server itself: status and JSON text. */
  get: (apiPath: string) => Promise<{ status: number; body: string }>;
  /** Give up after this long (ms); the skeleton page is sent instead. */
  deadlineMs?: number;
}

/** One query's answer the page was rendered from, as `api.util.upsertQueryEntries` takes it. */
export interface ServerEntry {
  endpointName: string;
  arg: unknown;
  value: unknown;
}

export interface RenderedPage {
  /** #root's inner HTML. */
  html: string;
  /** The answers the page was rendered from, for main.tsx to put in the SPA's store. */
  state: ServerEntry[];
}

const MAX_PASSES = 6;
/** Renders waiting beyond this many get null at once: under a burst the skeleton page is sent. */
const MAX_WAITING = 4;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

/** Renders one page; null when it cannot be rendered with its data (see the invariants). */
export function renderPage(input: RenderPageInput): Promise<RenderedPage | null> {
  if (waiting >= MAX_WAITING) return Promise.resolve(null);
  waiting++;
  const run = queue.then(() => renderNow(input)).finally(() => waiting--);
  queue = run.catch(() => undefined);
  return run;
}

async function renderNow({ url, lang, get, deadlineMs = 800 }: RenderPageInput): Promise<RenderedPage | null> {
  const [pathname = '/', search = ''] = url.split('?');
  if (!(await preloadLandingScreen(pathname))) return null;
  const extra: ServerRenderExtra = {
    serverFetch: async (input, init) => {
      const request = new Request(input, init);
      const target = new URL(request.url);
      const apiPath = target.pathname.slice(API_PREFIX.length) + target.search;
      const answer = await get(apiPath);
      return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
    },
  };
  const store = makeStore(extra);
  const deadline = Date.now() + deadlineMs;
  await setLocale(lang, { persist: false });
  try {
    let html = '';
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      html = withServerWindow(() => renderToString(<App store={store} ssrPath={pathname} ssrSearch={search} />));
      const running = store.dispatch(api.util.getRunningQueriesThunk());
      if (running.length === 0) break;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settled = await Promise.race([
        Promise.all(running).then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
      if (!settled) return null;
      if (pass === MAX_PASSES - 1) return null; // still asking for more after the last pass
    }
    const queries = Object.values(store.getState()[api.reducerPath].queries);
    if (queries.length === 0 || queries.some((q) => q?.status !== 'fulfilled')) return null;
    if (/\sstyle="/.test(html)) return null;
    const state = queries.flatMap((q): ServerEntry[] =>
      q?.endpointName ? [{ endpointName: q.endpointName, arg: q.originalArgs as unknown, value: q.data }] : [],
    );
    return { html, state };
  } finally {
    store.dispatch(api.util.resetApiState());
    if (lang !== 'en') await setLocale('en', { persist: false });
  }
}
