/**
 * The SPA's HTML for a client-side route (fewer round trips): index.html plus, for
 * the screens a visitor lands on most, `<link rel="modulepreload">` of the screen's chunks and
 * `<link rel="preload" as="fetch">` of its first API calls. The browser then fetches the screen's
 * code and data while it still parses the entry, instead of one round trip after another
 * (HTML → entry → screen chunk → API) — on a phone each of those is 150 ms or more.
 *
 * Invariants: a path value goes into a preload only when it is plain letters and digits (what the
 * SPA itself would request for a hash, an address or a block number), so nothing of the URL
 * reaches the HTML unescaped; the preloaded URLs are exactly the ones the screens' queries build
 * (same credentials mode: `crossorigin` = same-origin cookies, like fetch's default), or the
 * browser fetches twice. Answers are `no-cache` with an ETag of the content.
 *
 * Languages: the build rendered the shell, the skeletons and the titles per language
 * (common/routeSkeleton.ts ShellLanguages); a request for Hindi (`?lang=hi` or the language
 * cookie) gets index.html with the Hindi shell, `<html lang="hi">`, Hindi titles and headings, so
 * nothing shows English before the SPA renders. Its ETag differs, as its content does.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pageSizes, readPage, readSize } from '../../common/pageView';
import { APP_NAME, PAGE_SIZE, TABS } from '../../common/spec';
import {
  SHELL_LANGS,
  SKELETONS_FILE,
  SKELETON_TOKENS,
  shellTitles,
  skeletonOf,
  type ShellLang,
  type ShellLanguages,
  type ShellTitles,
  type SkeletonKind,
} from '../../common/routeSkeleton';
import { API_PREFIX, paths } from '../../common/api/paths';
import { rootStart, withRenderedRoot, type ApiGet, type PageRenderer, type StreamedPage } from './serverRender';

interface ManifestChunk {
  file: string;
  /** The chunk's name: a screen's, or a group's of vite.config.ts ('chart-views'). */
  name?: string;
  imports?: string[];
  css?: string[];
}

interface ShellRoute {
  pattern: RegExp;
  /** The screen's module, a key of dist/.vite/manifest.json. */
  screen: string;
  /** What the screen loads lazily on its first screen, preloaded too: manifest keys, or the name
   *  of a chunk group of vite.config.ts (a module inside a group has no key of its own). */
  lazy?: string[];
  /** API paths (after /api) its first render requests, for the list view the URL asks for. */
  api: (value: string, view: ListView) => string[];
  /** The tab title the screen sets (its PageTitle), so the HTML has it before any JavaScript. */
  title: (value: string, t: ShellTitles) => string;
  /** The server renders the screen with its data (serverRender.ts) rather than its skeleton. */
  rendered?: boolean;
}

/** The calls made on every route: the header's two (useHeaderData) and the name tags (App.tsx). */
const EVERY_ROUTE_API = [paths.rubyPrice(), paths.indexingStatus(), paths.nameTags()];
const SAFE_VALUE = /^[A-Za-z0-9]{1,100}$/;

/** The list view of a URL's query as the screens read it (?page=, ?ps=: common/pageView.ts; ?tab=). */
interface ListView {
  page: number;
  size: number;
  tab: string | null;
}

function listView(search: string): ListView {
  const q = new URLSearchParams(search);
  return { page: readPage(q.get('page')), size: readSize(q.get('ps'), pageSizes(PAGE_SIZE), PAGE_SIZE), tab: q.get('tab') };
}

