/**
 * Which landing routes get a skeleton of their screen in place of a bare 'Loading...' (the
 * page's heading in the served HTML, before any JavaScript). One function for both sides, so
 * the server's HTML (server/api/spaShell.ts, from the build's rendering of
 * src/app/shell/RouteSkeleton.tsx) and the SPA's route fallback (src/app/App.tsx) show the same
 * skeleton for the same path: the search box, the screen's heading, a busy panel; the screen then
 * renders its own in the same places.
 *
 * A value from the URL counts only when it is plain letters and digits (what the screens request
 * for a number, a hash or an address), so the HTML never holds anything else from the URL; a
 * block value also has to be a number or a 32-byte hash (else BlockPage shows its own
 * 'invalid' heading).
 *
 * Languages: the build renders the shell and the skeletons once per language
 * (ShellLanguages, in SKELETONS_FILE) and the server picks the request's language (shellLangOf:
 * `?lang=`, else the `ruby.lang` cookie the SPA sets beside its stored choice), so a Hindi page's
 * HTML is Hindi before any JavaScript.
 */
import { SCREEN_TITLES, SEARCH } from './spec.ts';

/** The languages the served HTML comes in (src/lib/i18n/locale.ts LOCALES); English is the default. */
export const SHELL_LANGS = ['en', 'hi'] as const;
export type ShellLang = (typeof SHELL_LANGS)[number];
/** The id of the script element holding a server-rendered page's API state (server/api/serverRender.ts, src/main.tsx). */
export const SERVER_STATE_ID = 'ruby-server-state';
/** The cookie holding the interface language (set by src/lib/i18n/locale.ts, read by the server). */
export const LANG_COOKIE = 'ruby.lang';

/** The titles the served HTML holds (tab titles, skeleton headings), read in the active language. */
export interface ShellTitles {
  search: string;
  block: string;
  transaction: string;
  address: string;
  blocks: string;
  allTransactions: string;
}

export function shellTitles(): ShellTitles {
  return {
    search: SEARCH.title,
    block: SCREEN_TITLES.block,
    transaction: SCREEN_TITLES.transaction,
    address: SCREEN_TITLES.address,
    blocks: SCREEN_TITLES.blocks,
    allTransactions: SCREEN_TITLES.allTransactions,
  };
}

export type SkeletonKind = 'home' | 'homeAa' | 'block' | 'transaction' | 'address';

export interface RouteSkeletonSpec {
  kind: SkeletonKind;
  /** The screen's h1 as it renders it before its data ('Block #12', 'Transaction Detail'). */
  heading: string;
  /** The URL's value (block number or hash, transaction hash, address), '' on home. */
  value: string;
}

const SAFE_VALUE = /^[A-Za-z0-9]{1,100}$/;
const BLOCK_VALUE = /^(\d+|0x[0-9a-fA-F]{64})$/;

/** The skeleton of a path (no query string), or null for a route without one; headings in the active language unless given. */
export function skeletonOf(pathname: string, titles: ShellTitles = shellTitles()): RouteSkeletonSpec | null {
  if (pathname === '/' || pathname === '') return { kind: 'home', heading: titles.search, value: '' };
  if (/^\/aa\/?$/i.test(pathname)) return { kind: 'homeAa', heading: titles.search, value: '' };
  const m = /^\/(block|transaction|address)\/([^/]+)$/i.exec(pathname);
  if (!m || !SAFE_VALUE.test(m[2] ?? '')) return null;
  const value = m[2] ?? '';
  switch (m[1]?.toLowerCase()) {
    case 'block':
      return BLOCK_VALUE.test(value) ? { kind: 'block', heading: `${titles.block}${/^\d+$/.test(value) ? value : ''}`, value } : null;
    case 'transaction':
      return { kind: 'transaction', heading: titles.transaction, value };
    default:
      return { kind: 'address', heading: titles.address, value };
  }
}

/** Every kind: the build renders one template of each (src/app/shell/renderShell.tsx). */
export const SKELETON_KINDS: readonly SkeletonKind[] = ['home', 'homeAa', 'block', 'transaction', 'address'];

/** Where a template holds the heading and the value (plain letters: React writes them as they are). */
export const SKELETON_TOKENS = { heading: 'RUBYSKELETONHEADING', value: 'RUBYSKELETONVALUE' } as const;

/** One language's part of the build's output: its #root shell, its skeleton templates, its titles. */
export interface ShellLanguage {
  /** index.html's #root content (src/app/shell/renderShell.tsx) in this language. */
  shell: string;
  skeletons: Partial<Record<SkeletonKind, string>>;
  titles: ShellTitles;
}
export type ShellLanguages = Partial<Record<ShellLang, ShellLanguage>>;

/** The build's shells and templates per language, beside its manifest: dist/.vite/route-skeletons.json. */
export const SKELETONS_FILE = 'route-skeletons.json';

function isShellLang(value: unknown): value is ShellLang {
  return typeof value === 'string' && (SHELL_LANGS as readonly string[]).includes(value);
}

/** The language a request asks for: a valid `?lang=`, else the language cookie, else English. */
export function shellLangOf(search: string, cookieHeader: string | undefined): ShellLang {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isShellLang(fromUrl)) return fromUrl;
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LANG_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (isShellLang(value)) return value;
  }
  return 'en';
}
