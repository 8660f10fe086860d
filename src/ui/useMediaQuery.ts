import { useCallback, useSyncExternalStore } from 'react';

/** Phones and small tablets get card lists instead of tables. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether a media query matches; false where matchMedia does not exist (jsdom, old browsers). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, get, () => false);
}

/**
 * Under 768 px: true or false in the browser; null while the server renders a page
 * (src/app/shell/renderPage.tsx), which cannot know the screen: a component then renders both
 * layouts, each in a `vp-wide` / `vp-narrow` box that the stylesheet shows at its width
 * (styles/layout.css), so the server's page looks like the SPA's first frame at any width.
 */
export function useNarrow(): boolean | null {
  const narrow = useMediaQuery(MOBILE_QUERY);
  return import.meta.env.SSR ? null : narrow;
}