/** Mirrors src/app/routes.tsx and the screens' first queries (src/features/…Api.ts). */
const SHELL_ROUTES: ShellRoute[] = [
  {
    pattern: /^\/(?:aa)?$/i,
    screen: 'src/features/home/HomePage.tsx',
    // Its two charts (src/ui/charts/lazyCharts.ts; the 'chart-views' group) and their libraries:
    // fetched with the screen instead of after its first render.
    lazy: ['chart-views'],
    title: (_v, t) => t.search,
    rendered: true,
    // The first screen in one call (src/features/home/homeScreenApi.ts).
    api: () => [paths.homeScreen()],
  },
  {
    pattern: /^\/block\/([^/]+)$/i,
    screen: 'src/features/blocks/BlockPage.tsx',
    // BlockPage's heading: the number when the URL has one (a hash waits for the block).
    title: (v, t) => `${t.block}${/^\d+$/.test(v) ? v : ''}`,
    rendered: true,
    // The block, the chain's stats for its confirmations (transactionStats: asked on its first
    // render, its Details show a busy mark until they arrive), and, when the URL names the block
    // by its number, its withdrawals (asked by number once the block is there).
    api: (v) => [paths.block(v), paths.homeData(), ...(/^(0|[1-9]\d*)$/.test(v) ? [paths.blockWithdrawals(v)] : [])],
  },
  {
    pattern: /^\/transaction\/([^/]+)$/i,
    screen: 'src/features/transactions/TransactionPage.tsx',
    title: (_v, t) => t.transaction,
    rendered: true,
    api: (v) => [paths.txData(v)],
  },
  {
    pattern: /^\/address\/([^/]+)$/i,
    screen: 'src/features/addresses/AddressPage.tsx',
    title: (_v, t) => t.address,
    rendered: true,
    // Its first render asks for these two at once (AddressPage: the transactions with the
    // overview, and the counters that decide its tab bar, its contract link and the holdings
    // summary): preloaded, they arrive with the JavaScript instead of a round trip after it.
    // The transactions at the URL's page and size on their tab (the first); the overview reads page 1 under the others.
    api: (v, view) => [
      paths.userTx(
        view.tab === null || view.tab.toLowerCase() === TABS.address[0].toLowerCase()
          ? { address: v, page: view.page, size: view.size }
          : { address: v, page: 1, size: PAGE_SIZE },
      ),
      paths.addressCounters(v),
    ],
  },
  {
    pattern: /^\/allblock$/i,
    screen: 'src/features/blocks/BlocksPage.tsx',
    title: (_v, t) => t.blocks,
    api: (_v, view) => [paths.blocks({ page: view.page, size: view.size })],
  },
  {
    pattern: /^\/alltransactions$/i,
    screen: 'src/features/transactions/AllTransactionsPage.tsx',
    title: (_v, t) => t.allTransactions,
    api: (_v, view) => [paths.allTx({ page: view.page, size: view.size })],
  },
];

export interface ShellPage {
  html: string;
  etag: string;
}

/** One language's HTML parts: index.html with its shell, its skeleton templates, its titles. */
interface LanguageShell {
  template: string;
  plain: ShellPage;
  /** The landing routes' main (src/app/shell/RouteSkeleton.tsx as the build rendered it), if built. */
  skeletons: Partial<Record<SkeletonKind, string>>;
  titles: ShellTitles;
}

export class SpaShell {
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly languages = new Map<ShellLang, LanguageShell>();

  /** `render`: the server's renderer of pages with their data (serverRender.ts), when built. */
  constructor(
    dist: string,
    private readonly render: PageRenderer | null = null,
  ) {
    const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    this.manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
    const skeletonsFile = path.join(dist, '.vite', SKELETONS_FILE);
    const built = fs.existsSync(skeletonsFile) ? (JSON.parse(fs.readFileSync(skeletonsFile, 'utf8')) as ShellLanguages) : {};
    const english = built.en;
    this.languages.set('en', {
      template,
      plain: pageOf(template),
      skeletons: english?.skeletons ?? {},
      titles: english?.titles ?? shellTitles(),
    });
    for (const lang of SHELL_LANGS) {
      const other = built[lang];
      // Another language needs the English shell to swap (the one index.html holds).
      if (lang === 'en' || !other || !english?.shell || !template.includes(english.shell)) continue;
      const localized = template.replace(english.shell, () => other.shell).replace(/<html lang="en"/, `<html lang="${lang}"`);
      this.languages.set(lang, { template: localized, plain: pageOf(localized), skeletons: other.skeletons, titles: other.titles });
    }
  }

