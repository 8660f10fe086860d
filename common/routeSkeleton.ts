/**
 * Which landing routes get a skeleton of their screen in place of a bare 'Loading...' (issue #17:
 * the page's heading in the served HTML, before any JavaScript). One function for both sides, so
 * the server's HTML (server/api/spaShell.ts, from the build's rendering of
 * src/app/shell/RouteSkeleton.tsx) and the SPA's route fallback (src/app/App.tsx) show the same
 * skeleton for the same path: the search box, the screen's heading, a busy panel; the screen then
 * renders its own in the same places.
 *
 * A value from the URL counts only when it is plain letters and digits (what the screens request
 * for a number, a hash or an address), so the HTML never holds anything else from the URL; a
 * block value also has to be a number or a 32-byte hash (else BlockPage shows its own
 * 'invalid' heading).
 */
import { SCREEN_TITLES, SEARCH } from './spec';

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

/** The skeleton of a path (no query string), or null for a route without one. */
export function skeletonOf(pathname: string): RouteSkeletonSpec | null {
  if (pathname === '/' || pathname === '') return { kind: 'home', heading: SEARCH.title, value: '' };
  if (/^\/aa\/?$/i.test(pathname)) return { kind: 'homeAa', heading: SEARCH.title, value: '' };
  const m = /^\/(block|transaction|address)\/([^/]+)$/i.exec(pathname);
  if (!m || !SAFE_VALUE.test(m[2] ?? '')) return null;
  const value = m[2] ?? '';
  switch (m[1]?.toLowerCase()) {
    case 'block':
      return BLOCK_VALUE.test(value)
        ? { kind: 'block', heading: `${SCREEN_TITLES.block}${/^\d+$/.test(value) ? value : ''}`, value }
        : null;
    case 'transaction':
      return { kind: 'transaction', heading: SCREEN_TITLES.transaction, value };
    default:
      return { kind: 'address', heading: SCREEN_TITLES.address, value };
  }
}

/** Every kind: the build renders one template of each (src/app/shell/renderShell.tsx). */
export const SKELETON_KINDS: readonly SkeletonKind[] = ['home', 'homeAa', 'block', 'transaction', 'address'];

/** Where a template holds the heading and the value (plain letters: React writes them as they are). */
export const SKELETON_TOKENS = { heading: 'RUBYSKELETONHEADING', value: 'RUBYSKELETONVALUE' } as const;

/** The build's templates, beside its manifest: dist/.vite/route-skeletons.json. */
export const SKELETONS_FILE = 'route-skeletons.json';