  /** The HTML for a request path and its query (the list view its preloads ask for) in a language (English when that one was not built). */
  forPath(pathname: string, lang: ShellLang = 'en', search = ''): ShellPage {
    const shell = this.languages.get(lang) ?? this.languages.get('en');
    if (!shell) throw new Error('SpaShell: no English shell');
    for (const route of SHELL_ROUTES) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      const value = m[1] ?? '';
      if (m[1] !== undefined && !SAFE_VALUE.test(value)) return shell.plain;
      return pageOf(this.withSkeleton(this.withHead(shell, route, value, listView(search)), pathname, shell));
    }
    return shell.plain;
  }

  /**
   * For a screen the server renders (SHELL_ROUTES' `rendered`): the page in two parts, the head at once
   * (the stylesheet and the scripts load while the screen renders) and the rest once rendered,
   * with the answers it came from (main.tsx starts the SPA from them), or, when it cannot be
   * rendered with its data, the skeleton page's rest with its data preloads. Null for any other
   * request (forPath's page).
   */
  rendered(pathname: string, search: string, lang: ShellLang, get: ApiGet): StreamedPage | null {
    const shell = this.languages.get(lang) ?? this.languages.get('en');
    const route = SHELL_ROUTES.find((r) => r.pattern.test(pathname));
    const captured = route?.pattern.exec(pathname)?.[1];
    const value = captured ?? '';
    if (!shell || !route?.rendered || !this.render || (captured !== undefined && !SAFE_VALUE.test(captured))) return null;
    const url = search ? `${pathname}?${search}` : pathname;
    const html = this.withHead(shell, route, value, null);
    const cut = rootStart(html);
    if (cut < 0) return null; // an index.html without #root: nothing to render into
    const body = this.render(url, shell === this.languages.get(lang) ? lang : 'en', get)
      .catch(() => null)
      .then((page) => (page ? withRenderedRoot(html, page).slice(cut) : null))
      .catch(() => null)
      .then((rest) => {
        if (rest !== null) return rest;
        const skeleton = this.forPath(pathname, lang, search).html;
        return `${this.dataLinks(route, value, listView(search))}\n    ${skeleton.slice(rootStart(skeleton))}`;
      });
    return { head: html.slice(0, cut), body };
  }

  /** The template with the route's tab title and preloads (`data`: its API calls too, for that list view). */
  private withHead(shell: LanguageShell, route: ShellRoute, value: string, data: ListView | null): string {
    return shell.template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${route.title(value, shell.titles)} | ${APP_NAME}`)}</title>`)
      .replace('</head>', `${this.links(route, value, data)}</head>`);
  }

  /**
   * The route's skeleton in place of the shell's bare Loading: its heading is in the HTML, and
   * the SPA's first frame (the same skeleton as its route fallback) changes nothing on screen.
   */
  private withSkeleton(html: string, pathname: string, shell: LanguageShell): string {
    const spec = skeletonOf(pathname, shell.titles);
    const template = spec ? shell.skeletons[spec.kind] : undefined;
    if (!spec || !template) return html;
    const main = template
      .replaceAll(SKELETON_TOKENS.heading, escapeHtml(spec.heading))
      .replaceAll(SKELETON_TOKENS.value, escapeHtml(spec.value));
    return html.replace(/(<main\b[^>]*>)[\s\S]*?(<\/main>)/, (_m, open: string, close: string) => `${open}${main}${close}`);
  }

  /** `data`: with the route's API calls preloaded for that list view (null when its data is in the page). */
  private links(route: ShellRoute, value: string, data: ListView | null): string {
    const files = new Set<string>();
    const css = new Set<string>();
    const walk = (key: string) => {
      const chunk = this.manifest[key] ?? Object.values(this.manifest).find((c) => c.name === key);
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const k of chunk.imports ?? []) walk(k);
    };
    walk(route.screen);
    for (const k of route.lazy ?? []) walk(k);
    const out: string[] = [];
    // Skip what index.html already loads (the entry and its static imports).
    const template = this.languages.get('en')?.template ?? '';
    for (const f of files) if (!template.includes(`/${f}"`)) out.push(`<link rel="modulepreload" crossorigin href="/${f}">`);
    // preload, not stylesheet: the shell paints without waiting for the screen's CSS.
    for (const f of css) if (!template.includes(`/${f}"`)) out.push(`<link rel="preload" as="style" crossorigin href="/${f}">`);
    if (data) out.push(this.dataLinks(route, value, data));
    return out.join('\n    ');
  }

  /** Preloads of the route's first API calls (beside the header's). */
  private dataLinks(route: ShellRoute, value: string, view: ListView): string {
    return [...EVERY_ROUTE_API, ...route.api(value, view)]
      .map((p) => `<link rel="preload" as="fetch" crossorigin href="${API_PREFIX}${p}">`)
      .join('\n    ');
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

function pageOf(html: string): ShellPage {
  return { html, etag: `"${crypto.createHash('sha1').update(html).digest('base64url')}"` };
}
